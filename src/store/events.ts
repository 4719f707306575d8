// The insert-only event log: insertEvent, queryEvents, and the on-disk queue that keeps events
// written while the database was locked (or unreachable) until a later hook stores them.
import { readdirSync, renameSync, unlinkSync } from 'node:fs';
import { ensureHomeDir, readRegularText, writeFileAtomicIn } from '../shared/safe-fs.js';
import { basename, join } from 'node:path';
import { paths } from '../shared/paths.js';
import { redact, redactDeep, truncate } from '../shared/redact.js';
import { isBusyError, type DB } from './db.js';
import { ftsQuery } from '../shared/fts.js';

export const EVENT_VERSION = 1;

export type EventType =
  | 'prompt'
  | 'tool_use'
  | 'tool_error'
  | 'subagent_start'
  | 'subagent_stop'
  | 'session_start'
  | 'session_summary'
  | 'resolution'
  | 'hook_timing'
  | (string & {});

/** Latency of one hook event kind in a session (ms, nearest-rank percentiles). */
export interface HookTimingStats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * `hook_timing` data: how long our hooks took as Claude Code measured them (the transcript's
 * hook_* attachments' `durationMs`), one event per session, written by the session-end job.
 */
export interface HookTimingData {
  /** Durations in ms, in transcript order (the last 1000 at most). */
  samples: number[];
  /** Per hook event (SessionStart, PreToolUse, …), over all the session's records read. */
  byEvent: Record<string, HookTimingStats>;
}

export interface NewEvent {
  type: EventType;
  ts?: string;
  sessionId?: string | null;
  project?: string | null;
  projectPath?: string | null;
  data: Record<string, unknown>;
  /** Files the event names: stored in event_files for path-component lookups. */
  files?: string[];
  /** Text for the full-text index (redacted before indexing). */
  text?: string;
}

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
export function sanitizeData(data: Record<string, unknown>): string {
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

export function prepareEvent(e: NewEvent): PreparedEvent {
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
export function insertEvent(db: DB, e: NewEvent): number {
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
export function insertOrQueue(
  db: DB | null,
  e: NewEvent,
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

/** Newest first. Every filter is optional; each combination is served by an index. */
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
