// The warm hook path for tests: dist/hook-server.js started as its own process, and payloads sent
// through dist/hook-warm.sh exactly as Claude Code runs it in warm mode (`sh hook-warm.sh <Event> <socket>`).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { pingHookServer } from '../../src/hook-runtime/server-client.js';
import { hookServerPaths } from '../../src/common/sockets.js';
import { ROOT } from './env.js';
import { runWithInput, type HookRun } from './hook-proc.js';

export const WARM_SH = join(ROOT, 'dist', 'hook-warm.sh');
export const SERVER_JS = join(ROOT, 'dist', 'hook-server.js');

export function socketOf(env: NodeJS.ProcessEnv): string {
  return hookServerPaths(env).socket;
}

/** Runs one hook through the warm client. */
export function runWarm(
  event: string,
  payload: object | string,
  env: NodeJS.ProcessEnv,
  opts: { socket?: string; timeoutMs?: number } = {},
): Promise<HookRun> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
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
export async function waitForServer(env: NodeJS.ProcessEnv, timeoutMs = 15_000): Promise<number | null> {
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
