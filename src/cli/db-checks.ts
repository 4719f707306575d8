// The database's checks for `status` and `doctor`: size, schema, events, integrity, sqlite-vec and
// the queue; each failing step becomes a result with its real cause and fix.
import { lstatSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { paths, type Paths } from '../common/paths.js';
import { readTextIn, writeFileAtomicIn } from '../common/safe-fs.js';
import {
  dbSizeBytes,
  ensureVec,
  isBusyError,
  isCorruptError,
  isReadOnlyError,
  vecProblem,
  type DB,
} from '../db/db.js';
import { eventCount, lastEvent } from '../db/events/read.js';
import { queuedCount } from '../db/events/queue.js';
import { damagedFts, lastCheck } from '../db/integrity.js';
import { SCHEMA_VERSION } from '../db/schema.js';
import type { CheckContext, CheckResult } from '../hook/contract/part.js';

export const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

export const REPAIR_FIX =
  'run `self-gen repair` (moves the damaged file aside keeping every readable row; hooks keep working meanwhile)';

function damaged(file: string, what: string): CheckResult {
  return { name: 'database', level: 'error', message: `${file} is damaged: ${what}`, fix: REPAIR_FIX };
}

/** Why a database operation failed, as a check result with the real cause and its fix. */
export function dbFailure(file: string, doing: string, e: unknown): CheckResult {
  const code = (e as { code?: string })?.code ?? '';
  const msg = String((e as Error)?.message ?? e);
  if (isCorruptError(e)) return damaged(file, `${msg} (while ${doing})`);
  if (code.startsWith('SQLITE_FULL'))
    return {
      name: 'database',
      level: 'error',
      message: `the disk of ${file} is full (while ${doing})`,
      fix: 'free disk space (or point SELF_GEN_HOME at another disk); recording resumes by itself',
    };
  if (isReadOnlyError(e))
    return {
      name: 'database',
      level: 'error',
      message: `${file} cannot be written (${msg}, while ${doing}); it is read-only, not damaged`,
      fix: `make ${dirname(file)} writable (remount the disk read-write, or chmod u+w), or point SELF_GEN_HOME elsewhere`,
    };
  if (isBusyError(e))
    return {
      name: 'database',
      level: 'warn',
      message: `${file} is locked by another process (while ${doing})`,
      fix: 'run the command again in a moment; if it stays locked, find the process holding it',
    };
  return {
    name: 'database',
    level: 'error',
    message: `${file}: ${msg} (while ${doing})`,
    fix: 'run `self-gen repair`; if this stays, report it with this line',
  };
}

/** A check's results, and its steps: a step that throws adds why it failed (a read-only disk once). */
function collector(file: string) {
  const out: CheckResult[] = [];
  // A read-only disk fails every write the checks make (the FTS check, the vector table): said once.
  let readOnlySaid = false;
  const fail = (doing: string, e: unknown): void => {
    if (isReadOnlyError(e)) {
      if (readOnlySaid) return;
      readOnlySaid = true;
    }
    out.push(dbFailure(file, doing, e));
  };
  const step = <T>(doing: string, fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (e) {
      fail(doing, e);
      return undefined;
    }
  };
  return { out, fail, step };
}
type Collector = ReturnType<typeof collector>;

/** Size, schema version, events (first in the list), then the file mode. */
function dbSummary(ctx: CheckContext, p: Paths, db: DB, c: Collector): void {
  const version = c.step(
    'reading the schema version',
    () => db.pragma('user_version', { simple: true }) as number,
  );
  const events = c.step('counting events', () => eventCount(db));
  const last = c.step('reading the last event', () => lastEvent(db));
  if (version !== undefined && events !== undefined) {
    const checked = lastCheck(p);
    c.out.unshift({
      name: 'database',
      level: 'ok',
      message: `${p.db}: ${mb(dbSizeBytes(ctx.env))}, schema v${version}/${SCHEMA_VERSION}, ${events} events${last ? `, last ${last.type} at ${last.ts}` : ''}${checked ? `; integrity checked ${checked.toISOString()}` : ''}`,
    });
  }
  c.step('reading its file mode', () => {
    const mode = statSync(p.db).mode & 0o777;
    if (mode & 0o077)
      c.out.push({
        name: 'database',
        level: 'warn',
        message: `${p.db} has mode ${mode.toString(8)}`,
        fix: `chmod 600 ${p.db}`,
      });
  });
}

/**
 * `status` runs quick_check at most once in this interval: a passing check (its own, `doctor`'s or
 * the background one) within it is taken as is. Damage found later is still reported: a hook that
 * meets it flags the database (the recovery line), and the next check after the interval sees it.
 * `doctor` checks every time (integrity_check and the full-text indexes).
 */
export const STATUS_CHECK_INTERVAL_MS = 10 * 60 * 1000;
const statusStamp = (p: Paths) => join(p.dataDir, 'status-checked');

/** When `status` or `doctor` last found the database sound (the stamp's modification time). */
function lastStatusCheck(p: Paths): number | null {
  try {
    return lstatSync(statusStamp(p)).mtimeMs;
  } catch {
    return null;
  }
}

function checkedRecently(p: Paths, now = Date.now()): boolean {
  const last = Math.max(lastStatusCheck(p) ?? 0, lastCheck(p)?.getTime() ?? 0);
  return last <= now && now - last < STATUS_CHECK_INTERVAL_MS;
}

/** quick_check (integrity_check and the full-text indexes when deep); status: once per interval. */
function dbIntegrity(ctx: CheckContext, p: Paths, db: DB, c: Collector): boolean {
  if (!ctx.deep && checkedRecently(p)) return false;
  const check = ctx.deep ? 'integrity_check' : 'quick_check';
  const before = c.out.length;
  c.step(`running ${check}`, () => {
    const res = db.pragma(check) as Record<string, string>[];
    const first = res[0] ? String(Object.values(res[0])[0]) : 'ok';
    if (first !== 'ok')
      c.out.push(damaged(p.db, `${check} failed: ${first.split('\n').slice(0, 2).join(' ')}`));
  });
  if (ctx.deep) {
    c.step('checking the full-text indexes', () => {
      for (const name of damagedFts(db))
        c.out.push(damaged(p.db, `the full-text index ${name} fails its integrity check`));
    });
  }
  return c.out.length === before;
}

const VEC_LOADED = 'sqlite-vec loaded';

/** The stamp of a passing check, with whether sqlite-vec loaded then. */
function writeStamp(p: Paths, vecLoaded: boolean): void {
  try {
    writeFileAtomicIn(p.dataDir, statusStamp(p), vecLoaded ? VEC_LOADED : '', 0o600);
  } catch {
    // A read-only data folder: the next status checks again.
  }
}

/** Whether `status` itself loaded sqlite-vec within the interval (a check that passed). */
function vecLoadedRecently(p: Paths, now = Date.now()): boolean {
  const at = lastStatusCheck(p);
  if (at === null || at > now || now - at >= STATUS_CHECK_INTERVAL_MS) return false;
  try {
    return readTextIn(p.dataDir, statusStamp(p)) === VEC_LOADED;
  } catch {
    return false;
  }
}

const VEC_OK: CheckResult = { name: 'sqlite-vec', level: 'ok', message: 'loaded; vector search available' };

/** Loads sqlite-vec into the connection; whether it loaded. */
async function vecCheck(db: DB, c: Collector): Promise<boolean> {
  const vec = await ensureVec(db);
  const why = vec ? undefined : vecProblem(db);
  if (vec) c.out.push(VEC_OK);
  else if (why?.stage === 'table')
    c.fail('creating the vector table', { code: why.code, message: why.message });
  else
    c.out.push({
      name: 'sqlite-vec',
      level: 'warn',
      message: `sqlite-vec could not be loaded (${why?.message ?? 'unknown'}): only text search tiers work`,
      fix: 'reinstall: npm install (sqlite-vec ships its binary in the npm package)',
    });
  return vec;
}

function queueCheck(ctx: CheckContext, p: Paths): CheckResult[] {
  const queued = queuedCount(ctx.env);
  if (queued <= 0) return [];
  return [
    {
      name: 'queue',
      level: 'warn',
      message: `${queued} event(s) wait in ${p.queueDir} (the database was locked or damaged); the next hook stores them`,
      fix: 'nothing to do unless the number keeps growing: then look for a process holding the database, or run `self-gen repair`',
    },
  ];
}

export async function databaseCheck(ctx: CheckContext): Promise<CheckResult[]> {
  const p = paths(ctx.env);
  if (!ctx.db) {
    return [
      {
        name: 'database',
        level: 'info',
        message: `${p.db} does not exist yet (created by the first hook)`,
      },
    ];
  }
  const c = collector(p.db);
  dbSummary(ctx, p, ctx.db, c);
  // sqlite-vec is loaded (a few ms) by `doctor` every time, by `status` once per interval
  const vecKnown = !ctx.deep && vecLoadedRecently(p);
  const passed = dbIntegrity(ctx, p, ctx.db, c);
  if (vecKnown) c.out.push(VEC_OK);
  const vec = vecKnown || (await vecCheck(ctx.db, c));
  if (passed) writeStamp(p, vec);
  c.out.push(...queueCheck(ctx, p));
  return c.out;
}
