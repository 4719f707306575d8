// The embedding daemon: keeps the model loaded and answers embedding requests on a Unix socket in
// the data home. One per user/home (a lock decides when two start at once), started detached by
// SessionStart, exits after an idle period. Protocol: one JSON line in, one JSON line out.
import { ensureHomeDir, unlinkIn, writeFileAtomicIn } from '../common/safe-fs.js';
import { createServer, type Server, type Socket } from 'node:net';
import { paths } from '../common/paths.js';
import { redact } from '../common/redact.js';
import {
  idleTimer,
  listenSocket,
  removeStale,
  takeInstanceLock,
  type InstanceLock,
} from '../common/single-instance.js';
import { loadConfig, type LoadedConfig } from '../common/config.js';
import { toBase64, type Embedder } from './embedder.js';
import { modelLocation } from './model.js';
import { daemonPaths } from '../common/sockets.js';
import type { DaemonRequest } from './client.js';

const MAX_TEXTS = 256;
const MAX_TEXT_CHARS = 2000;
const MAX_LINE = 4 * 1024 * 1024;

export interface DaemonOptions {
  env?: NodeJS.ProcessEnv;
  config?: LoadedConfig;
  /** Loads the embedder (default: Transformers.js with the configured model). */
  load?: (config: LoadedConfig, env: NodeJS.ProcessEnv) => Promise<Embedder & { loadMs?: number }>;
  log?: (line: string) => void;
  /** Called instead of process.exit (tests). */
  exit?: (code: number) => void;
}

export type DaemonStart = { started: true; close: () => Promise<void> } | { started: false; reason: string };

export function idleExitMs(config: LoadedConfig, env: NodeJS.ProcessEnv): number {
  const override = Number(env.SELF_GEN_DAEMON_IDLE_MS);
  if (Number.isFinite(override) && override > 0) return override;
  return Math.round(config.embedding.daemonIdleMinutes * 60_000);
}

/** The model, loading in the background from the start; requests wait for it. */
interface ModelState {
  id: string;
  dir: string;
  loaded: boolean;
  loadMs?: number;
  error: string | null;
  embedder: Promise<Embedder | null>;
}

function startLoading(
  opts: DaemonOptions,
  config: LoadedConfig,
  env: NodeJS.ProcessEnv,
  log: (l: string) => void,
): ModelState {
  const location = modelLocation(config, env);
  const started = Date.now();
  const load =
    opts.load ??
    (async (c: LoadedConfig, e: NodeJS.ProcessEnv) => (await import('./local.js')).loadLocalEmbedder(c, e));
  const m: ModelState = {
    id: location.id,
    dir: location.dir,
    loaded: false,
    error: null,
    embedder: load(config, env).then(
      (em) => {
        m.loaded = true;
        m.loadMs = em.loadMs ?? Date.now() - started;
        log(`model loaded from ${location.dir} in ${Math.round(m.loadMs)} ms`);
        return em;
      },
      (e: unknown) => {
        m.error = (e as Error)?.message ?? String(e);
        log(`model failed to load: ${m.error}`);
        return null;
      },
    ),
  };
  return m;
}

/** Runs `fn`s one at a time (the model is CPU bound; a queue keeps latency predictable). */
function serialQueue(): <T>(fn: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };
}

/** The answer to one request: ping (what `self-gen daemon status` shows), shutdown, embed. */
function requestHandler(
  model: ModelState,
  status: () => { started: number; requests: number; idleExitMs: number },
  shutdown: () => void,
): (req: DaemonRequest) => Promise<unknown> {
  const serial = serialQueue();
  return async (req) => {
    if (req.op === 'ping') {
      const s = status();
      return {
        ok: true,
        pid: process.pid,
        model: model.id,
        loaded: model.loaded,
        loadMs: model.loadMs,
        error: model.error ?? undefined,
        rssBytes: process.memoryUsage.rss(),
        uptimeMs: Date.now() - s.started,
        requests: s.requests,
        idleExitMs: s.idleExitMs,
      };
    }
    if (req.op === 'shutdown') {
      setImmediate(shutdown);
      return { ok: true };
    }
    if (req.op === 'embed') {
      const texts = Array.isArray(req.texts)
        ? req.texts.slice(0, MAX_TEXTS).map((t) => String(t ?? '').slice(0, MAX_TEXT_CHARS))
        : [];
      const em = await model.embedder;
      if (!em) return { ok: false, error: `model not loaded: ${model.error}` };
      const vectors = await serial(() => em.embed(texts));
      return { ok: true, vectors: vectors.map((v) => (v ? toBase64(v) : null)) };
    }
    return { ok: false, error: 'unknown op' };
  };
}

/** One connection: one JSON line in, one JSON line out, then the connection ends. */
function jsonLineConnection(
  handle: (req: DaemonRequest) => Promise<unknown>,
  onRequest: () => void,
): (sock: Socket) => void {
  return (sock) => {
    let buf = '';
    sock.setEncoding('utf8');
    sock.on('error', () => {});
    sock.on('data', (chunk: string) => {
      buf += chunk;
      if (buf.length > MAX_LINE) {
        sock.destroy();
        return;
      }
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      const line = buf.slice(0, nl);
      buf = '';
      onRequest();
      let req: DaemonRequest;
      try {
        req = JSON.parse(line) as DaemonRequest;
      } catch {
        sock.end(JSON.stringify({ ok: false, error: 'bad request' }) + '\n');
        return;
      }
      handle(req).then(
        (res) => {
          if (!sock.destroyed) sock.end(JSON.stringify(res) + '\n');
        },
        (e: unknown) => {
          if (!sock.destroyed) sock.end(JSON.stringify({ ok: false, error: String(e) }) + '\n');
        },
      );
    });
  };
}

/** A started daemon: what shutting it down needs. */
interface Running {
  home: string;
  dp: ReturnType<typeof daemonPaths>;
  server: Server;
  idle: { stop: () => void };
  model: ModelState;
  lock: InstanceLock | null;
  closing: boolean;
  exit: (code: number) => void;
}

/** Closes the server, removes our socket and info file, frees the model and the lock, exits. */
async function shutdownDaemon(r: Running, code: number): Promise<void> {
  if (r.closing) return;
  r.closing = true;
  r.idle.stop();
  await new Promise<void>((done) => r.server.close(() => done()));
  try {
    unlinkIn(r.home, r.dp.socket);
  } catch {}
  try {
    unlinkIn(r.home, r.dp.info);
  } catch {}
  try {
    const em = await Promise.race([
      r.model.embedder,
      new Promise<null>((done) => setTimeout(() => done(null), 100)),
    ]);
    await em?.close?.();
  } catch {}
  await r.lock?.release();
  r.lock = null;
  r.exit(code);
}

export async function runDaemon(opts: DaemonOptions = {}): Promise<DaemonStart> {
  const env = opts.env ?? process.env;
  const config = opts.config ?? loadConfig(env);
  const log =
    opts.log ??
    ((l: string) => process.stdout.write(`${new Date().toISOString()} [${process.pid}] ${redact(l)}\n`));
  const p = paths(env);
  const dp = daemonPaths(env);
  ensureHomeDir(p.home, p.runDir, 0o700);

  let run: Running | null = null;
  const shutdown = (code: number) => (run ? shutdownDaemon(run, code) : Promise.resolve());
  // A daemon killed with SIGKILL leaves its lock behind: taken over once its pid is gone (or stale).
  const lock = await takeInstanceLock({
    home: p.home,
    dir: p.runDir,
    lockPath: dp.lock,
    staleMs: Number(env.SELF_GEN_DAEMON_LOCK_STALE_MS) || 10_000,
    onLost: (why) => {
      log(`lock lost (${why}); exiting`);
      if (run) run.lock = null;
      void shutdown(0);
    },
  });
  if (!lock) return { started: false, reason: 'another daemon holds the lock' };

  // We hold the lock: any socket file left here is stale (removed as an entry, never followed).
  removeStale(dp.socket);

  const model = startLoading(opts, config, env, log);
  const started = Date.now();
  const idleMs = idleExitMs(config, env);
  const idle = idleTimer(idleMs, () => {
    log(`idle for ${idleMs} ms; exiting`);
    void shutdown(0);
  });
  let requests = 0;
  const handle = requestHandler(
    model,
    () => ({ started, requests, idleExitMs: idleMs }),
    () => void shutdown(0),
  );
  const server: Server = createServer(
    jsonLineConnection(handle, () => {
      requests++;
      idle.touch();
    }),
  );
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  run = { home: p.home, dp, server, idle, model, lock, closing: false, exit };

  const failed = await listenSocket(server, dp.socket);
  if (failed) {
    run.closing = true;
    await lock.release();
    return { started: false, reason: `cannot listen on ${dp.socket}: ${failed}` };
  }
  writeInfo(p.home, dp.info, {
    pid: process.pid,
    socket: dp.socket,
    startedAt: new Date(started).toISOString(),
    model: model.id,
  });
  log(`listening on ${dp.socket} (model ${model.id}, idle exit after ${idleMs} ms)`);
  idle.touch();
  void model.embedder.then((em) => {
    if (!em) void shutdown(1);
  });
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(sig, () => void shutdown(0));
  return { started: true, close: () => shutdown(0) };
}

/** The info file `self-gen doctor` reads (best effort). */
function writeInfo(home: string, file: string, info: Record<string, unknown>): void {
  try {
    writeFileAtomicIn(home, file, JSON.stringify(info), 0o600);
  } catch {}
}
