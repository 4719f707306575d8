// The local SQLite store: opening, pragmas, migrations, damage detection, sqlite-vec.
import type BetterSqlite3 from 'better-sqlite3';
import { chmodSync, lstatSync, statSync } from 'node:fs';
import { markHome } from '../common/home.js';
import { nativeRequire } from '../common/native.js';
import { ensureHomeDir } from '../common/safe-fs.js';
import { paths, type Paths } from '../common/paths.js';
import { openSqlite } from './sqlite.js';
import { MIGRATIONS, SCHEMA_VERSION, VEC_TABLE_SQL } from './schema.js';

export type DB = BetterSqlite3.Database;

const Database = openSqlite;
const requireCjs = nativeRequire(import.meta.url);

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

/**
 * A write refused because the file, folder or disk is read-only: never damage (SQLite answers a
 * write on a read-only disk with SQLITE_READONLY*, the file system with EROFS/EACCES/EPERM).
 */
export function isReadOnlyError(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
  );
}

export function isBusyError(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** The data home and its data folder; no symlink inside the home is followed. */
export function ensureDirs(p: Paths): void {
  ensureHomeDir(p.home, p.dataDir, 0o700);
  markHome(p.home);
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

/** A database file that cannot be used: damaged, empty (0 bytes) or not SQLite. */
export class DamagedDbError extends Error {
  code = 'SQLITE_CORRUPT';
  fix = 'run `self-gen repair` (or just wait: the background check after the next session moves it aside)';
}

/**
 * What is at `file`: absent, a usable candidate, or damaged before SQLite even opens it (a 0-byte
 * file with no WAL is a truncated database: SQLite would silently treat it as a new, empty one).
 */
export function inspectDbFile(file: string): 'absent' | 'present' | 'empty' | 'not-regular' {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return 'absent';
  }
  if (!st.isFile()) return 'not-regular';
  if (st.size > 0) return 'present';
  try {
    if (lstatSync(file + '-wal').size > 0) return 'present';
  } catch {}
  return 'empty';
}

/** Opens `file` as a self-generation database: pragmas and migrations (creating it when absent). */
export function openFile(file: string, busyTimeoutMs: number, mustExist = false): DB {
  const state = inspectDbFile(file);
  if (state === 'absent' && mustExist)
    throw Object.assign(new Error(`no database at ${file}`), { code: 'ENOENT' });
  if (state === 'empty') throw new DamagedDbError(`${file} is empty (0 bytes): its history was lost`);
  if (state === 'not-regular') throw new DamagedDbError(`${file} is not a regular file`);
  const db = Database(file, { fileMustExist: mustExist, timeout: busyTimeoutMs });
  try {
    // fs-safe: the file SQLite just created (inspectDbFile saw nothing there) in the checked data/ folder
    if (state === 'absent') chmodSync(file, 0o600);
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
 * Opens (creating when needed) the database. A damaged one is never replaced here (this is a
 * hook's hot path): the error is thrown on, and the caller flags the database for the background
 * integrity check (db/integrity.ts), which moves it aside with a notice in recovery.log and
 * salvages what it can.
 */
export function openDb(opts: OpenOptions = {}): DB {
  const p = paths(opts.env);
  if (!opts.mustExist) ensureDirs(p);
  return openFile(p.db, opts.busyTimeoutMs ?? 2000, opts.mustExist ?? false);
}

/**
 * An empty database in memory, with the current schema: what a read command shows before the first
 * session created the real one (a fresh install is a normal state, not an error).
 */
export function openEmptyDb(): DB {
  const db = Database(':memory:');
  migrate(db);
  return db;
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

const vecLoaded = new WeakSet<DB>();
const vecExtLoaded = new WeakSet<DB>();
const vecProblems = new WeakMap<DB, VecProblem>();

/** Why ensureVec() returned false: the extension did not load, or its table could not be created. */
export interface VecProblem {
  stage: 'load' | 'table';
  code?: string;
  message: string;
}

/** Loads sqlite-vec into this connection and creates vec_error_kb. Returns false when unavailable. */
export async function ensureVec(db: DB): Promise<boolean> {
  if (vecLoaded.has(db)) return true;
  try {
    if (!vecExtLoaded.has(db)) {
      // require, not import(): the hook bundle is CommonJS run from a code-cached script.
      const vec = requireCjs('sqlite-vec') as typeof import('sqlite-vec');
      vec.load(db);
      vecExtLoaded.add(db);
    }
  } catch (e) {
    vecProblems.set(db, { stage: 'load', message: String((e as Error)?.message ?? e) });
    return false;
  }
  try {
    db.exec(VEC_TABLE_SQL);
  } catch (e) {
    // Loaded fine, but the table cannot be created (a full or read-only disk, a damaged file).
    const code = (e as { code?: string }).code;
    vecProblems.set(db, { stage: 'table', code, message: String((e as Error)?.message ?? e) });
    return false;
  }
  vecProblems.delete(db);
  vecLoaded.add(db);
  return true;
}

/** The reason the last ensureVec(db) returned false, if it did. */
export function vecProblem(db: DB): VecProblem | undefined {
  return vecProblems.get(db);
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
