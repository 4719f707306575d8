// The dashboard's and `status`'s figures over the event log. Every query is bounded.

import type { DB } from '../db.js';
import { stmt } from './write.js';

/** Events per type, over all time. */
export function eventTypeTotals(db: DB): Record<string, number> {
  return Object.fromEntries(
    (
      stmt(db, 'SELECT type, count(*) AS n FROM events GROUP BY type').all() as { type: string; n: number }[]
    ).map((r) => [r.type, r.n]),
  );
}
/** How many distinct sessions and projects the log holds. */
export function distinctCounts(db: DB): { sessions: number; projects: number } {
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
  return { sessions, projects };
}
/** tool_use and tool_error events per UTC day (YYYY-MM-DD) since `since`. */
export function toolCallsPerDay(db: DB, since: string): { day: string; type: string; n: number }[] {
  return stmt(
    db,
    `SELECT substr(ts, 1, 10) AS day, type, count(*) AS n FROM events
     WHERE type IN ('tool_use', 'tool_error') AND ts >= ? GROUP BY day, type`,
  ).all(since) as { day: string; type: string; n: number }[];
}
/** The most frequent normalized errors since `since` (at most 8). */
export function topErrorsSince(db: DB, since: string): { error: string; n: number }[] {
  return stmt(
    db,
    `SELECT json_extract(data, '$.error') AS error, count(*) AS n FROM events
     WHERE type = 'tool_error' AND ts >= ? AND json_extract(data, '$.error') IS NOT NULL
     GROUP BY error ORDER BY n DESC LIMIT 8`,
  ).all(since) as { error: string; n: number }[];
}
/** Subagent runs by outcome (subagent_stop success 1 / 0), over all time. */
export function subagentOutcomeTotals(db: DB): { ok: number; failed: number } {
  return stmt(
    db,
    `SELECT coalesce(sum(json_extract(data, '$.success') = 1), 0) AS ok,
            coalesce(sum(json_extract(data, '$.success') = 0), 0) AS failed
     FROM events WHERE type = 'subagent_stop'`,
  ).get() as { ok: number; failed: number };
}
/** Per session: project, first/last event and counts; most recent activity first. */
export function sessionRollups<T>(db: DB, o: { limit: number; project?: string }): T[] {
  const where = o.project ? 'WHERE session_id IS NOT NULL AND project = ?' : 'WHERE session_id IS NOT NULL';
  return stmt(
    db,
    `SELECT session_id AS sessionId, max(project) AS project, max(project_path) AS projectPath,
            min(ts) AS first, max(ts) AS last,
            sum(type = 'prompt') AS prompts, sum(type IN ('tool_use', 'tool_error')) AS toolCalls,
            sum(type = 'tool_error') AS errors, sum(type = 'subagent_stop') AS subagents
     FROM events ${where} GROUP BY session_id ORDER BY last DESC LIMIT ${Math.max(1, Math.floor(o.limit))}`,
  ).all(...(o.project ? [o.project] : [])) as T[];
}
/** Projects seen in the log, with the folder last recorded for each (newest first). */
export function projectsWithPaths(
  db: DB,
  limit: number,
): { project: string; path: string | null; last: string }[] {
  return stmt(
    db,
    `SELECT project, max(ts) AS last,
            (SELECT e2.project_path FROM events e2 WHERE e2.project = e.project AND e2.project_path IS NOT NULL
             ORDER BY e2.ts DESC LIMIT 1) AS path
     FROM events e WHERE project IS NOT NULL GROUP BY project ORDER BY last DESC LIMIT ${Math.max(1, Math.floor(limit))}`,
  ).all() as { project: string; path: string | null; last: string }[];
}
/**
 * What the newest `sessions` hook_timing events hold: their samples (at most 20000), how many of
 * them have samples, and their per-event stats.
 */
export function hookTimingRecent(
  db: DB,
  sessions: number,
): {
  samples: unknown[];
  sessions: number;
  byEvent: { ev: string; n: unknown; p50: unknown; p95: unknown; max: unknown }[];
} {
  const recent = `SELECT id, data FROM events WHERE type = 'hook_timing' ORDER BY ts DESC, id DESC LIMIT ${Math.max(1, Math.floor(sessions))}`;
  const samples = (
    stmt(
      db,
      `SELECT j.value AS ms FROM (${recent}) e, json_each(e.data, '$.samples') j
       WHERE j.type IN ('integer', 'real') LIMIT 20000`,
    ).all() as { ms: unknown }[]
  ).map((r) => r.ms);
  if (samples.length === 0) return { samples, sessions: 0, byEvent: [] };
  const n = (
    stmt(
      db,
      `SELECT count(*) AS n FROM (${recent}) e WHERE json_array_length(e.data, '$.samples') > 0`,
    ).get() as {
      n: number;
    }
  ).n;
  const byEvent = stmt(
    db,
    `SELECT j.key AS ev, json_extract(j.value, '$.n') AS n, json_extract(j.value, '$.p50') AS p50,
            json_extract(j.value, '$.p95') AS p95, json_extract(j.value, '$.max') AS max
     FROM (${recent}) e, json_each(e.data, '$.byEvent') j WHERE j.type = 'object' LIMIT 20000`,
  ).all() as { ev: string; n: unknown; p50: unknown; p95: unknown; max: unknown }[];
  return { samples, sessions: n, byEvent };
}
