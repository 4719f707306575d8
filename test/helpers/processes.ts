// Ending what a test left running in its own folders before they are deleted: a detached worker or
// warm server a hook started, a bootstrap and its npm. On a loaded machine such a process may still
// be writing when the test ends, and deleting the folder under it fails (ENOTEMPTY) or races it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Running, not a zombie: a child of this process that exited stays one until the event loop reaps it,
 * which it cannot do while endProcessesIn waits. */
const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

/** The processes whose command line or environment names one of `dirs` (never this one). */
export function processesIn(dirs: string[]): number[] {
  if (!dirs.length || !existsSync('/proc')) return [];
  const pids: number[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid) continue;
    try {
      const seen = ['cmdline', 'environ'].map((f) => readFileSync(join('/proc', e, f), 'latin1')).join('\0');
      // the folder itself or a path inside it, never a longer name that starts the same
      if (dirs.some((d) => seen.includes(`${d}/`) || seen.includes(`${d}\0`))) pids.push(Number(e));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/**
 * Ends every process working in one of `dirs`: SIGTERM, up to 60 s to exit (a slow machine), then
 * SIGKILL. Synchronous, so a cleanup can call it just before it deletes the folders.
 */
export function endProcessesIn(dirs: string[]): void {
  const pids = processesIn(dirs);
  if (!pids.length) return;
  for (const pid of pids)
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  const end = Date.now() + 60_000;
  while (pids.some(alive) && Date.now() < end) pause(100);
  for (const pid of pids.filter(alive))
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
}
