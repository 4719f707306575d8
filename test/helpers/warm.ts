// The warm hook path for tests: dist/hook-server.js started as its own process, and payloads sent
// through a warm client exactly as Claude Code runs it in warm mode: `"<bash>" -p hook-warm.bash <Event>
// <port file>` (bash >= 4) or `sh hook-warm.sh <Event> <socket>` (curl).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { pingHookServer } from '../../src/hook/host/server-client.js';
import { hookServerPaths } from '../../src/common/sockets.js';
import { warmBash } from '../../src/cli/hook-mode.js';
import { ROOT } from './env.js';
import { runWithInput, type HookRun } from './hook-proc.js';

export const WARM_SH = join(ROOT, 'dist', 'hook-warm.sh');
export const WARM_BASH = join(ROOT, 'dist', 'hook-warm.bash');
/** The two warm clients (the bash one only where a bash >= 4 exists, as `self-gen hooks` decides). */
export type WarmClient = 'bash' | 'curl';
const bash4 = warmBash(process.env);
export const HAS_BASH4 = bash4 !== null;
export const WARM_CLIENTS: WarmClient[] = HAS_BASH4 ? ['bash', 'curl'] : ['curl'];
/** The bash the tests run the bash client with. */
export const BASH = bash4 ?? '/bin/bash';
export const SERVER_JS = join(ROOT, 'dist', 'hook-server.js');

export function socketOf(env: NodeJS.ProcessEnv): string {
  return hookServerPaths(env).socket;
}

export function portFileOf(env: NodeJS.ProcessEnv): string {
  return hookServerPaths(env).port;
}

/** Runs one hook through a warm client (the curl one unless told). */
export function runWarm(
  event: string,
  payload: object | string | Buffer,
  env: NodeJS.ProcessEnv,
  opts: { socket?: string; timeoutMs?: number; client?: WarmClient } = {},
): Promise<HookRun> {
  const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
  if (opts.client === 'bash')
    return runWithInput(BASH, ['-p', WARM_BASH, event, portFileOf(env)], body, {
      env,
      timeoutMs: opts.timeoutMs,
    });
  return runWithInput('sh', [WARM_SH, event, opts.socket ?? socketOf(env)], body, {
    env,
    timeoutMs: opts.timeoutMs,
  });
}

/** Starts `node dist/hook-server.js` (optionally through `sh -c '<prefix>; exec …'`). */
export function spawnServer(env: NodeJS.ProcessEnv, shellPrefix?: string): ChildProcess {
  const child = shellPrefix
    ? spawn('sh', ['-c', `${shellPrefix}; exec "${process.execPath}" "${SERVER_JS}"`], {
        env,
        stdio: 'ignore',
      })
    : spawn(process.execPath, [SERVER_JS], { env, stdio: 'ignore' });
  child.on('error', () => {});
  return child;
}

/** Waits until a server answers the ping (its pid), or null after timeoutMs. */
export async function waitForServer(env: NodeJS.ProcessEnv, timeoutMs = 75_000): Promise<number | null> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const info = await pingHookServer({ env, timeoutMs: 500 });
    if (info) return info.pid;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/** Events of a data home (type, tool_use_id), in id order. */
export function eventRows(
  home: string,
): { id: number; type: string; ts: string; toolUseId: string | null; data: Record<string, unknown> }[] {
  const db = new Database(join(home, 'data', 'self-gen.db'), { readonly: true });
  try {
    return (
      db.prepare('SELECT id, type, ts, data FROM events ORDER BY id').all() as {
        id: number;
        type: string;
        ts: string;
        data: string;
      }[]
    ).map((r) => {
      const data = JSON.parse(r.data) as Record<string, unknown>;
      return { id: r.id, type: r.type, ts: r.ts, toolUseId: (data.toolUseId as string) ?? null, data };
    });
  } finally {
    db.close();
  }
}
