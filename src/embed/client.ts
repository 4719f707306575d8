// The embedding daemon's client. Hook-safe: node:net only, short timeouts, never throws, never
// loads a model. A hook asks with a budget of tens of milliseconds and falls back to text search.
import { existsSync } from 'node:fs';
import { spawnNodeDetached } from '../common/process.js';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '../common/paths.js';
import { EMBED_DIMS } from './model.js';
import { fromBase64, validVector, type Embedder } from './embedder.js';
import { daemonPaths } from '../common/sockets.js';

export interface DaemonRequest {
  op: 'embed' | 'ping' | 'shutdown';
  texts?: string[];
}

export interface DaemonInfo {
  ok: boolean;
  pid: number;
  model: string;
  loaded: boolean;
  loadMs?: number;
  rssBytes: number;
  uptimeMs: number;
  requests: number;
  idleExitMs: number;
  error?: string;
}

/** Sends one request, reads one JSON line back. Null on any failure or after timeoutMs. */
export function daemonRequest<T>(
  req: DaemonRequest,
  opts: { timeoutMs: number; env?: NodeJS.ProcessEnv; socket?: string },
): Promise<T | null> {
  return new Promise((resolve) => {
    let done = false;
    let buf = '';
    const socketPath = opts.socket ?? daemonPaths(opts.env).socket;
    // No socket file: no daemon. Answer at once instead of loading and trying the net module.
    if (!existsSync(socketPath)) return resolve(null);
    const finish = (v: T | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(v);
    };
    const timer = setTimeout(() => finish(null), Math.max(1, opts.timeoutMs));
    const sock = createConnection(socketPath);
    sock.setEncoding('utf8');
    sock.on('error', () => finish(null));
    sock.on('close', () => finish(null));
    sock.on('connect', () => {
      sock.write(JSON.stringify(req) + '\n');
    });
    sock.on('data', (chunk: string) => {
      buf += chunk;
      if (buf.length > 64 * 1024 * 1024) return finish(null);
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      try {
        finish(JSON.parse(buf.slice(0, nl)) as T);
      } catch {
        finish(null);
      }
    });
  });
}

/**
 * Embeds texts through a running daemon. Returns null fast (connection refused / no socket) when
 * no daemon answers, or after `timeoutMs`; otherwise one vector (or null) per text.
 */
export async function embedViaDaemon(
  texts: string[],
  opts: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<(Float32Array | null)[] | null> {
  try {
    if (texts.length === 0) return [];
    const r = await daemonRequest<{ ok: boolean; vectors?: (string | null)[] }>(
      { op: 'embed', texts },
      { timeoutMs: opts.timeoutMs ?? 60, env: opts.env },
    );
    if (!r || !r.ok || !Array.isArray(r.vectors) || r.vectors.length !== texts.length) return null;
    return r.vectors.map((s) => {
      const v = typeof s === 'string' ? fromBase64(s) : null;
      return validVector(v, EMBED_DIMS) ? v : null;
    });
  } catch {
    return null;
  }
}

/** The daemon's status, or null when none answers within timeoutMs. */
export async function pingDaemon(
  opts: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<DaemonInfo | null> {
  try {
    const r = await daemonRequest<DaemonInfo>(
      { op: 'ping' },
      { timeoutMs: opts.timeoutMs ?? 200, env: opts.env },
    );
    return r && r.ok ? r : null;
  } catch {
    return null;
  }
}

/** Asks a running daemon to exit. True when one answered. */
export async function stopDaemon(
  opts: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<boolean> {
  const r = await daemonRequest<{ ok: boolean }>(
    { op: 'shutdown' },
    { timeoutMs: opts.timeoutMs ?? 1000, env: opts.env },
  );
  return !!r?.ok;
}

/** An Embedder backed by the daemon: all-null when it does not answer. */
export function daemonEmbedder(opts: { timeoutMs: number; env?: NodeJS.ProcessEnv }): Embedder {
  return {
    name: 'daemon',
    async embed(texts: string[]) {
      const r = await embedViaDaemon(texts, opts);
      return r ?? texts.map(() => null);
    },
  };
}

/** dist/daemon.js next to the running bundle (chunks live in dist/chunks/). */
export function daemonScript(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SELF_GEN_DAEMON_SCRIPT) return env.SELF_GEN_DAEMON_SCRIPT;
  let here: string;
  try {
    here = dirname(fileURLToPath(import.meta.url));
  } catch {
    return null;
  }
  for (const c of [
    join(here, 'daemon.js'),
    join(here, '..', 'daemon.js'),
    join(here, '..', '..', 'dist', 'daemon.js'),
  ]) {
    if (existsSync(c)) return c;
  }
  return null;
}

export type EnsureResult = 'running' | 'spawned' | 'no-script' | 'failed';

/**
 * Starts the daemon detached when none answers. Cheap when one runs (one local connection); never
 * waits for the model to load. Two callers at once are safe: the daemon takes a lock and the
 * second exits at once.
 */
export async function ensureDaemon(
  env: NodeJS.ProcessEnv = process.env,
  opts: { pingTimeoutMs?: number; script?: string } = {},
): Promise<EnsureResult> {
  try {
    if (await pingDaemon({ env, timeoutMs: opts.pingTimeoutMs ?? 50 })) return 'running';
    const script = opts.script ?? daemonScript(env);
    if (!script) return 'no-script';
    const p = paths(env);
    const spawned = spawnNodeDetached(script, [], {
      env: { ...env, SELF_GEN_HOME: p.home },
      cwd: p.home,
      log: { home: p.home, file: daemonPaths(env).log },
    });
    if (!spawned) return 'failed';
    return 'spawned';
  } catch {
    return 'failed';
  }
}
