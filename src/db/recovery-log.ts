// The "needs check" flag a hook leaves when SQLite reports damage, and recovery.log: the notices of
// the background integrity check (database moved aside, index rebuilt) until the user acknowledges
// them with `self-gen repair --ack`. Cheap on purpose: a hook only ever writes the flag file.
import { appendNoFollow } from '../common/safe-fs.js';
import { lstatSync, openSync, closeSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isCorruptError } from './db.js';
import type { Paths } from '../common/paths.js';

/** The flag file a hook writes when it sees a damaged database. */
export const needsCheckFile = (p: Pick<Paths, 'dataDir'>): string => join(p.dataDir, 'needs-check');

/** A flag older than this is renewed (and the check started again): the last check may have died. */
const FLAG_RENEW_MS = 60 * 60 * 1000;

/**
 * Marks the database for the background integrity check. Returns true when the flag is new (or
 * renewed), i.e. when the caller should start the check; false when a check is already asked for.
 */
export function markNeedsCheck(p: Pick<Paths, 'dataDir'>, reason: string, now = Date.now()): boolean {
  const file = needsCheckFile(p);
  try {
    const st = lstatSync(file);
    if (now - st.mtimeMs < FLAG_RENEW_MS) return false;
    unlinkSync(file); // fs-safe: unlink removes a link as a link; the flag lives in the checked data/ folder
  } catch {}
  try {
    // fs-safe: 'wx': never follows or reuses an existing file (two hooks at once: one of them wins).
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, JSON.stringify({ ts: new Date(now).toISOString(), reason: reason.slice(0, 300) }));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * For code that swallows database errors (it must never throw): when `err` reports damage, flag
 * the database `db` for the integrity check. `db.name` is its file, so no paths are needed.
 */
export function flagIfDamaged(db: { name: string } | null | undefined, err: unknown): void {
  if (!db || !isCorruptError(err) || !db.name || db.name === ':memory:') return;
  try {
    markNeedsCheck({ dataDir: dirname(db.name) }, String((err as Error)?.message ?? err));
  } catch {}
}

export function readNeedsCheck(p: Paths): { ts?: string; reason?: string } | null {
  try {
    const st = lstatSync(needsCheckFile(p));
    if (!st.isFile() || st.size > 4096) return { reason: 'flag file is not a small regular file' };
    return JSON.parse(readFileSync(needsCheckFile(p), 'utf8')) as { ts?: string; reason?: string };
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? null : {};
  }
}

export function clearNeedsCheck(p: Paths): void {
  try {
    // fs-safe: unlink removes a link as a link; our flag file in the checked data/ folder
    unlinkSync(needsCheckFile(p));
  } catch {}
}

export type NoticeKind = 'moved' | 'rebuilt';

export interface Notice {
  ts: string;
  kind?: NoticeKind;
  /** Where the damaged database now is (kind 'moved'). */
  movedTo?: string;
  reason?: string;
  /** Rows copied into the fresh database, per table (kind 'moved', when something was readable). */
  salvaged?: Record<string, number>;
  /** Indexes rebuilt in place (kind 'rebuilt'). */
  rebuilt?: string[];
  /** An acknowledgement line: every notice before it is acknowledged. */
  ack?: boolean;
}

export function appendNotice(p: Paths, n: Notice): void {
  appendNoFollow(p.recoveryLog, JSON.stringify(n) + '\n', 0o600); // never through a link, regular files only
}

const MAX_LOG_BYTES = 1024 * 1024;

/** Every line of recovery.log (bad lines skipped); [] when absent or not a regular file. */
export function readNotices(p: Paths): Notice[] {
  let text: string;
  try {
    const st = lstatSync(p.recoveryLog);
    if (!st.isFile()) return [];
    text = readFileSync(p.recoveryLog, 'utf8');
    if (text.length > MAX_LOG_BYTES) text = text.slice(-MAX_LOG_BYTES);
  } catch {
    return [];
  }
  const out: Notice[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const n = JSON.parse(line) as Notice;
      if (n && typeof n === 'object') out.push(n);
    } catch {}
  }
  return out;
}

/** The notices after the last acknowledgement. */
export function pendingNotices(p: Paths): Notice[] {
  const all = readNotices(p);
  let last = -1;
  all.forEach((n, i) => {
    if (n.ack) last = i;
  });
  return all.slice(last + 1).filter((n) => !n.ack);
}

/** Acknowledges every notice so far (the log keeps them). Returns how many were pending. */
export function acknowledgeNotices(p: Paths): number {
  const n = pendingNotices(p).length;
  if (n > 0) appendNotice(p, { ts: new Date().toISOString(), ack: true });
  return n;
}
