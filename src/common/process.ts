// Processes, written once: is a pid alive, and start a process detached (never waited for).
import { spawn } from 'node:child_process';
import { closeSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureHomeDir, openAppendNoFollow } from './safe-fs.js';

/** True while a process with this pid exists (one we may not signal counts: EPERM). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DetachedOptions {
  env: NodeJS.ProcessEnv;
  /** Working folder, when it exists (else the parent's). */
  cwd?: string;
  /** stdout and stderr appended to this file inside the data home `home` (else discarded). */
  log?: { home: string; file: string };
}

/**
 * Starts `command args…` in its own process group with stdin closed and output discarded (or
 * appended to `log`): it outlives this process and holds none of its pipes, so a hook's caller
 * reading our stdout never waits for it. Never throws; true when it was started.
 */
export function spawnDetached(command: string, args: readonly string[], opts: DetachedOptions): boolean {
  let out: number | 'ignore' = 'ignore';
  if (opts.log) {
    try {
      ensureHomeDir(opts.log.home, dirname(opts.log.file), 0o700);
      out = openAppendNoFollow(opts.log.file, 0o600);
    } catch {}
  }
  try {
    const child = spawn(command, [...args], {
      detached: true,
      stdio: ['ignore', out, out],
      env: opts.env,
      cwd: opts.cwd && existsSync(opts.cwd) ? opts.cwd : undefined,
    });
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  } finally {
    if (typeof out === 'number') closeSync(out);
  }
}

/** `node <script> <args…>` detached (see spawnDetached), with this process's node. */
export function spawnNodeDetached(script: string, args: readonly string[], opts: DetachedOptions): boolean {
  return spawnDetached(process.execPath, [script, ...args], opts);
}
