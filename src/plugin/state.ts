// Where the plugin form keeps its native dependencies and the state of their installation, in the
// plugin's data folder (${CLAUDE_PLUGIN_DATA}, kept by Claude Code across plugin updates):
//   native/               node_modules with better-sqlite3, sqlite-vec, re2js (the pinned versions)
//   native-status.json    { state: installing | ready | failed, pins, startedAt, finishedAt, error }
//   native-install.log    npm's output of the last attempt
//   native.lock           held while an install runs (src/common/lock.ts; refreshed every few seconds)
//   native-failure-shown  made when a SessionStart told the user about a failure (once), removed when ready
//   spool/                hook inputs kept until ready (src/plugin/spool.ts)
//   bin/self-gen          the CLI launcher (src/plugin/launcher.ts), plugin-root: where the plugin is
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';

export type NativeState = 'installing' | 'ready' | 'failed';

export interface NativeStatus {
  state: NativeState;
  /** package → exact version, as the plugin build pinned them (plugin/package.json nativeDependencies). */
  pins: Record<string, string>;
  startedAt: string;
  finishedAt?: string;
  pid?: number;
  /** The last lines of npm's output when the install failed. */
  error?: string;
  /** What to do about the failure (shown once in Claude Code, and by `self-gen doctor`). */
  fix?: string;
}

const q = (s: string): string => `"${s.replace(/(["\\$`])/g, '\\$1')}"`;

/** The command that runs the install by hand (the user's shell). */
export function retryCommand(data: string, pluginRoot: string): string {
  return `CLAUDE_PLUGIN_DATA=${q(data)} node ${q(join(pluginRoot, 'dist', 'plugin-bootstrap.js'))}`;
}

export interface NativePaths {
  data: string;
  dir: string;
  status: string;
  log: string;
  lock: string;
}

export function nativePaths(data: string): NativePaths {
  return {
    data,
    dir: join(data, 'native'),
    status: join(data, 'native-status.json'),
    log: join(data, 'native-install.log'),
    lock: join(data, 'native.lock'),
  };
}

/** A small regular file's JSON (never through a link, never blocking on a FIFO); null otherwise. */
export function readSmallJson(file: string, max = 256 * 1024): unknown {
  let fd: number | null = null;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > max) return null;
    const buf = Buffer.alloc(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, buf, got, st.size - got, got);
      if (n <= 0) break;
      got += n;
    }
    return JSON.parse(buf.toString('utf8', 0, got)) as unknown;
  } catch {
    return null;
  } finally {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {}
    }
  }
}

export function readStatus(data: string): NativeStatus | null {
  const s = readSmallJson(nativePaths(data).status) as NativeStatus | null;
  return s && typeof s === 'object' && typeof s.state === 'string' ? s : null;
}

/** The native dependencies a plugin build pins (its package.json's nativeDependencies). */
export function pluginPins(pluginRoot: string): Record<string, string> {
  const pkg = readSmallJson(join(pluginRoot, 'package.json')) as {
    nativeDependencies?: Record<string, string>;
  } | null;
  return pkg?.nativeDependencies ?? {};
}

export function samePins(a: Record<string, string> | undefined, b: Record<string, string>): boolean {
  if (!a) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && kb.every((k) => a[k] === b[k]);
}
