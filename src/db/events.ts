// The insert-only event log and the owner of its tables (events, event_files, events_fts): the
// only module with SQL on them (test/unit/guard-sql-owners.test.ts). insertEvent, queryEvents, the
// on-disk queue that keeps events written while the database was locked (or unreachable) until a
// later hook stores them, and one typed query per question the other parts ask. The data of each
// event type is declared in event-data.ts.
import { readdirSync, renameSync, unlinkSync } from 'node:fs';
import { ensureHomeDir, readRegularText, writeFileAtomicIn } from '../common/safe-fs.js';
import { basename, join } from 'node:path';
import { paths } from '../common/paths.js';
import { redact, redactDeep, truncate } from '../common/redact.js';
import { isBusyError, type DB } from './db.js';
import { ftsQuery } from '../common/fts.js';
import type { EventDataMap, EventType } from './event-data.js';

export const EVENT_VERSION = 1;

export type { EventType, HookTimingData, HookTimingStats } from './event-data.js';

interface NewEventBase {
  ts?: string;
  sessionId?: string | null;
  project?: string | null;
  projectPath?: string | null;
  /** Files the event names: stored in event_files for path-component lookups. */
  files?: string[];
  /** Text for the full-text index (redacted before indexing). */
  text?: string;
}

/** A new event of type K: its data is the one declared for K (store/event-data.ts). */
export type NewEventOf<K extends EventType> = NewEventBase & { type: K; data: EventDataMap[K] };

/** A new event of any type (a union discriminated by `type`). */
export type NewEvent = { [K in EventType]: NewEventOf<K> }[EventType];

export interface EventRow {
  id: number;
  v: number;
  type: string;
  ts: string;
  session_id: string | null;
  project: string | null;
  project_path: string | null;
  data: Record<string, unknown>;
}

const MAX_STRING = 4000;
const MAX_DATA_BYTES = 64 * 1024;

function clampDeep(value: unknown, max: number, depth = 0): unknown {
  if (typeof value === 'string') return truncate(value, max);
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    // Plain numbers carry nothing to redact: up to 1000 of them (hook_timing samples), else 200 items.
    const cap = value.length <= 1000 && value.every((v) => typeof v === 'number') ? 1000 : 200;
    return value.slice(0, cap).map((v) => clampDeep(v, max, depth + 1));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = clampDeep(v, max, depth + 1);
  return out;
}

/** Redacts and size-limits event data so nothing secret or unbounded reaches the database. */
export function sanitizeData(data: object): string {
  // Cut first (with a margin, so a secret crossing the cut is still recognised), then redact, then cut.
  const redacted = redactDeep(clampDeep(data, MAX_STRING + 256));
  let max = MAX_STRING;
  let json = JSON.stringify(clampDeep(redacted, max));
  while (json.length > MAX_DATA_BYTES && max > 50) {
    max = Math.floor(max / 4);
    json = JSON.stringify(clampDeep(redacted, max));
  }
  return json;
}

export function normalizeFiles(files: string[] | undefined): { name: string; path: string }[] {
  const seen = new Set<string>();
  const out: { name: string; path: string }[] = [];
  for (const f of files ?? []) {
    if (typeof f !== 'string') continue;
    const path = f.trim().replace(/\\/g, '/').replace(/\/+$/, '');
    const name = basename(path);
    if (!name || seen.has(path) || path.length > 1024) continue;
    seen.add(path);
    out.push({ name, path });
    if (out.length >= 20) break;
  }
  return out;
}

/** A fully prepared event: everything redacted and serialised, ready to insert or queue. */
export interface PreparedEvent {
  v: number;
  type: string;
  ts: string;
  session_id: string | null;
  project: string | null;
  project_path: string | null;
  data: string;
  files: { name: string; path: string }[];
  text: string | null;
}

export function prepareEvent<K extends EventType>(e: NewEventOf<K>): PreparedEvent {
  return {
    v: EVENT_VERSION,
    type: e.type,
    ts: e.ts ?? new Date().toISOString(),
    session_id: e.sessionId ?? null,
    project: e.project ?? null,
    project_path: e.projectPath ?? null,
    data: sanitizeData(e.data),
    files: normalizeFiles(e.files?.map((f) => (typeof f === 'string' ? redact(f) : f))),
    text: e.text ? truncate(redact(truncate(e.text, 8256, '')), 8000) : null,
  };
}

const stmtCache = new WeakMap<DB, Map<string, import('better-sqlite3').Statement>>();
export function stmt(db: DB, sql: string): import('better-sqlite3').Statement {
  let m = stmtCache.get(db);
  if (!m) stmtCache.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s;
}

function insertPrepared(db: DB, p: PreparedEvent): number {
  const info = stmt(
    db,
    `INSERT INTO events (v, type, ts, session_id, project, project_path, data) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(p.v, p.type, p.ts, p.session_id, p.project, p.project_path, p.data);
  const id = Number(info.lastInsertRowid);
  for (const f of p.files)
    stmt(db, `INSERT INTO event_files (event_id, name, path) VALUES (?, ?, ?)`).run(id, f.name, f.path);
  if (p.text) stmt(db, `INSERT INTO events_fts (rowid, text) VALUES (?, ?)`).run(id, p.text);
  return id;
}

/** Inserts one event (redacted) and returns its id. Throws on database errors. */
export function insertEvent<K extends EventType>(db: DB, e: NewEventOf<K>): number {
  const p = prepareEvent(e);
  return db.transaction(() => insertPrepared(db, p))();
}

// ---------------------------------------------------------------- the on-disk queue

export function queueEvent(p: PreparedEvent, env: NodeJS.ProcessEnv = process.env): string {
  const { home, queueDir: dir } = paths(env);
  // Created inside the data home without following a symlink; written atomically (#12.1).
  ensureHomeDir(home, dir, 0o700);
  const name = `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.json`;
  writeFileAtomicIn(home, join(dir, name), JSON.stringify(p), 0o600);
  return join(dir, name);
}

/**
 * Inserts an event; when the database stays locked past the busy timeout, the prepared (already
 * redacted) event is written to the queue instead. Returns the new id, or null when queued.
 */
export function insertOrQueue<K extends EventType>(
  db: DB | null,
  e: NewEventOf<K>,
  env: NodeJS.ProcessEnv = process.env,
): number | null {
  const p = prepareEvent(e);
  if (db) {
    try {
      return db.transaction(() => insertPrepared(db, p))();
    } catch (err) {
      if (!isBusyError(err)) throw err;
    }
  }
  queueEvent(p, env);
  return null;
}

export function queuedCount(env: NodeJS.ProcessEnv = process.env): number {
  try {
    return readdirSync(paths(env).queueDir).filter((f) => f.endsWith('.json') && !f.startsWith('.')).length;
  } catch {
    return 0;
  }
}

/**
 * Stores queued events. Each file is claimed by an atomic rename, so two hooks draining at once
 * never insert the same event twice. Returns how many were stored.
 */
export function drainQueue(
  db: DB,
  env: NodeJS.ProcessEnv = process.env,
  max = 500,
  opts: { wait?: boolean } = {},
): number {
  const dir = paths(env).queueDir;
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .sort();
  } catch {
    return 0;
  }
  if (names.length === 0) return 0;
  const claimed: { file: string; event: PreparedEvent | null }[] = [];
  for (const name of names.slice(0, max)) {
    const from = join(dir, name);
    const to = join(dir, `.${name}.claim-${process.pid}`);
    try {
      // fs-safe: rename/unlink of queue entries act on the entry itself (never follow a link), in the checked data/queue/ folder
      renameSync(from, to);
    } catch {
      continue; // someone else took it
    }
    let event: PreparedEvent | null = null;
    try {
      // A regular file only (never blocking on a FIFO), at most 8 MiB.
      const text = readRegularText(to, { noFollow: true, maxBytes: 8 * 1024 * 1024 });
      if (text !== null) event = JSON.parse(text) as PreparedEvent;
    } catch {}
    claimed.push({ file: to, event });
  }
  // Draining is opportunistic: when the database is still locked, give up at once (no busy wait).
  const busy = opts.wait ? null : (db.pragma('busy_timeout', { simple: true }) as number);
  if (busy !== null) db.pragma('busy_timeout = 0');
  try {
    db.transaction(() => {
      for (const c of claimed) if (c.event && typeof c.event.type === 'string') insertPrepared(db, c.event);
    })();
  } catch (err) {
    // Give the files back for a later hook.
    for (const c of claimed) {
      try {
        // fs-safe: (as above) gives a claimed queue file back under its own name
        renameSync(
          c.file,
          join(
            dir,
            basename(c.file)
              .replace(/^\./, '')
              .replace(/\.claim-\d+$/, ''),
          ),
        );
      } catch {}
    }
    throw err;
  } finally {
    if (busy !== null) db.pragma(`busy_timeout = ${busy}`);
  }
  for (const c of claimed) {
    try {
      // fs-safe: (as above)
      unlinkSync(c.file);
    } catch {}
  }
  return claimed.filter((c) => c.event).length;
}

// ---------------------------------------------------------------- queries

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

function parseRow(r: Omit<EventRow, 'data'> & { data: string }): EventRow {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(r.data) as Record<string, unknown>;
  } catch {}
  return { ...r, data };
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

// ---------------------------------------------------------------- typed queries (every reader)
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

/** The project (and its folder) a session was recorded under: its first event that has one. */
export function sessionProject(
  db: DB,
  sessionId: string,
): { project: string; projectPath: string | null } | null {
  const r = stmt(
    db,
    `SELECT project, project_path AS projectPath FROM events
     WHERE session_id = ? AND project IS NOT NULL ORDER BY ts LIMIT 1`,
  ).get(sessionId) as { project: string; projectPath: string | null } | undefined;
  return r ?? null;
}

/** Does the session have an event of this type? */
export function sessionHasEvent(db: DB, sessionId: string, type: EventType): boolean {
  return !!stmt(db, `SELECT 1 FROM events WHERE session_id = ? AND type = ? LIMIT 1`).get(sessionId, type);
}

/** The transcript the session's newest session_start recorded. */
export function sessionTranscriptPath(db: DB, sessionId: string): string | null {
  const r = stmt(
    db,
    `SELECT json_extract(data, '$.transcriptPath') AS p FROM events
     WHERE session_id = ? AND type = 'session_start' ORDER BY ts DESC LIMIT 1`,
  ).get(sessionId) as { p: unknown } | undefined;
  return typeof r?.p === 'string' && r.p ? r.p : null;
}

/** The time of the session's first session_start. */
export function sessionStartTs(db: DB, sessionId: string): string | null {
  const r = stmt(
    db,
    `SELECT ts FROM events WHERE session_id = ? AND type = 'session_start' ORDER BY ts ASC LIMIT 1`,
  ).get(sessionId) as { ts: string } | undefined;
  return r?.ts ?? null;
}

/** Events per type in a session. */
export function sessionTypeCounts(db: DB, sessionId: string): Record<string, number> {
  const rows = stmt(db, `SELECT type, count(*) AS n FROM events WHERE session_id = ? GROUP BY type`).all(
    sessionId,
  ) as { type: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.type, r.n]));
}

/** The session's newest subagent_start events (at most 200): when each agent started. */
export function subagentStarts(db: DB, sessionId: string): { ts: string; agentId: string | null }[] {
  return stmt(
    db,
    `SELECT ts, json_extract(data, '$.agentId') AS agentId FROM events
     WHERE session_id = ? AND type = 'subagent_start' ORDER BY ts DESC LIMIT 200`,
  ).all(sessionId) as { ts: string; agentId: string | null }[];
}

/** A stored event with its parsed data, typed by its event type. */
export interface TypedEventRow<K extends EventType> {
  id: number;
  ts: string;
  projectPath: string | null;
  data: Partial<EventDataMap[K]>;
}

/** The session's newest tool errors of one tool (at most 100), newest first. */
export function sessionToolErrors(db: DB, sessionId: string, tool: string): TypedEventRow<'tool_error'>[] {
  const rows = stmt(
    db,
    `SELECT id, ts, project_path AS projectPath, data FROM events
     WHERE session_id = ? AND type = 'tool_error' AND json_extract(data, '$.tool') = ?
     ORDER BY ts DESC, id DESC LIMIT 100`,
  ).all(sessionId, tool) as { id: number; ts: string; projectPath: string | null; data: string }[];
  return rows.map((r) => ({ ...r, data: parseEventData<'tool_error'>(r.data) }));
}

/** Has a resolution event closed the tool_error `errorEventId` of this session? */
export function isErrorResolved(db: DB, sessionId: string, errorEventId: number): boolean {
  return !!stmt(
    db,
    `SELECT 1 FROM events WHERE session_id = ? AND type = 'resolution' AND json_extract(data, '$.errorEventId') = ? LIMIT 1`,
  ).get(sessionId, errorEventId);
}

/**
 * The newest tool errors (at most 200) among the last `scanLimit` events that named a file called
 * `name`, each with the path it was named by; newest first. The data stays JSON text (read it with
 * parseEventData<'tool_error'>) so a hot path parses only the rows it keeps.
 */
export function toolErrorsNamingFile(
  db: DB,
  name: string,
  scanLimit: number,
): { id: number; ts: string; projectPath: string | null; data: string; path: string }[] {
  return stmt(
    db,
    `SELECT e.id, e.ts, e.project_path AS projectPath, e.data, f.path
     FROM (SELECT event_id, path FROM event_files WHERE name = ? ORDER BY event_id DESC LIMIT ${Math.max(1, Math.floor(scanLimit))}) f
     CROSS JOIN events e ON e.id = f.event_id
     WHERE e.type = 'tool_error'
     ORDER BY e.ts DESC, e.id DESC LIMIT 200`,
  ).all(name) as { id: number; ts: string; projectPath: string | null; data: string; path: string }[];
}

/** Paths named (by base name) by edit-tool calls of a project before `before` (at most 50). */
export function editedPaths(
  db: DB,
  o: { name: string; projectPath: string; before: string; tools: string[] },
): string[] {
  return (
    stmt(
      db,
      `SELECT f.path FROM event_files f JOIN events e ON e.id = f.event_id
       WHERE f.name = ? AND e.type = 'tool_use' AND e.project_path = ? AND e.ts < ?
         AND json_extract(e.data, '$.tool') IN (${o.tools.map(() => '?').join(',')}) LIMIT 50`,
    ).all(o.name, o.projectPath, o.before, ...o.tools) as { path: string }[]
  ).map((r) => r.path);
}

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

const ROW_COLS = 'e.id, e.v, e.type, e.ts, e.session_id, e.project, e.project_path, e.data';

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

/** A project's newest tool errors (at most 30), newest first: the keys the subagent context reads. */
export function recentProjectErrors(
  db: DB,
  projectPath: string,
): { tool: unknown; error: unknown; interrupt: unknown; raw: unknown }[] {
  return stmt(
    db,
    `SELECT json_extract(data, '$.tool') AS tool, json_extract(data, '$.error') AS error,
            json_extract(data, '$.isInterrupt') AS interrupt, json_extract(data, '$.errorRaw') AS raw
     FROM events WHERE project_path = ? AND type = 'tool_error' ORDER BY ts DESC, id DESC LIMIT 30`,
  ).all(projectPath) as { tool: unknown; error: unknown; interrupt: unknown; raw: unknown }[];
}

/** The last `window` subagent_stop outcomes of an agent type (served by idx_events_agent_type). */
export function subagentOutcomes(
  db: DB,
  agentType: string,
  window: number,
): { success: unknown; reason: unknown }[] {
  return stmt(
    db,
    `SELECT json_extract(data, '$.success') AS success, json_extract(data, '$.failureReason') AS reason
     FROM events
     WHERE type = 'subagent_stop' AND json_extract(data, '$.agentType') = ?
     ORDER BY ts DESC LIMIT ?`,
  ).all(agentType, window) as { success: unknown; reason: unknown }[];
}

/**
 * The id of the session's first tool_error in [since, until] before `beforeId`, or null: where the
 * errors a successful call may resolve begin.
 */
export function firstOpenErrorId(
  db: DB,
  o: { sessionId: string; since: string; until: string; beforeId: number },
): number | null {
  const r = stmt(
    db,
    `SELECT min(id) AS id FROM events WHERE session_id = ? AND type = 'tool_error' AND ts >= ? AND ts <= ? AND id < ?`,
  ).get(o.sessionId, o.since, o.until, o.beforeId) as { id: number | null } | undefined;
  return r?.id ?? null;
}

/**
 * The session's tool_use, tool_error and resolution events with ids in [fromId, toId] stamped at
 * or before `until` (event `toId` always), the newest `max` of them, newest first.
 */
export function resolutionWindow(
  db: DB,
  o: { sessionId: string; fromId: number; toId: number; until: string; max: number },
): { id: number; type: string; data: string }[] {
  return stmt(
    db,
    `SELECT id, type, data FROM events
     WHERE session_id = ? AND type IN ('tool_use', 'tool_error', 'resolution') AND id >= ? AND id <= ?
       AND (ts <= ? OR id = ?)
     ORDER BY ts DESC, id DESC LIMIT ${Math.max(1, Math.floor(o.max))}`,
  ).all(o.sessionId, o.fromId, o.toId, o.until, o.toId) as { id: number; type: string; data: string }[];
}

/** Projects where this normalized error was resolved, most recent first (at most 10). */
export function resolvedInProjects(db: DB, error: string): string[] {
  return (
    stmt(
      db,
      `SELECT project, max(ts) AS last FROM events WHERE type = 'resolution' AND project IS NOT NULL
       AND json_extract(data, '$.error') = ? GROUP BY project ORDER BY last DESC LIMIT 10`,
    ).all(error) as { project: string }[]
  ).map((p) => p.project);
}

/** tool_error events with this normalized error after `since`, in project folder `projectPath`. */
export function errorCountSince(db: DB, error: string, since: string, projectPath: string): number {
  return (
    stmt(
      db,
      `SELECT count(*) AS n FROM events WHERE type = 'tool_error' AND ts > ? AND project_path = ?
       AND json_extract(data, '$.error') = ?`,
    ).get(since, projectPath, error) as { n: number }
  ).n;
}

// ---------------------------------------------------------------- retention

/** Ids of the oldest events (before `cutoff` when given), at most `limit`. */
export function oldestEventIds(db: DB, limit: number, cutoff?: string): number[] {
  const rows =
    cutoff === undefined
      ? db.prepare(`SELECT id FROM events ORDER BY ts LIMIT ${Math.floor(limit)}`).all()
      : db.prepare(`SELECT id FROM events WHERE ts < ? ORDER BY ts LIMIT ${Math.floor(limit)}`).all(cutoff);
  return (rows as { id: number }[]).map((r) => r.id);
}

/** Deletes events with their file names and full-text entries, in one transaction. */
export function deleteEvents(db: DB, ids: number[]): void {
  const delFiles = db.prepare('DELETE FROM event_files WHERE event_id = ?');
  const delFts = db.prepare('DELETE FROM events_fts WHERE rowid = ?');
  const delEv = db.prepare('DELETE FROM events WHERE id = ?');
  db.transaction(() => {
    for (const id of ids) {
      delFiles.run(id);
      delFts.run(id);
      delEv.run(id);
    }
  })();
}

/** Refills the contentless events_fts from the string values of each event's data (repair). */
export function refillEventsFts(db: DB): void {
  db.exec(`INSERT INTO events_fts(rowid, text)
        SELECT e.id, group_concat(j.value, ' ') FROM events e, json_tree(e.data) j
        WHERE j.type = 'text' GROUP BY e.id`);
}

// ---------------------------------------------------------------- dashboard (store/overview.ts)

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

// ---------------------------------------------------------------- analysis window (analysis/summarize.ts)

/** The events of the analysis: one project (or all, when null) since an ISO time. */
export interface EventWindow {
  project: string | null;
  since: string;
}

function windowWhere(w: EventWindow): { sql: string; args: unknown[] } {
  return w.project === null
    ? { sql: 'ts >= ?', args: [w.since] }
    : { sql: 'project = ? AND ts >= ?', args: [w.project, w.since] };
}

/** Events per type in the window. */
export function windowTypeCounts(db: DB, win: EventWindow): { type: string; n: number }[] {
  const w = windowWhere(win);
  return db
    .prepare(`SELECT type, count(*) AS n FROM events WHERE ${w.sql} GROUP BY type ORDER BY type`)
    .all(...w.args) as { type: string; n: number }[];
}

/** Distinct sessions in the window. */
export function windowSessionCount(db: DB, win: EventWindow): number {
  const w = windowWhere(win);
  return (
    db.prepare(`SELECT count(DISTINCT session_id) AS s FROM events WHERE ${w.sql}`).get(...w.args) as {
      s: number;
    }
  ).s;
}

/** Projects in the window (at most 50, by name). */
export function windowProjects(db: DB, win: EventWindow): string[] {
  const w = windowWhere(win);
  return (
    db
      .prepare(
        `SELECT DISTINCT project FROM events WHERE ${w.sql} AND project IS NOT NULL ORDER BY project LIMIT 50`,
      )
      .all(...w.args) as { project: string }[]
  ).map((r) => r.project);
}

/** The window's newest prompts (at most 2000) with their text, newest first. */
export function windowPrompts(
  db: DB,
  win: EventWindow,
): { session_id: string | null; text: string | null }[] {
  const w = windowWhere(win);
  return db
    .prepare(
      `SELECT session_id, json_extract(data, '$.text') AS text FROM events
         WHERE type = 'prompt' AND ${w.sql} ORDER BY ts DESC, id DESC LIMIT 2000`,
    )
    .all(...w.args) as { session_id: string | null; text: string | null }[];
}

/** The window's newest tool calls (at most 20000, tool_use and tool_error), newest first. */
export function windowToolCalls(
  db: DB,
  win: EventWindow,
): { session_id: string | null; type: string; tool: string | null }[] {
  const w = windowWhere(win);
  return db
    .prepare(
      `SELECT session_id, type, json_extract(data, '$.tool') AS tool FROM events
       WHERE type IN ('tool_use', 'tool_error') AND ${w.sql} ORDER BY ts DESC, id DESC LIMIT 20000`,
    )
    .all(...w.args) as { session_id: string | null; type: string; tool: string | null }[];
}

/** The window's most frequent (error, tool) pairs (at most 15), with sessions and file paths. */
export function windowErrors(
  db: DB,
  win: EventWindow,
): { error: string; tool: string | null; n: number; s: number; files: string | null }[] {
  const w = windowWhere(win);
  return db
    .prepare(
      `SELECT json_extract(data, '$.error') AS error, json_extract(data, '$.tool') AS tool,
              count(*) AS n, count(DISTINCT session_id) AS s,
              group_concat(DISTINCT json_extract(data, '$.filePath')) AS files
       FROM events WHERE type = 'tool_error' AND ${w.sql}
       GROUP BY error, tool HAVING error IS NOT NULL ORDER BY n DESC, error LIMIT 15`,
    )
    .all(...w.args) as { error: string; tool: string | null; n: number; s: number; files: string | null }[];
}

/** For an error of the window: its two most frequent recorded resolutions. */
export function windowFixes(
  db: DB,
  win: EventWindow,
): (error: string) => { resolution: string | null; n: number }[] {
  const w = windowWhere(win);
  const s = db.prepare(
    `SELECT json_extract(data, '$.resolution') AS resolution, count(*) AS n FROM events
     WHERE type = 'resolution' AND ${w.sql} AND json_extract(data, '$.error') = ?
     GROUP BY resolution ORDER BY n DESC, resolution LIMIT 2`,
  );
  return (error) => s.all(...w.args, error) as { resolution: string | null; n: number }[];
}

/** Subagent runs and failures per agent type in the window (at most 15). */
export function windowSubagents(
  db: DB,
  win: EventWindow,
): { agentType: string | null; runs: number; failures: number }[] {
  const w = windowWhere(win);
  return db
    .prepare(
      `SELECT json_extract(data, '$.agentType') AS agentType, count(*) AS runs,
              sum(CASE WHEN json_extract(data, '$.success') = 0 THEN 1 ELSE 0 END) AS failures
       FROM events WHERE type = 'subagent_stop' AND ${w.sql}
       GROUP BY agentType ORDER BY runs DESC, agentType LIMIT 15`,
    )
    .all(...w.args) as { agentType: string | null; runs: number; failures: number }[];
}

/** For an agent type of the window: its three most frequent failure reasons. */
export function windowFailureReasons(db: DB, win: EventWindow): (agentType: string) => { reason: string }[] {
  const w = windowWhere(win);
  const s = db.prepare(
    `SELECT json_extract(data, '$.failureReason') AS reason, count(*) AS n FROM events
     WHERE type = 'subagent_stop' AND ${w.sql} AND json_extract(data, '$.agentType') = ?
       AND json_extract(data, '$.success') = 0 AND json_extract(data, '$.failureReason') IS NOT NULL
     GROUP BY reason ORDER BY n DESC, reason LIMIT 3`,
  );
  return (agentType) => s.all(...w.args, agentType) as { reason: string }[];
}

/** The tool_use_ids a session already has events for (tool calls and errors). */
export function sessionToolCallIds(db: DB, sessionId: string): Set<string> {
  const rows = stmt(
    db,
    `SELECT json_extract(data, '$.toolUseId') AS id FROM events
     WHERE session_id = ? AND type IN ('tool_use', 'tool_error')`,
  ).all(sessionId) as { id: unknown }[];
  return new Set(rows.map((r) => r.id).filter((id): id is string => typeof id === 'string' && !!id));
}

/** Whether a transcript ingestion already recorded the call with this id. */
export function transcriptCallRecorded(db: DB, sessionId: string, toolUseId: string): boolean {
  return !!stmt(
    db,
    `SELECT 1 FROM events WHERE session_id = ? AND type = 'tool_use'
       AND json_extract(data, '$.source') = 'transcript' AND json_extract(data, '$.toolUseId') = ? LIMIT 1`,
  ).get(sessionId, toolUseId);
}

/** The working folder a session's latest SessionStart recorded ('' when none). */
export function sessionStartCwd(db: DB, sessionId: string): string {
  const r = stmt(
    db,
    `SELECT json_extract(data, '$.cwd') AS cwd FROM events
     WHERE session_id = ? AND type = 'session_start' ORDER BY ts DESC LIMIT 1`,
  ).get(sessionId) as { cwd: unknown } | undefined;
  return typeof r?.cwd === 'string' ? r.cwd : '';
}
