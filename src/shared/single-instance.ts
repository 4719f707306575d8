// What every per-user background server of ours needs (the embedding daemon's pattern, shared): one
// instance per data home decided by a lock (a second start at the same moment gives up at once; a
// lock left by a killed server is stale after `staleMs`), a stale socket file removed once the lock
// is held, and an idle timer that ends the server when nobody asked for a while.
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
