// The one cross-process lock of the project: a lock file made with O_EXCL that holds
// "<pid> <epoch ms> <host> <nonce>". Used for a millisecond (the shared-context summary), for a
// background run (the integrity check, an analysis, an orchestrator step) and for a whole server's
// life (the embedding daemon, the warm hook server, the plugin's native install).
//   - acquire: open(lock, 'wx'); on EEXIST wait a few ms and retry until `timeoutMs` (0: one try);
//   - stale: the holder's pid is gone (same host), or the lock was not refreshed for `staleMs`
//     (its age is the newer of the time written in it and its mtime); a stale lock is moved aside
//     with rename (atomic: one waiter wins) and re-checked before it is removed. A folder at the
//     path (the lock of an older version, made by proper-lockfile's mkdir) is stale by its mtime;
//   - long holders (`acquireLockAsync` with `refreshMs`) touch the file's mtime now and then and
//     learn through `onLost` when the file is no longer theirs;
//   - release: unlink, only while the file still holds our token; also on process exit.
// Why not proper-lockfile: ~7 ms more to load in a hook process, async only, and its default
// "compromised" handler throws from a timer (in a hook that ends the process before the write).
import { closeSync, lutimesSync, openSync, renameSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { pidAlive } from './process.js';
import { lstatOrNull, readRegularText } from './safe-fs.js';

export interface LockOptions {
  /** Give up after this long (ms); 0: one try. Default 1500. */
  timeoutMs?: number;
  /** A lock not refreshed for this long is stale whatever its pid (ms). Default 10 s. */
  staleMs?: number;
  now?: () => number;
}

export interface Lock {
  path: string;
  release: () => void;
}

const HOST = hostname();
/** Locks this process holds: path → token (released on exit too). */
const held = new Map<string, string>();
let exitHook = false;

/** A lock file's text: a regular file only, never through a symlink, never blocking (FIFO → null). */
function readLockFile(path: string): string | null {
  return readRegularText(path, { noFollow: true, maxBytes: 4096 });
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleepMs(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

const pause = () => 2 + Math.floor(Math.random() * 10);

/** True when the lock file (text `text`, mtime `mtimeMs`) is abandoned. */
export function isStale(text: string, mtimeMs: number, staleMs: number, now: number): boolean {
  const [pidStr, tsStr, host] = text.trim().split(' ');
  const pid = Number(pidStr);
  if (host === HOST && Number.isInteger(pid) && pid > 0 && !pidAlive(pid)) return true;
  const ts = Number(tsStr);
  // A refreshed lock is judged by its mtime; an empty file (a holder that died between open and
  // write) too.
  const born = Math.max(Number.isFinite(ts) && ts > 0 ? ts : 0, mtimeMs);
  return now - born > staleMs;
}

/** A folder at the lock path: an older version's proper-lockfile lock, stale when not refreshed. */
function breakStaleFolder(path: string, mtimeMs: number, staleMs: number, now: number): boolean {
  if (now - mtimeMs <= staleMs) return false;
  try {
    rmdirSync(path); // fs-safe: removes only an empty folder, the entry itself (never through a link)
    return true;
  } catch {
    return false;
  }
}

/** Removes the lock at `path` when it is stale; true when it did (the caller tries again at once). */
function breakIfStale(path: string, staleMs: number, now: number): boolean {
  const st = lstatOrNull(path);
  if (!st) return true; // gone already
  if (st.isDirectory()) return breakStaleFolder(path, Number(st.mtimeMs), staleMs, now);
  const text = readLockFile(path);
  if (text === null) return false; // gone meanwhile, or not a lock file we could have made (left alone)
  if (!isStale(text, Number(st.mtimeMs), staleMs, now)) return false;
  const aside = `${path}.stale-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    // fs-safe: rename/unlink act on the entry itself (never follow a link); the lock lives in a folder its caller checked
    renameSync(path, aside);
  } catch {
    return true; // another waiter moved it first
  }
  // If the file we moved is not the one we judged (a new holder took the lock in between),
  // put it back: its holder still believes it owns the lock.
  const moved = readLockFile(aside) ?? '';
  if (moved !== text) {
    try {
      renameSync(aside, path); // fs-safe: (as above)
    } catch {}
    return false;
  }
  try {
    unlinkSync(aside); // fs-safe: (as above)
  } catch {}
  return true;
}

type Attempt = { lock: Lock } | { busy: true } | { impossible: true };

/** One try: takes the lock, or says whether it is held (worth waiting) or cannot be made. */
function tryOnce(path: string, now: number): Attempt {
  const token = `${process.pid} ${now} ${HOST} ${Math.random().toString(36).slice(2, 10)}\n`;
  let fd: number | null = null;
  try {
    // fs-safe: 'wx' (O_EXCL) never follows or reuses an existing entry
    fd = openSync(path, 'wx', 0o600);
    writeSync(fd, token);
    closeSync(fd);
    fd = null;
  } catch (e) {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {}
    }
    return (e as NodeJS.ErrnoException).code === 'EEXIST' ? { busy: true } : { impossible: true };
  }
  held.set(path, token);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const [p, t] of [...held]) releaseFile(p, t);
    });
  }
  return { lock: { path, release: () => releaseFile(path, token) } };
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

/** Takes the lock (waiting synchronously) or returns null after timeoutMs. Never throws for contention. */
export function acquireLock(path: string, opts: LockOptions = {}): Lock | null {
  const now = opts.now ?? Date.now;
  const staleMs = opts.staleMs ?? 10_000;
  const deadline = now() + (opts.timeoutMs ?? 1500);
  for (let attempt = 0; ; attempt++) {
    const r = tryOnce(path, now());
    if ('lock' in r) return r.lock;
    if ('impossible' in r) return null; // folder missing or unwritable: no lock possible
    if (attempt % 4 === 0 && breakIfStale(path, staleMs, now())) continue; // try again at once
    if (now() >= deadline) return null;
    sleepMs(pause());
  }
}

/** Runs `fn` under the lock; `{ ran: false }` (without running fn) when the lock is not taken. */
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

export interface AsyncLockOptions extends LockOptions {
  /** Touch the lock file this often while held (a long holder), and watch that it stays ours. */
  refreshMs?: number;
  /** Called once when a refreshed lock turns out not to be ours any more (removed or taken over). */
  onLost?: (reason: string) => void;
}

/** Like acquireLock, but waits without blocking the event loop; a long holder refreshes the lock. */
export async function acquireLockAsync(path: string, opts: AsyncLockOptions = {}): Promise<Lock | null> {
  const now = opts.now ?? Date.now;
  const staleMs = opts.staleMs ?? 10_000;
  const deadline = now() + (opts.timeoutMs ?? 1500);
  for (let attempt = 0; ; attempt++) {
    const r = tryOnce(path, now());
    if ('lock' in r) return opts.refreshMs ? refreshing(r.lock, opts.refreshMs, opts.onLost) : r.lock;
    if ('impossible' in r) return null;
    if (attempt % 4 === 0 && breakIfStale(path, staleMs, now())) continue;
    if (now() >= deadline) return null;
    await new Promise((done) => setTimeout(done, pause() * 3));
  }
}

/** Keeps a held lock fresh (mtime touched every `everyMs`) until released; tells when it was lost. */
function refreshing(lock: Lock, everyMs: number, onLost?: (reason: string) => void): Lock {
  const token = held.get(lock.path);
  const timer = setInterval(() => {
    if (readLockFile(lock.path) === token) {
      try {
        const t = new Date();
        lutimesSync(lock.path, t, t); // fs-safe: touches our own lock file's times, never through a link
        return;
      } catch {}
    }
    clearInterval(timer);
    held.delete(lock.path);
    onLost?.(`the lock ${lock.path} was removed or taken over`);
  }, everyMs);
  timer.unref();
  return {
    path: lock.path,
    release: () => {
      clearInterval(timer);
      lock.release();
    },
  };
}

/** Runs `fn` under the lock (waiting without blocking); `{ ran: false }` when it is not taken. */
export async function withLockAsync<T>(
  path: string,
  opts: AsyncLockOptions,
  fn: () => Promise<T> | T,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const lock = await acquireLockAsync(path, opts);
  if (!lock) return { ran: false };
  try {
    return { ran: true, value: await fn() };
  } finally {
    lock.release();
  }
}

export interface LockHolder {
  pid: number;
  host: string;
  /** When it took the lock (ISO time), if the file says. */
  since: string | null;
}

/** Who holds the lock at `path` (for messages), or null when no readable lock file is there. */
export function lockHolder(path: string): LockHolder | null {
  const text = readLockFile(path);
  if (!text) return null;
  const [pidStr, tsStr, host] = text.trim().split(' ');
  const pid = Number(pidStr);
  if (!Number.isInteger(pid) || pid <= 0 || !host) return null;
  const ts = Number(tsStr);
  return { pid, host, since: Number.isFinite(ts) && ts > 0 ? new Date(ts).toISOString() : null };
}
