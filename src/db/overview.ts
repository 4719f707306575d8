// Read-only summaries of the event log for the dashboard (`self-gen ui`): totals, activity per
// day, sessions, one session's timeline and its subagents. Every query is bounded (LIMIT).
import type { DB } from './db.js';
import { type EventRow } from './events/write.js';
import { hookTimingRecent } from './events/dashboard.js';
import { projectsWithPaths } from './events/dashboard.js';
import { sessionRollups } from './events/dashboard.js';
import { subagentOutcomeTotals } from './events/dashboard.js';
import { topErrorsSince } from './events/dashboard.js';
import { toolCallsPerDay } from './events/dashboard.js';
import { distinctCounts } from './events/dashboard.js';
import { eventTypeTotals } from './events/dashboard.js';
import { queryEvents } from './events/read.js';

export interface Overview {
  sessions: number;
  prompts: number;
  /** Tool calls, failed ones included: tool_use (succeeded) + tool_error (failed) events. */
  toolCalls: number;
  /** Failed tool calls (tool_error events). */
  errors: number;
  subagents: number;
  resolutions: number;
  projects: number;
  /** Activity per UTC day, oldest first, `days` entries (days without events are 0); toolCalls includes errors. */
  perDay: { day: string; toolCalls: number; errors: number }[];
  /** The most frequent normalized errors in the window. */
  topErrors: { error: string; n: number }[];
  /** Subagent runs by outcome (from subagent_stop). */
  subagentOutcomes: { ok: number; failed: number };
}

/** Totals over all time, and activity over the last `days` days. */
export function overviewStats(db: DB, o: { days?: number; now?: Date } = {}): Overview {
  const days = Math.max(1, Math.min(o.days ?? 14, 365));
  const now = o.now ?? new Date();
  const byType = eventTypeTotals(db);
  const { sessions, projects } = distinctCounts(db);
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * 86400_000,
  );
  const since = start.toISOString();
  const rows = toolCallsPerDay(db, since);
  const perDay: Overview['perDay'] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(start.getTime() + i * 86400_000).toISOString().slice(0, 10);
    const at = (t: string) => rows.find((r) => r.day === day && r.type === t)?.n ?? 0;
    perDay.push({ day, toolCalls: at('tool_use') + at('tool_error'), errors: at('tool_error') });
  }
  const topErrors = topErrorsSince(db, since);
  const oc = subagentOutcomeTotals(db);
  return {
    sessions,
    prompts: byType.prompt ?? 0,
    toolCalls: (byType.tool_use ?? 0) + (byType.tool_error ?? 0),
    errors: byType.tool_error ?? 0,
    subagents: byType.subagent_stop ?? 0,
    resolutions: byType.resolution ?? 0,
    projects,
    perDay,
    topErrors,
    subagentOutcomes: oc,
  };
}

export interface SessionSummary {
  sessionId: string;
  project: string | null;
  projectPath: string | null;
  first: string;
  last: string;
  prompts: number;
  /** Tool calls, failed ones included. */
  toolCalls: number;
  /** Failed tool calls. */
  errors: number;
  subagents: number;
}

/** Sessions, most recent activity first. */
export function listSessionSummaries(db: DB, o: { limit?: number; project?: string } = {}): SessionSummary[] {
  const limit = Math.max(1, Math.min(o.limit ?? 50, 500));
  return sessionRollups<SessionSummary>(db, { limit, ...(o.project ? { project: o.project } : {}) });
}

/** One session's events, oldest first (at most `limit`, the newest ones). */
export function sessionTimeline(db: DB, sessionId: string, limit = 500): EventRow[] {
  return queryEvents(db, { sessionId, limit }).reverse();
}

export interface SubagentRun {
  agentId: string | null;
  agentType: string | null;
  ts: string;
  success: boolean;
  failureReason: string | null;
  durationMs: number | null;
}

/** The subagents of a session with their outcome (one per subagent_stop). */
export function sessionSubagents(db: DB, sessionId: string): SubagentRun[] {
  return queryEvents(db, { sessionId, type: 'subagent_stop', limit: 200 })
    .reverse()
    .map((e) => ({
      agentId: typeof e.data.agentId === 'string' ? e.data.agentId : null,
      agentType: typeof e.data.agentType === 'string' ? e.data.agentType : null,
      ts: e.ts,
      success: e.data.success === 1,
      failureReason: typeof e.data.failureReason === 'string' ? e.data.failureReason : null,
      durationMs: typeof e.data.durationMs === 'number' ? e.data.durationMs : null,
    }));
}

/** Projects seen in the log, with the folder last recorded for each (newest first). */
export function knownProjects(db: DB, limit = 50): { project: string; path: string | null; last: string }[] {
  return projectsWithPaths(db, limit);
}

export interface HookLatency {
  /** Hook runs measured (samples of the sessions read). */
  n: number;
  p50: number;
  p95: number;
  max: number;
  /** Sessions the samples come from. */
  sessions: number;
  /** Per hook event: runs, p50, p95 and max over the same sessions. */
  byEvent: Record<string, { n: number; p50: number; p95: number; max: number }>;
}

const nearestRank = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

function stats(ms: number[]): { n: number; p50: number; p95: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: nearestRank(s, 0.5), p95: nearestRank(s, 0.95), max: s[s.length - 1]! };
}

/**
 * Hook latency as Claude Code measured it: the `samples` (ms) of the most recent `hook_timing`
 * events (one per session, written by the session-end job from the transcript; at most `sessions`
 * of them, and at most 20000 samples). Per event: the per-session maxima are kept exact; the p50 and
 * p95 there are the sample-weighted median of the sessions' own percentiles (cheap, and close).
 * Null when nothing is recorded.
 */
export function hookLatency(db: DB, o: { sessions?: number } = {}): HookLatency | null {
  const limit = Math.max(1, Math.min(o.sessions ?? 100, 1000));
  const recent = hookTimingRecent(db, limit);
  const ms = recent.samples.map((v) => Number(v)).filter((n) => Number.isFinite(n));
  if (ms.length === 0) return null;
  const sessions = recent.sessions;
  const rows = recent.byEvent as { ev: string; n: number; p50: number; p95: number; max: number }[];
  const grouped = new Map<string, typeof rows>();
  for (const r of rows) {
    if (![r.n, r.p50, r.p95, r.max].every((v) => typeof v === 'number' && Number.isFinite(v)) || r.n <= 0)
      continue;
    let g = grouped.get(r.ev);
    if (!g) grouped.set(r.ev, (g = []));
    g.push(r);
  }
  const weighted = (g: typeof rows, k: 'p50' | 'p95') => {
    const s = [...g].sort((a, b) => a[k] - b[k]);
    const total = s.reduce((x, r) => x + r.n, 0);
    let acc = 0;
    for (const r of s) if ((acc += r.n) * 2 >= total) return r[k];
    return s[s.length - 1]![k];
  };
  const byEvent: HookLatency['byEvent'] = {};
  for (const [ev, g] of [...grouped].sort(([a], [b]) => a.localeCompare(b))) {
    if (g.length === 1) byEvent[ev] = { n: g[0]!.n, p50: g[0]!.p50, p95: g[0]!.p95, max: g[0]!.max };
    else
      byEvent[ev] = {
        n: g.reduce((x, r) => x + r.n, 0),
        p50: weighted(g, 'p50'),
        p95: weighted(g, 'p95'),
        max: Math.max(...g.map((r) => r.max)),
      };
  }
  return { ...stats(ms), sessions, byEvent };
}
