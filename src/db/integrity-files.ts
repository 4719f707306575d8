// The files around the integrity check (integrity.ts), no SQL: when it last ran and whether one is
// due, the lock that keeps it to one process, the SQLite header sniff, whether the data folder can
// be written, and moving a damaged database (with its -wal/-shm) aside with a notice in
// recovery.log.
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  existsSync,
  linkSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Paths } from '../common/paths.js';
import { acquireLock } from '../common/lock.js';
import { writeFileAtomicIn } from '../common/safe-fs.js';
import { appendNotice, readNeedsCheck } from './recovery-log.js';

export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type IntegrityStatus =
  | 'ok'
  | 'absent'
  | 'not-due'
  | 'busy'
  | 'rebuilt'
  | 'moved'
  | 'left-alone'
  /** The data folder or database cannot be written: nothing was checked or changed. */
  | 'read-only';

export interface IntegrityResult {
  status: IntegrityStatus;
  message: string;
  movedTo?: string;
  salvaged?: Record<string, number>;
  rebuilt?: string[];
}

const stateFile = (p: Paths) => join(p.dataDir, 'integrity-checked');
const lockFile = (p: Paths) => join(p.dataDir, 'integrity.lock');

/** When the last check ran (the state file's mtime), or null. */
export function lastCheck(p: Paths): Date | null {
  try {
    return lstatSync(stateFile(p)).mtime;
  } catch {
    return null;
  }
}

/** Is a check due: a hook flagged damage, or the last check is older than the interval? */
export function integrityDue(p: Paths, now = Date.now(), intervalMs = CHECK_INTERVAL_MS): boolean {
  if (readNeedsCheck(p)) return true;
  const last = lastCheck(p);
  return !last || now - last.getTime() >= intervalMs;
}

export function markChecked(p: Paths): void {
  try {
    // a fresh file each time (its mtime is the time of the check), never through a link
    writeFileAtomicIn(p.dataDir, stateFile(p), '', 0o600);
  } catch {}
}

/** One check at a time across processes: the lock file (stale after 10 minutes, or when its holder died). */
export function takeLock(p: Paths): (() => void) | null {
  const lock = acquireLock(lockFile(p), { timeoutMs: 0, staleMs: 10 * 60 * 1000 });
  return lock ? lock.release : null;
}

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export function hasSqliteHeader(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(16);
    return readSync(fd, buf, 0, 16, 0) === 16 && buf.equals(HEADER);
  } finally {
    closeSync(fd);
  }
}

/** Why the data folder and database cannot be written (read-only disk or modes), or null. */
export function notWritable(p: Paths): string | null {
  for (const f of [p.dataDir, p.db]) {
    try {
      accessSync(f, constants.W_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      return `${f} is read-only (${code ?? 'not writable'})`;
    }
  }
  return null;
}

export function readOnly(p: Paths, why: string): IntegrityResult {
  return {
    status: 'read-only',
    message: `${p.db} cannot be written: ${why}; nothing was checked or changed (a read-only database is not damaged)`,
  };
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/**
 * Moves the database (and its -wal/-shm) aside to `<db>.corrupt-<time>`; when `replacement` is
 * given, it takes the database's place. The database path is never missing in between (link, then
 * an atomic rename over it), and the old WAL is moved first so it can never pair with the new file.
 */
function moveAside(p: Paths, replacement?: string): string {
  let target = `${p.db}.corrupt-${stamp()}`;
  while (existsSync(target)) target += '-1';
  // fs-safe-begin: the database and its -wal/-shm moved aside in the checked data/ folder (rename and
  // link act on the entries themselves, never through a link)
  for (const s of ['-wal', '-shm']) {
    try {
      renameSync(p.db + s, target + s);
    } catch {}
  }
  if (replacement) {
    try {
      linkSync(p.db, target);
      renameSync(replacement, p.db);
    } catch {
      renameSync(p.db, target);
      renameSync(replacement, p.db);
    }
    chmodSync(p.db, 0o600);
  } else {
    renameSync(p.db, target);
  }
  // fs-safe-end
  return target;
}

export function moved(
  p: Paths,
  reason: string,
  replacement?: string,
  salvaged?: Record<string, number>,
): IntegrityResult {
  const movedTo = moveAside(p, replacement);
  appendNotice(p, { ts: new Date().toISOString(), kind: 'moved', movedTo, reason, salvaged });
  const copied = salvaged ? Object.values(salvaged).reduce((a, b) => a + b, 0) : 0;
  return {
    status: 'moved',
    movedTo,
    salvaged,
    message: `${reason}; moved to ${movedTo}${salvaged ? `; ${copied} readable row(s) copied into a fresh database` : '; a fresh database is created by the next hook'}`,
  };
}
