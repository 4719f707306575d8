// A cross-process lock for _summary.md: an O_EXCL lock file with stale detection.
//
// Why not proper-lockfile: it costs ~7 ms more to load in a hook process, its lock is async with a
// timer that refreshes the lock's mtime, and when it decides a lock was "compromised" its default
// handler throws from a timer (in a hook that ends the process before the write). The summary is
// held for about a millisecond, so a synchronous lock file is enough:
//   - acquire: open(lock, 'wx') writes "<pid> <epoch ms> <host>"; on EEXIST wait 2–12 ms, retry;
//   - stale: the holder's pid is gone (same host), or the file is older than staleMs;
//     a stale lock is moved aside with rename (atomic, only one waiter wins) and re-checked;
//   - release: unlink, only when the file still holds our token; also on process exit.
import { closeSync, lstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { readRegularText } from '../common/safe-fs.js';

/** A lock file's text: a regular file only, never through a symlink, never blocking (FIFO → null). */
function readLockFile(path: string): string | null {
  return readRegularText(path, { noFollow: true, maxBytes: 4096 });
}

export interface LockOptions {
  /** Give up after this long (ms). */
  timeoutMs?: number;
  /** A lock file older than this is stale whatever its pid (ms). */
  staleMs?: number;
  now?: () => number;
}

export interface Lock {
  path: string;
  release: () => void;
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleepMs(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

const HOST = hostname();
/** Locks this process holds: path → token (released on exit too). */
const held = new Map<string, string>();
let exitHook = false;

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the lock file at `path` (with content `text`, mtime `mtimeMs`) is abandoned. */
export function isStale(text: string, mtimeMs: number, staleMs: number, now: number): boolean {
  const [pidStr, tsStr, host] = text.trim().split(' ');
  const pid = Number(pidStr);
  if (host === HOST && Number.isInteger(pid) && pid > 0 && !pidAlive(pid)) return true;
  const ts = Number(tsStr);
  const born = Number.isFinite(ts) && ts > 0 ? ts : mtimeMs;
  // An empty file (a holder that died between open and write) is judged by its mtime.
  return now - born > staleMs;
}

function breakIfStale(path: string, staleMs: number, now: number): void {
  let mtimeMs: number;
  const text = readLockFile(path);
  if (text === null) return; // gone already, or not a lock file we could have made (left alone)
  try {
    mtimeMs = lstatSync(path).mtimeMs;
  } catch {
    return; // gone already
  }
  if (!isStale(text, mtimeMs, staleMs, now)) return;
  const aside = `${path}.stale-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    // fs-safe: rename/unlink act on the entry itself (never follow a link); the lock lives in a session folder checked by safe-fs
    renameSync(path, aside);
  } catch {
    return; // another waiter moved it first
  }
  // If the file we moved is not the one we judged (a new holder took the lock in between),
  // put it back: its holder still believes it owns the lock.
  const moved = readLockFile(aside) ?? '';
  if (moved !== text) {
    try {
      renameSync(aside, path); // fs-safe: (as above)
    } catch {}
    return;
  }
  try {
    unlinkSync(aside); // fs-safe: (as above)
  } catch {}
}

/** Takes the lock or returns null after timeoutMs. Never throws for contention. */
export function acquireLock(path: string, opts: LockOptions = {}): Lock | null {
  const timeoutMs = opts.timeoutMs ?? 1500;
  const staleMs = opts.staleMs ?? 10_000;
  const now = opts.now ?? Date.now;
  const deadline = now() + timeoutMs;
  const token = `${process.pid} ${now()} ${HOST} ${Math.random().toString(36).slice(2, 10)}\n`;
  for (let attempt = 0; ; attempt++) {
    let fd: number | null = null;
    try {
      // fs-safe: 'wx' (O_EXCL) never follows or reuses an existing entry
      fd = openSync(path, 'wx', 0o600);
      writeSync(fd, token);
      closeSync(fd);
      fd = null;
      held.set(path, token);
      if (!exitHook) {
        exitHook = true;
        process.on('exit', () => {
          for (const [p, t] of [...held]) releaseFile(p, t);
        });
      }
      return { path, release: () => releaseFile(path, token) };
    } catch (e) {
      if (fd !== null) {
        try {
          closeSync(fd);
        } catch {}
      }
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') return null; // folder missing or unwritable: no lock possible
    }
    if (attempt % 4 === 0) breakIfStale(path, staleMs, now());
    if (now() >= deadline) return null;
    sleepMs(2 + Math.floor(Math.random() * 10));
  }
}

function releaseFile(path: string, token: string): void {
  if (held.get(path) !== token) return;
  held.delete(path);
  try {
    if (readLockFile(path) !== token) return; // not ours any more (judged stale and taken)
    // fs-safe: unlink removes a link as a link; only our own lock token is removed
    unlinkSync(path);
  } catch {}
}

/** Runs `fn` under the lock; returns undefined (without running fn) when the lock is not taken. */
export function withLock<T>(
  path: string,
  opts: LockOptions,
  fn: () => T,
): { ran: true; value: T } | { ran: false } {
  const lock = acquireLock(path, opts);
  if (!lock) return { ran: false };
  try {
    return { ran: true, value: fn() };
  } finally {
    lock.release();
  }
}
