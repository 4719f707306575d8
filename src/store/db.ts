// The local SQLite store: opening, pragmas, migrations, corruption recovery, sqlite-vec.
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';
import { appendFileSync, chmodSync, existsSync, renameSync, statSync } from 'node:fs';
import { ensureHomeDir } from '../shared/safe-fs.js';
import { paths, type Paths } from '../shared/paths.js';
import { MIGRATIONS, SCHEMA_VERSION, VEC_TABLE_SQL } from './schema.js';

export type DB = BetterSqlite3.Database;

// better-sqlite3 (a native addon, ~7 ms to load) is loaded on first use: a hook with nothing to
// record or look up never pays for it.
const requireCjs = createRequire(import.meta.url);
let sqliteCtor: typeof BetterSqlite3 | null = null;
function Database(...args: ConstructorParameters<typeof BetterSqlite3>): DB {
  sqliteCtor ??= requireCjs('better-sqlite3') as typeof BetterSqlite3;
  return new sqliteCtor(...args);
}

export interface OpenOptions {
  env?: NodeJS.ProcessEnv;
  busyTimeoutMs?: number;
  /** Open an existing database only; never create (doctor, read-only commands). */
  mustExist?: boolean;
}

const CORRUPT_CODES = new Set([
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT_VTAB',
  'SQLITE_CORRUPT_INDEX',
]);

export function isCorruptError(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return typeof code === 'string' && (CORRUPT_CODES.has(code) || code.startsWith('SQLITE_CORRUPT'));
}

export function isBusyError(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** The data home and its data folder; no symlink inside the home is followed (#12.1). */
export function ensureDirs(p: Paths): void {
  ensureHomeDir(p.home, p.dataDir, 0o700);
}

function migrate(db: DB): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version >= SCHEMA_VERSION) return;
  const run = db.transaction(() => {
    const current = db.pragma('user_version', { simple: true }) as number;
    for (let v = current; v < SCHEMA_VERSION; v++) {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    }
  });
  run.immediate();
}

/** Moves a corrupt database (and its WAL/SHM files) aside and records it for `doctor`. */
export function quarantine(p: Paths, reason: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = `${p.db}.corrupt-${stamp}`;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      if (existsSync(p.db + suffix)) renameSync(p.db + suffix, target + suffix);
    } catch {}
  }
  try {
    appendFileSync(
      p.recoveryLog,
      JSON.stringify({ ts: new Date().toISOString(), movedTo: target, reason }) + '\n',
      { mode: 0o600 },
    );
  } catch {}
  return target;
}

function openRaw(p: Paths, busyTimeoutMs: number, mustExist: boolean): DB {
  const created = !existsSync(p.db);
  if (created && mustExist) throw Object.assign(new Error(`no database at ${p.db}`), { code: 'ENOENT' });
  const db = Database(p.db, { fileMustExist: mustExist, timeout: busyTimeoutMs });
  try {
    if (created) chmodSync(p.db, 0o600);
    // The first statement reads the header: a file that is not a database fails here.
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const mode = db.pragma('journal_mode', { simple: true });
    if (mode !== 'wal') db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * Opens (creating when needed) the database. A corrupt file is moved aside and a fresh database
 * created in its place; the move is logged for `self-gen doctor`.
 */
export function openDb(opts: OpenOptions = {}): DB {
  const p = paths(opts.env);
  const busy = opts.busyTimeoutMs ?? 2000;
  if (!opts.mustExist) ensureDirs(p);
  try {
    return openRaw(p, busy, opts.mustExist ?? false);
  } catch (e) {
    if (!isCorruptError(e) || opts.mustExist) throw e;
    quarantine(p, String((e as Error).message));
    return openRaw(p, busy, false);
  }
}

let cached: { key: string; db: DB } | null = null;

/** The process-wide connection (hooks and CLI open one database once). */
export function getDb(opts: OpenOptions = {}): DB {
  const key = paths(opts.env).db;
  if (cached && cached.key === key && cached.db.open) return cached.db;
  const db = openDb(opts);
  cached = { key, db };
  return db;
}

export function closeDb(): void {
  if (cached?.db.open) cached.db.close();
  cached = null;
}

/**
 * Runs `fn` against the database; when SQLite reports corruption mid-way, the file is moved aside,
 * a fresh database is opened and `fn` is run once more.
 */
export function withRecovery<T>(opts: OpenOptions, fn: (db: DB) => T): T {
  const db = getDb(opts);
  try {
    return fn(db);
  } catch (e) {
    if (!isCorruptError(e)) throw e;
    recoverFromCorruption(opts, e);
    return fn(getDb(opts));
  }
}

/** Closes the process connection and moves the corrupt database aside; the next getDb() recreates it. */
export function recoverFromCorruption(opts: OpenOptions, error: unknown): void {
  closeDb();
  quarantine(paths(opts.env), String((error as Error)?.message ?? error));
}

const vecLoaded = new WeakSet<DB>();

/** Loads sqlite-vec into this connection and creates vec_error_kb. Returns false when unavailable. */
export async function ensureVec(db: DB): Promise<boolean> {
  if (vecLoaded.has(db)) return true;
  try {
    // require, not import(): the hook bundle is CommonJS run from a code-cached script.
    const vec = requireCjs('sqlite-vec') as typeof import('sqlite-vec');
    vec.load(db);
    db.exec(VEC_TABLE_SQL);
    vecLoaded.add(db);
    return true;
  } catch {
    return false;
  }
}

export function hasVec(db: DB): boolean {
  return vecLoaded.has(db);
}

export function dbSizeBytes(env?: NodeJS.ProcessEnv): number {
  const p = paths(env);
  let total = 0;
  for (const s of ['', '-wal', '-shm']) {
    try {
      total += statSync(p.db + s).size;
    } catch {}
  }
  return total;
}
