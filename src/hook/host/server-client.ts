// Starting, asking and stopping the warm hook server (src/hook/host/server.ts). Hook-safe: never throws,
// short timeouts, starting means spawning a detached process and not waiting for it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { ensureHomeDir, writeFileAtomicIn } from '../../common/safe-fs.js';
import { pidAlive, spawnNodeDetached } from '../../common/process.js';
import { join } from 'node:path';
import { request } from 'node:http';
import { distFile } from '../../common/dist.js';
import { paths } from '../../common/paths.js';
import { hookServerPaths } from '../../common/sockets.js';

const SPAWN_EVERY_MS = 3000;

export interface HookServerInfo {
  ok: boolean;
  pid: number;
  startedAt: string;
  requests: number;
  idleExitMs: number;
  rssBytes?: number;
  /** The 127.0.0.1 port of the bash client (absent when the server has none). */
  tcpPort?: number;
}

/** One HTTP request over the server's socket; null on any failure, a non-2xx answer, or after timeoutMs. */
export function hookServerRequest(
  method: 'GET' | 'POST',
  path: string,
  opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number; body?: string; socket?: string } = {},
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const socketPath = opts.socket ?? hookServerPaths(opts.env).socket;
    if (!existsSync(socketPath)) return resolve(null);
    let done = false;
    const finish = (v: { status: number; body: string } | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(v);
    };
    const timer = setTimeout(() => finish(null), Math.max(1, opts.timeoutMs ?? 500));
    const req = request(
      { socketPath, path, method, headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
          if (body.length > 1024 * 1024) finish(null);
        });
        res.on('end', () => finish({ status: res.statusCode ?? 0, body }));
        res.on('error', () => finish(null));
      },
    );
    req.on('error', () => finish(null));
    req.end(opts.body ?? '');
  });
}

/** The server's state, or null when none answers (as ours) within timeoutMs. */
export async function pingHookServer(
  opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<HookServerInfo | null> {
  const r = await hookServerRequest('GET', '/ping', { ...opts, timeoutMs: opts.timeoutMs ?? 300 });
  if (!r || r.status !== 200) return null;
  try {
    const info = JSON.parse(r.body) as HookServerInfo;
    return info && info.ok === true && typeof info.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}

export async function stopHookServer(
  opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<boolean> {
  const r = await hookServerRequest('POST', '/shutdown', { ...opts, timeoutMs: opts.timeoutMs ?? 1000 });
  return r?.status === 200;
}

/** What the pid file says (doctor shows it next to the ping; a stale one is harmless). */
export function hookServerPidFile(
  env: NodeJS.ProcessEnv = process.env,
): { pid: number; alive: boolean } | null {
  try {
    const j = JSON.parse(readFileSync(hookServerPaths(env).info, 'utf8')) as { pid?: unknown };
    if (typeof j.pid !== 'number' || !Number.isInteger(j.pid) || j.pid <= 0) return null;
    return { pid: j.pid, alive: pidAlive(j.pid) };
  } catch {
    return null;
  }
}

/**
 * Starts the server detached (it gives up at once when another holds the lock, so two callers at
 * once are safe). Does not wait and does not ask first: callers are hooks that just found it down.
 */
export function ensureHookServer(env: NodeJS.ProcessEnv = process.env, script?: string): boolean {
  if (env.SELF_GEN_NO_HOOK_SERVER === '1') return false;
  try {
    const file = script ?? env.SELF_GEN_HOOK_SERVER_SCRIPT ?? distFile('hook-server.js');
    if (!existsSync(file)) return false;
    const p = paths(env);
    // At most one start every few seconds (a killed server's lock stays until it is stale, and
    // meanwhile every hook would start one that gives up at once).
    const mark = join(p.runDir, 'hook-server.started');
    try {
      if (Date.now() - statSync(mark).mtimeMs < SPAWN_EVERY_MS) return false;
    } catch {}
    try {
      ensureHomeDir(p.home, p.runDir, 0o700);
      writeFileAtomicIn(p.home, mark, String(process.pid), 0o600);
    } catch {}
    return spawnNodeDetached(file, [], {
      env: { ...env, SELF_GEN_HOME: p.home, SELF_GEN_HOOK_WARM: '' },
      cwd: p.home,
      log: { home: p.home, file: hookServerPaths(env).log },
    });
  } catch {
    return false;
  }
}
