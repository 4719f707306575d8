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

/**
 * Hook latency, when it is recorded: events of type `hook_timing` with `data.ms` (none are written
 * yet; the warm-path work records them). Null when nothing is recorded.
 */
export function hookLatency(db: DB): { n: number; p50: number; p95: number; max: number } | null {
  const ms = (
    stmt(
      db,
      `SELECT json_extract(data, '$.ms') AS ms FROM events WHERE type = 'hook_timing'
       AND json_extract(data, '$.ms') IS NOT NULL ORDER BY ts DESC LIMIT 2000`,
    ).all() as { ms: number }[]
  )
    .map((r) => Number(r.ms))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
  if (ms.length === 0) return null;
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
  return { n: ms.length, p50: q(0.5), p95: q(0.95), max: ms[ms.length - 1]! };
}
