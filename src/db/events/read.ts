// Generic readers of the event log (any consumer): filtered queries, one event, counts.

import type { DB } from '../db.js';
import { ftsQuery } from '../../common/fts.js';
import type { EventDataMap } from '../event-data.js';
import { stmt, type EventRow, type EventType } from './write.js';

export function parseRow(r: Omit<EventRow, 'data'> & { data: string }): EventRow {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(r.data) as Record<string, unknown>;
  } catch {}
  return { ...r, data };
}

export interface EventQuery {
  /** An event type (typed rows when it is a known one) or any string (the CLI filter). */
  type?: string;
  sessionId?: string;
  project?: string;
  projectPath?: string;
  /** ISO timestamp: only events at or after it. */
  since?: string;
  /** Full-text search over the event text (FTS5 syntax-safe: words are quoted). */
  search?: string;
  limit?: number;
}
/** A stored event of type K: its data typed by K (keys may be missing in old rows). */
export type EventRowOf<K extends EventType> = Omit<EventRow, 'type' | 'data'> & {
  type: K;
  data: Partial<EventDataMap[K]>;
};
/** Newest first. Every filter is optional; each combination is served by an index. */
export function queryEvents<K extends EventType>(db: DB, q: EventQuery & { type: K }): EventRowOf<K>[];
export function queryEvents(db: DB, q?: EventQuery): EventRow[];
export function queryEvents(db: DB, q: EventQuery = {}): EventRow[] {
  const where: string[] = [];
  const args: unknown[] = [];
  const filters: [string, unknown][] = [
    ['e.type = ?', q.type],
    ['e.session_id = ?', q.sessionId],
    ['e.project = ?', q.project],
    ['e.project_path = ?', q.projectPath],
    ['e.ts >= ?', q.since],
  ];
  for (const [clause, value] of filters) {
    if (value === undefined || value === null || value === '') continue;
    where.push(clause);
    args.push(value);
  }
  let from = 'events e';
  if (q.search) {
    const m = ftsQuery(q.search);
    if (!m) return [];
    from = 'events_fts f JOIN events e ON e.id = f.rowid';
    where.push('events_fts MATCH ?');
    args.push(m);
  }
  const limit = Math.max(1, Math.min(q.limit ?? 100, 10000));
  const sql = `SELECT e.id, e.v, e.type, e.ts, e.session_id, e.project, e.project_path, e.data FROM ${from}
    ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY e.ts DESC, e.id DESC LIMIT ${limit}`;
  return (stmt(db, sql).all(...args) as (Omit<EventRow, 'data'> & { data: string })[]).map(parseRow);
}
/** One event by id, or null. */
export function getEvent(db: DB, id: number): EventRow | null {
  const r = stmt(
    db,
    'SELECT id, v, type, ts, session_id, project, project_path, data FROM events WHERE id = ?',
  ).get(id) as (Omit<EventRow, 'data'> & { data: string }) | undefined;
  return r ? parseRow(r) : null;
}
// Every query on events, event_files and events_fts lives here (test/unit/guard-sql-owners.test.ts).
// Keys of the JSON data are the ones declared in store/event-data.ts.
/** Parses stored event data; `{}` when it is not a JSON object. */
export function parseEventData<K extends EventType>(text: string): Partial<EventDataMap[K]> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Partial<EventDataMap[K]>) : {};
  } catch {
    return {};
  }
}
/** How many events, and the newest one (doctor). */
export function eventCount(db: DB): number {
  return (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
}
export function lastEvent(db: DB): { ts: string; type: string } | undefined {
  return db.prepare('SELECT ts, type FROM events ORDER BY id DESC LIMIT 1').get() as
    { ts: string; type: string } | undefined;
}
/** The newest event id (of a project, or of all when null). */
export function maxEventId(db: DB, project: string | null): number {
  const r = (
    project === null
      ? db.prepare('SELECT max(id) AS m FROM events').get()
      : db.prepare('SELECT max(id) AS m FROM events WHERE project = ?').get(project)
  ) as { m: number | null };
  return r.m ?? 0;
}
/** How many events (of a project, or of all when null) come after `afterId`, counting up to `cap`. */
export function countEventsAfter(db: DB, project: string | null, afterId: number, cap: number): number {
  const row = (
    project === null
      ? db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE id > ? LIMIT ?)').get(afterId, cap)
      : db
          .prepare('SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE project = ? AND id > ? LIMIT ?)')
          .get(project, afterId, cap)
  ) as { n: number };
  return row.n;
}
/** The project folder last recorded for a project name. */
export function lastProjectPath(db: DB, project: string): string | null {
  const r = db
    .prepare(
      `SELECT project_path FROM events WHERE project = ? AND project_path IS NOT NULL ORDER BY ts DESC LIMIT 1`,
    )
    .get(project) as { project_path: string } | undefined;
  return r?.project_path ?? null;
}
