// The background integrity check (run by dist/worker.js, never by a hook): `PRAGMA quick_check`
// plus each FTS5 index's own 'integrity-check', at most once a day or whenever a hook flagged
// damage (recovery-log.ts). On damage it repairs what it can, in this order:
//   1. only a full-text index is wrong: rebuild that index in place (nothing lost);
//   2. pages are damaged: copy every readable row into a fresh database (full-text indexes rebuilt
//      there), move the damaged file and its -wal/-shm aside to `self-gen.db.corrupt-<time>`, put
//      the fresh one in its place;
//   3. the file is empty (0 bytes) or not SQLite: move it aside (nothing to copy).
// Each move is a notice in recovery.log, which `doctor` reports (exit 1) until acknowledged.
import { rmSync } from 'node:fs';
import { openSqlite } from './sqlite.js';
import { paths, type Paths } from '../common/paths.js';
import {
  ensureVec,
  inspectDbFile,
  isBusyError,
  isCorruptError,
  isReadOnlyError,
  openFile,
  type DB,
} from './db.js';
import { refillEventsFts } from './events/retention.js';
import {
  hasSqliteHeader,
  integrityDue,
  markChecked,
  moved,
  notWritable,
  readOnly,
  takeLock,
  type IntegrityResult,
} from './integrity-files.js';
import { appendNotice, clearNeedsCheck } from './recovery-log.js';

// The files around the check (state, lock, moving aside) live in integrity-files.ts.
export {
  CHECK_INTERVAL_MS,
  integrityDue,
  lastCheck,
  notWritable,
  type IntegrityResult,
  type IntegrityStatus,
} from './integrity-files.js';

function rawOpen(file: string, busyMs: number): DB {
  const db = openSqlite(file, { fileMustExist: true, timeout: busyMs });
  db.pragma(`busy_timeout = ${busyMs}`);
  return db;
}

/** quick_check's complaints ([] when it says ok); a thrown error is a complaint too. */
function quickCheck(db: DB): string[] {
  try {
    const rows = db.pragma('quick_check') as Record<string, string>[];
    const msgs = rows.map((r) => String(Object.values(r)[0]));
    return msgs.length === 1 && msgs[0] === 'ok' ? [] : msgs;
  } catch (e) {
    if (isBusyError(e)) throw e;
    return [String((e as Error).message)];
  }
}

interface FtsTable {
  name: string;
  /** '' for a contentless table, the content table's name, or null (content stored in the index). */
  content: string | null;
}

function ftsTables(db: DB): FtsTable[] {
  const rows = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%'`,
    )
    .all() as { name: string; sql: string }[];
  // fts5vocab tables (error_kb_vocab) match the LIKE too: they are views over an index, not indexes
  return rows
    .filter((r) => /USING\s+fts5\s*\(/i.test(r.sql))
    .map((r) => {
      const m = /content\s*=\s*'([^']*)'/i.exec(r.sql);
      return { name: r.name, content: m ? (m[1] ?? '') : null };
    });
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * FTS5 tables whose own 'integrity-check' fails. An external-content table is also compared with
 * its content table (rank 1); a contentless one can only check its own structure.
 */
export function damagedFts(db: DB): string[] {
  const out: string[] = [];
  for (const t of ftsTables(db)) {
    const external = t.content !== null && t.content !== '';
    try {
      db.prepare(
        `INSERT INTO ${q(t.name)}(${q(t.name)}, rank) VALUES ('integrity-check', ${external ? 1 : 0})`,
      ).run();
    } catch (e) {
      // The check is a write: refused on a read-only disk, which says nothing about the index.
      if (isBusyError(e) || isReadOnlyError(e)) throw e;
      out.push(t.name);
    }
  }
  return out;
}

/**
 * Refills a full-text index from what it indexes. events_fts is contentless (the original text is
 * not kept), so it is refilled from the string values of each event's data; an external-content
 * table is rebuilt from its content table.
 */
function refillFts(db: DB, t: FtsTable): void {
  const name = q(t.name);
  if (t.content === '') {
    db.prepare(`INSERT INTO ${name}(${name}) VALUES ('delete-all')`).run();
    if (t.name === 'events_fts') refillEventsFts(db);
  } else {
    db.prepare(`INSERT INTO ${name}(${name}) VALUES ('rebuild')`).run();
  }
}

/** Step 1: only full-text indexes are wrong → rebuild them in place. True when that fixed it. */
function rebuildInPlace(db: DB, names: string[]): boolean {
  const tables = ftsTables(db).filter((t) => names.includes(t.name));
  try {
    db.transaction(() => {
      for (const t of tables) refillFts(db, t);
    }).immediate();
  } catch (e) {
    if (isBusyError(e)) throw e;
    return false;
  }
  return quickCheck(db).length === 0 && damagedFts(db).length === 0;
}

/** The plain tables of `db` worth copying (no virtual tables, no shadow tables, no sqlite_*). */
function plainTables(db: DB): string[] {
  const rows = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all() as { name: string; sql: string | null }[];
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  return rows
    .filter((r) => !/^CREATE VIRTUAL TABLE/i.test(r.sql ?? ''))
    .map((r) => r.name)
    .filter((n) => !virtual.some((v) => n.startsWith(v + '_')));
}

function columns(db: DB, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${q(table)})`).all() as { name: string }[]).map((c) => c.name);
}

const CHUNK = 500;

/** Copies every readable row of `table`, rowid range by rowid range; unreadable rows are skipped. */
function copyTable(from: DB, to: DB, table: string): number {
  const fresh = columns(to, table);
  let old: string[];
  try {
    old = columns(from, table);
  } catch {
    return 0;
  }
  const cols = fresh.filter((c) => old.includes(c));
  if (cols.length === 0) return 0;
  const list = cols.map(q).join(', ');
  const ins = to.prepare(
    `INSERT OR IGNORE INTO ${q(table)} (${list}) VALUES (${cols.map(() => '?').join(', ')})`,
  );
  let max = 0;
  try {
    max = Number(
      (from.prepare(`SELECT max(rowid) AS m FROM ${q(table)}`).get() as { m: number | null }).m ?? 0,
    );
  } catch {
    try {
      const seq = from.prepare(`SELECT seq FROM sqlite_sequence WHERE name = ?`).get(table) as
        { seq: number } | undefined;
      max = seq?.seq ?? 0;
    } catch {}
  }
  const range = from.prepare(`SELECT ${list} FROM ${q(table)} WHERE rowid BETWEEN ? AND ?`).raw();
  const one = from.prepare(`SELECT ${list} FROM ${q(table)} WHERE rowid = ?`).raw();
  let copied = 0;
  const put = (rows: unknown[][]) => {
    for (const r of rows) copied += ins.run(...r).changes;
  };
  for (let lo = Math.min(1, max); lo <= max; lo += CHUNK) {
    const hi = lo + CHUNK - 1;
    try {
      put(range.all(lo, hi) as unknown[][]);
    } catch {
      for (let id = lo; id <= hi; id++) {
        try {
          put(one.all(id) as unknown[][]);
        } catch {}
      }
    }
  }
  return copied;
}

/** Step 2: copies what can be read into a fresh database at `target`. Returns rows per table. */
async function salvageInto(from: DB, target: string): Promise<Record<string, number>> {
  const to = openFile(target, 5000);
  const counts: Record<string, number> = {};
  try {
    to.pragma('foreign_keys = OFF');
    to.transaction(() => {
      for (const t of plainTables(to)) counts[t] = copyTable(from, to, t);
      for (const t of ftsTables(to)) refillFts(to, t);
    })();
    // Vectors: best effort (sqlite-vec in both; otherwise the embedding job makes them again).
    try {
      if ((await ensureVec(from)) && (await ensureVec(to))) {
        const ins = to.prepare('INSERT OR IGNORE INTO vec_error_kb (error_kb_id, embedding) VALUES (?, ?)');
        let n = 0;
        to.transaction(() => {
          for (const r of from
            .prepare('SELECT error_kb_id, embedding FROM vec_error_kb')
            .iterate() as Iterable<{
            error_kb_id: number | bigint;
            embedding: Buffer;
          }>)
            n += ins.run(BigInt(r.error_kb_id), r.embedding).changes;
        })();
        counts.vec_error_kb = n;
      }
    } catch {}
    to.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    to.close();
  }
  // fs-safe: our own salvage copy's -wal/-shm next to the database in the checked data/ folder (rm never follows a link)
  for (const s of ['-wal', '-shm']) rmSync(target + s, { force: true });
  return counts;
}

export interface IntegrityOptions {
  env?: NodeJS.ProcessEnv;
  /** Run even when not due (`self-gen repair`). */
  force?: boolean;
  now?: number;
  log?: (m: string) => void;
}

/** Runs the integrity check when due (or forced) and repairs what it finds. Never throws on damage. */
export async function runIntegrityCheck(opts: IntegrityOptions = {}): Promise<IntegrityResult> {
  const p = paths(opts.env);
  if (!opts.force && !integrityDue(p, opts.now)) return { status: 'not-due', message: 'checked recently' };
  const state = inspectDbFile(p.db);
  if (state === 'absent') {
    clearNeedsCheck(p);
    return { status: 'absent', message: `no database at ${p.db}` };
  }
  if (state === 'not-regular') {
    return {
      status: 'left-alone',
      message: `${p.db} is not a regular file; it was left alone (remove it yourself)`,
    };
  }
  const ro = notWritable(p);
  if (ro) return readOnly(p, ro);
  const release = takeLock(p);
  if (!release) {
    const now = notWritable(p);
    return now ? readOnly(p, now) : { status: 'busy', message: 'another integrity check is running' };
  }
  try {
    let r: IntegrityResult;
    try {
      r = await checkAndRepair(p);
    } catch (e) {
      if (!isReadOnlyError(e)) throw e;
      r = readOnly(p, String((e as Error).message ?? e));
    }
    if (r.status !== 'busy' && r.status !== 'read-only') {
      clearNeedsCheck(p);
      markChecked(p);
    }
    opts.log?.(`integrity: ${r.status}: ${r.message}`);
    return r;
  } finally {
    release();
  }
}

async function checkAndRepair(p: Paths): Promise<IntegrityResult> {
  const state = inspectDbFile(p.db);
  if (state === 'absent') return { status: 'absent', message: `no database at ${p.db}` };
  if (state === 'empty')
    return moved(p, 'the database file was empty (0 bytes): its history had been lost before this check');
  if (!hasSqliteHeader(p.db)) return moved(p, 'the database file is not a SQLite database');
  let db: DB;
  try {
    db = rawOpen(p.db, 5000);
    db.pragma('schema_version'); // reads page 1
  } catch (e) {
    if (isBusyError(e)) return { status: 'busy', message: 'the database is locked; checked next time' };
    if (!isCorruptError(e)) throw e;
    return moved(p, `the database cannot be opened: ${(e as Error).message}`);
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      if (db.inTransaction) db.exec('ROLLBACK');
    } catch {}
    try {
      db.close();
    } catch {}
  };
  try {
    const problems = quickCheck(db);
    if (problems.length === 0) {
      const fts = damagedFts(db);
      if (fts.length === 0) return { status: 'ok', message: 'quick_check ok; full-text indexes ok' };
      if (rebuildInPlace(db, fts)) {
        appendNotice(p, {
          ts: new Date().toISOString(),
          kind: 'rebuilt',
          rebuilt: fts,
          reason: `full-text index damaged: ${fts.join(', ')}`,
        });
        return {
          status: 'rebuilt',
          rebuilt: fts,
          message: `rebuilt ${fts.join(', ')} in place (nothing lost)`,
        };
      }
      problems.push(`full-text index damaged: ${fts.join(', ')}`);
    }
    const reason = `damaged pages (${problems[0]!.split('\n').slice(0, 2).join(' ').slice(0, 200)})`;
    // Hold the write lock while copying: hooks meanwhile queue their events on disk (nothing lost).
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      if (isBusyError(e)) return { status: 'busy', message: 'the database is locked; checked next time' };
    }
    const tmp = `${p.db}.salvage-${process.pid}`;
    // fs-safe: our own temp salvage files next to the database (rm never follows a link)
    for (const s of ['', '-wal', '-shm']) rmSync(tmp + s, { force: true });
    let salvaged: Record<string, number> | undefined;
    let why = '';
    try {
      salvaged = await salvageInto(db, tmp);
    } catch (e) {
      why = `; nothing could be copied (${String((e as Error)?.message ?? e).slice(0, 120)})`;
      for (const s of ['', '-wal', '-shm']) rmSync(tmp + s, { force: true }); // fs-safe: (as above)
    }
    close();
    return moved(p, reason + why, salvaged ? tmp : undefined, salvaged);
  } finally {
    close();
  }
}
