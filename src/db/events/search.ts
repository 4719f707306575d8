// Full-text search over the event log (orchestrator memory, MCP, history search).

import type { DB } from '../db.js';
import type { EventType } from '../event-data.js';
import { stmt, type EventRow } from './write.js';
import { parseEventData, parseRow } from './read.js';

/** Full-text search (an FTS5 MATCH expression) over one project's events of some types, best first. */
export function searchProjectEvents(
  db: DB,
  o: { match: string; projectPath: string; types: EventType[]; limit: number },
): { type: string; ts: string; data: Record<string, unknown> }[] {
  const rows = db
    .prepare(
      `SELECT e.type, e.ts, e.data FROM events_fts f JOIN events e ON e.id = f.rowid
       WHERE events_fts MATCH ? AND e.project_path = ? AND e.type IN (${o.types.map(() => '?').join(',')})
       ORDER BY rank LIMIT ?`,
    )
    .all(o.match, o.projectPath, ...o.types, o.limit) as { type: string; ts: string; data: string }[];
  return rows.map((r) => ({
    type: r.type,
    ts: r.ts,
    data: parseEventData(r.data) as Record<string, unknown>,
  }));
}
export const ROW_COLS = 'e.id, e.v, e.type, e.ts, e.session_id, e.project, e.project_path, e.data';
/**
 * History search (db/history.ts): full-text (an FTS5 MATCH expression) over the events of some types,
 * in one project folder or in all (null); best match first, then newest.
 */
export function searchEventText(
  db: DB,
  o: { match: string; projectPath: string | null; types: readonly string[]; limit: number },
): EventRow[] {
  const inProject = o.projectPath === null ? '' : 'AND e.project_path = ?';
  const rows = stmt(
    db,
    `SELECT ${ROW_COLS} FROM events_fts f JOIN events e ON e.id = f.rowid
     WHERE events_fts MATCH ? ${inProject} AND e.type IN (${o.types.map(() => '?').join(',')})
     ORDER BY rank, e.ts DESC, e.id DESC LIMIT ${Math.max(1, Math.min(Math.floor(o.limit), 500))}`,
  ).all(o.match, ...(o.projectPath === null ? [] : [o.projectPath]), ...o.types) as (Omit<
    EventRow,
    'data'
  > & {
    data: string;
  })[];
  return rows.map(parseRow);
}
/** A session's events around one event (by time): up to `before` earlier ones, it, up to `after` later; oldest first. */
export function sessionEventsAround(
  db: DB,
  o: { sessionId: string; ts: string; id: number; before: number; after: number },
): EventRow[] {
  const n = (v: number) => Math.max(0, Math.min(Math.floor(v), 200));
  type Raw = Omit<EventRow, 'data'> & { data: string };
  const earlier = stmt(
    db,
    `SELECT ${ROW_COLS} FROM events e WHERE e.session_id = ? AND (e.ts < ? OR (e.ts = ? AND e.id < ?))
     ORDER BY e.ts DESC, e.id DESC LIMIT ${n(o.before)}`,
  ).all(o.sessionId, o.ts, o.ts, o.id) as Raw[];
  const later = stmt(
    db,
    `SELECT ${ROW_COLS} FROM events e WHERE e.session_id = ? AND (e.ts > ? OR (e.ts = ? AND e.id >= ?))
     ORDER BY e.ts, e.id LIMIT ${n(o.after) + 1}`,
  ).all(o.sessionId, o.ts, o.ts, o.id) as Raw[];
  return [...earlier.reverse(), ...later].map(parseRow);
}
