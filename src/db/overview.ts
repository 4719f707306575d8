// Read-only summaries of the event log for the dashboard (`self-gen ui`): totals, activity per
// day, sessions, one session's timeline and its subagents. Every query is bounded (LIMIT).
import type { DB } from './db.js';
import { queryEvents, stmt, type EventRow } from './events.js';

export interface Overview {
  sessions: number;
  prompts: number;
  toolCalls: number;
  errors: number;
  subagents: number;
  resolutions: number;
  projects: number;
  /** Activity per UTC day, oldest first, `days` entries (days without events are 0). */
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
  const byType = Object.fromEntries(
    (
      stmt(db, 'SELECT type, count(*) AS n FROM events GROUP BY type').all() as { type: string; n: number }[]
    ).map((r) => [r.type, r.n]),
  ) as Record<string, number>;
  const sessions = (
    stmt(db, 'SELECT count(DISTINCT session_id) AS n FROM events WHERE session_id IS NOT NULL').get() as {
      n: number;
    }
  ).n;
  const projects = (
    stmt(db, 'SELECT count(DISTINCT project) AS n FROM events WHERE project IS NOT NULL').get() as {
      n: number;
    }
  ).n;
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * 86400_000,
  );
  const since = start.toISOString();
  const rows = stmt(
    db,
    `SELECT substr(ts, 1, 10) AS day, type, count(*) AS n FROM events
     WHERE type IN ('tool_use', 'tool_error') AND ts >= ? GROUP BY day, type`,
  ).all(since) as { day: string; type: string; n: number }[];
  const perDay: Overview['perDay'] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(start.getTime() + i * 86400_000).toISOString().slice(0, 10);
    const at = (t: string) => rows.find((r) => r.day === day && r.type === t)?.n ?? 0;
    perDay.push({ day, toolCalls: at('tool_use'), errors: at('tool_error') });
  }
  const topErrors = stmt(
    db,
    `SELECT json_extract(data, '$.error') AS error, count(*) AS n FROM events
     WHERE type = 'tool_error' AND ts >= ? AND json_extract(data, '$.error') IS NOT NULL
     GROUP BY error ORDER BY n DESC LIMIT 8`,
  ).all(since) as { error: string; n: number }[];
  const oc = stmt(
    db,
    `SELECT coalesce(sum(json_extract(data, '$.success') = 1), 0) AS ok,
            coalesce(sum(json_extract(data, '$.success') = 0), 0) AS failed
     FROM events WHERE type = 'subagent_stop'`,
  ).get() as { ok: number; failed: number };
  return {
    sessions,
    prompts: byType.prompt ?? 0,
    toolCalls: byType.tool_use ?? 0,
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
  toolCalls: number;
  errors: number;
  subagents: number;
}

/** Sessions, most recent activity first. */
export function listSessionSummaries(db: DB, o: { limit?: number; project?: string } = {}): SessionSummary[] {
  const limit = Math.max(1, Math.min(o.limit ?? 50, 500));
  const where = o.project ? 'WHERE session_id IS NOT NULL AND project = ?' : 'WHERE session_id IS NOT NULL';
  return stmt(
    db,
    `SELECT session_id AS sessionId, max(project) AS project, max(project_path) AS projectPath,
            min(ts) AS first, max(ts) AS last,
            sum(type = 'prompt') AS prompts, sum(type = 'tool_use') AS toolCalls,
            sum(type = 'tool_error') AS errors, sum(type = 'subagent_stop') AS subagents
     FROM events ${where} GROUP BY session_id ORDER BY last DESC LIMIT ${limit}`,
  ).all(...(o.project ? [o.project] : [])) as SessionSummary[];
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
  return stmt(
    db,
    `SELECT project, max(ts) AS last,
            (SELECT e2.project_path FROM events e2 WHERE e2.project = e.project AND e2.project_path IS NOT NULL
             ORDER BY e2.ts DESC LIMIT 1) AS path
     FROM events e WHERE project IS NOT NULL GROUP BY project ORDER BY last DESC LIMIT ${Math.max(1, limit)}`,
  ).all() as { project: string; path: string | null; last: string }[];
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
  const recent = `SELECT id, data FROM events WHERE type = 'hook_timing' ORDER BY ts DESC, id DESC LIMIT ${limit}`;
  const ms = (
    stmt(
      db,
      `SELECT j.value AS ms FROM (${recent}) e, json_each(e.data, '$.samples') j
       WHERE j.type IN ('integer', 'real') LIMIT 20000`,
    ).all() as { ms: number }[]
  )
    .map((r) => Number(r.ms))
    .filter((n) => Number.isFinite(n));
  if (ms.length === 0) return null;
  const sessions = (
    stmt(
      db,
      `SELECT count(*) AS n FROM (${recent}) e WHERE json_array_length(e.data, '$.samples') > 0`,
    ).get() as {
      n: number;
    }
  ).n;
  const rows = stmt(
    db,
    `SELECT j.key AS ev, json_extract(j.value, '$.n') AS n, json_extract(j.value, '$.p50') AS p50,
            json_extract(j.value, '$.p95') AS p95, json_extract(j.value, '$.max') AS max
     FROM (${recent}) e, json_each(e.data, '$.byEvent') j WHERE j.type = 'object' LIMIT 20000`,
  ).all() as { ev: string; n: number; p50: number; p95: number; max: number }[];
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
