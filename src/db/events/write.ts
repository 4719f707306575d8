// The insert-only event log and the owner of its tables (events, event_files, events_fts): the
// only module with SQL on them (test/unit/guard-sql-owners.test.ts). insertEvent, queryEvents, the
// on-disk queue that keeps events written while the database was locked (or unreachable) until a
// later hook stores them, and one typed query per question the other parts ask. The data of each
// event type is declared in event-data.ts.
import { basename } from 'node:path';
import { redact, redactDeep, truncate } from '../../common/redact.js';
import { type DB } from '../db.js';
import type { EventDataMap, EventType } from '../event-data.js';

export const EVENT_VERSION = 1;

export type { EventType, HookTimingData, HookTimingStats } from '../event-data.js';

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

export function insertPrepared(db: DB, p: PreparedEvent): number {
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
