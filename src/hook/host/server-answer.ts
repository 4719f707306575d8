// One hook request to the warm hook server, from either transport (the Unix socket's HTTP in
// server.ts, the bash client's TCP in server-tcp.ts): the body read with a bound, the caller's
// project and locale applied, the very same runHook() → handlers path as a hook process, and the
// answer (200 with nothing or one JSON object; 503 when recording failed, so the client runs the
// process path).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadConfig } from '../../common/config.js';
import { parseLocaleVars, withCallerLocale } from '../../common/locale.js';
import { span } from '../../common/timing.js';
import { HOOK_EVENTS } from '../contract/types.js';
import { createDeps } from '../runtime/deps.js';
import { runHook } from '../runtime/runner.js';
import { handlersFor } from '../../parts/index.js';

export const MAX_BODY = 16 * 1024 * 1024;

/**
 * The server waits for a locked database at most 1 s, then queues the event (the next hook stores
 * it): it must answer before the client gives up (1.5 s) and runs the process path, which would
 * record the same event a second time.
 */
export const SERVER_BUSY_MS = 1000;
export function serverConfig(env: NodeJS.ProcessEnv): ReturnType<typeof loadConfig> {
  const config = loadConfig(env);
  return { ...config, busyTimeoutMs: Math.min(config.busyTimeoutMs, SERVER_BUSY_MS) };
}

/** A failing recorder means the event may not be stored: the client must run the process path. */
const RECORDING_FAILED = /^[A-Za-z]+\/collect-[a-z-]+ failed: /;

/** Answers one payload with the shared handler path; `failed` when a recorder threw. */
export async function answerHook(
  text: string,
  event: string,
  env: NodeJS.ProcessEnv,
  arrived: Date,
  /** sinceStartMs() when the request arrived (the timing record's `waitMs`). */
  arrivedAt?: number,
): Promise<{ out: string; failed: boolean }> {
  let failed = false;
  const out = await runHook(
    text,
    event,
    (input) => {
      const deps = createDeps(
        input,
        env,
        span('config', () => serverConfig(env)),
        { eventTime: arrived },
      );
      // Work after the answer (Stop's re-reads of a transcript still being written): this process stays.
      deps.later = (work) =>
        setImmediate(
          () =>
            void Promise.resolve()
              .then(work)
              .catch(() => {}),
        );
      const log = deps.log;
      deps.log = (m: string) => {
        if (RECORDING_FAILED.test(m)) failed = true;
        log(m);
      };
      return deps;
    },
    handlersFor,
    { path: 'warm', env, since: arrivedAt },
  );
  return { out, failed };
}

/** One hook request, from either transport: 200 with the answer, or 503 (the client runs the process path). */
export async function serveHook(
  env: NodeJS.ProcessEnv,
  event: string,
  text: string,
  caller: { projectDir: unknown; locale: unknown },
  arrived: Date,
  log: (line: string) => void,
  /** sinceStartMs() when the request arrived (the timing record's `waitMs`). */
  arrivedAt?: number,
): Promise<{ status: number; body: string }> {
  // The hook's language is its caller's, not the one of the session that started this server (an
  // older client sends none: the server's own stays).
  const hookEnv: NodeJS.ProcessEnv =
    typeof caller.locale === 'string' ? withCallerLocale(env, parseLocaleVars(caller.locale)) : { ...env };
  // The hook's project: Claude Code sets CLAUDE_PROJECT_DIR for the hook, the client passes it on.
  const projectDir = caller.projectDir;
  delete hookEnv.CLAUDE_PROJECT_DIR;
  if (typeof projectDir === 'string' && projectDir.trim()) hookEnv.CLAUDE_PROJECT_DIR = projectDir;
  try {
    const r = await answerHook(text, event, hookEnv, arrived, arrivedAt);
    return r.failed ? { status: 503, body: '' } : { status: 200, body: r.out };
  } catch (e) {
    log(`${event} failed: ${String(e)}`);
    return { status: 503, body: '' };
  }
}

export const isHookEvent = (e: string) => (HOOK_EVENTS as readonly string[]).includes(e);

export function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

export const send = (res: ServerResponse, status: number, body: string) => {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'x-self-gen': 'hooks' });
  res.end(body);
};
