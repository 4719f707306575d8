// What every per-user background server of ours needs (the embedding daemon's pattern, shared): one
// instance per data home decided by a lock (a second start at the same moment gives up at once; a
// lock left by a killed server is stale after `staleMs`), a stale socket file removed once the lock
// is held, and an idle timer that ends the server when nobody asked for a while.
import { chmodSync } from 'node:fs';
import type { Server } from 'node:net';
import { dirname } from 'node:path';
import { acquireLockAsync } from './lock.js';
import { ensureHomeDir, unlinkIn } from './safe-fs.js';

export interface InstanceLock {
  release: () => Promise<void>;
}

/** Takes the lock file `lockPath` (inside `dir`) at once; null when another live instance holds it. */
export async function takeInstanceLock(opts: {
  /** The data home `dir` lies in (the folder is made inside it, never through a link). */
  home: string;
  dir: string;
  lockPath: string;
  staleMs: number;
  onLost: (reason: string) => void;
}): Promise<InstanceLock | null> {
  ensureHomeDir(opts.home, opts.dir, 0o700);
  const staleMs = Math.max(2000, opts.staleMs);
  const lock = await acquireLockAsync(opts.lockPath, {
    timeoutMs: 0,
    staleMs,
    refreshMs: Math.max(1000, Math.floor(staleMs / 3)),
    onLost: opts.onLost,
  });
  if (!lock) return null;
  return {
    release: async () => {
      lock.release();
    },
  };
}

/** Removes a file if it is there (a stale socket: only called while holding the instance lock). */
export function removeStale(path: string): void {
  try {
    unlinkIn(dirname(path), path); // the entry itself, never a link's target
  } catch {}
}

/** An idle timer: `touch()` on every request; `fire` runs after `ms` without one. */
export function idleTimer(ms: number, fire: () => void): { touch: () => void; stop: () => void } {
  let t: NodeJS.Timeout | null = null;
  const stop = () => {
    if (t) clearTimeout(t);
    t = null;
  };
  return {
    touch: () => {
      stop();
      t = setTimeout(fire, ms);
    },
    stop,
  };
}

/**
 * Listens on the Unix socket `path` (taken only while holding the instance lock), created 0600 from
 * the start (no window where another user could connect) and made sure. Null when listening, else
 * why not.
 */
export async function listenSocket(server: Server, path: string): Promise<string | null> {
  try {
    const umask = process.umask(0o177);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(path, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } finally {
      process.umask(umask);
    }
    chmodSync(path, 0o600); // fs-safe: the socket this process just created, under the instance lock
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * The main of a background server process (dist/daemon.js, dist/hook-server.js): names the
 * process, starts it, and ends quietly (exit 0) when another instance runs, with 1 when it failed.
 */
export function serverMain(
  title: string,
  start: () => Promise<{ started: true } | { started: false; reason: string }>,
): void {
  const say = (m: string) => process.stdout.write(`${new Date().toISOString()} [${process.pid}] ${m}\n`);
  process.title = title;
  start().then(
    (r) => {
      if (!r.started) {
        say(`not started: ${r.reason}`);
        process.exit(0);
      }
    },
    (e: unknown) => {
      say(`failed: ${String(e)}`);
      process.exit(1);
    },
  );
}
