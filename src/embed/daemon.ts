// The embedding daemon: keeps the model loaded and answers embedding requests on a Unix socket in
// the data home. One per user/home (a lock decides when two start at once), started detached by
// SessionStart, exits after an idle period. Protocol: one JSON line in, one JSON line out.
import { chmodSync } from 'node:fs';
import { ensureHomeDir, unlinkIn, writeFileAtomicIn } from '../common/safe-fs.js';
import { createServer, type Server, type Socket } from 'node:net';
import { paths } from '../common/paths.js';
import { redact } from '../common/redact.js';
import { removeStale, takeInstanceLock } from '../common/single-instance.js';
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

export async function runDaemon(opts: DaemonOptions = {}): Promise<DaemonStart> {
  const env = opts.env ?? process.env;
  const config = opts.config ?? loadConfig(env);
  const log =
    opts.log ??
    ((l: string) => process.stdout.write(`${new Date().toISOString()} [${process.pid}] ${redact(l)}\n`));
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const p = paths(env);
  const dp = daemonPaths(env);
  ensureHomeDir(p.home, p.runDir, 0o700);

  let release: (() => Promise<void>) | null = null;
  let closing = false;
  // A daemon killed with SIGKILL leaves its lock behind: it counts as stale after `stale` ms.
  const lock = await takeInstanceLock({
    home: p.home,
    dir: p.runDir,
    lockPath: dp.lock,
    staleMs: Number(env.SELF_GEN_DAEMON_LOCK_STALE_MS) || 10_000,
    onLost: (why) => {
      log(`lock lost (${why}); exiting`);
      release = null;
      void shutdown(0);
    },
  });
  if (!lock) return { started: false, reason: 'another daemon holds the lock' };
  release = lock.release;

  // We hold the lock: any socket file left here is stale (removed as an entry, never followed).
  removeStale(dp.socket);

  const location = modelLocation(config, env);
  const started = Date.now();
  let requests = 0;
  let loaded = false;
  let loadError: string | null = null;
  let loadMs: number | undefined;
  const load =
    opts.load ??
    (async (c: LoadedConfig, e: NodeJS.ProcessEnv) => (await import('./local.js')).loadLocalEmbedder(c, e));
  const embedderPromise: Promise<Embedder | null> = load(config, env).then(
    (em) => {
      loaded = true;
      loadMs = em.loadMs ?? Date.now() - started;
      log(`model loaded from ${location.dir} in ${Math.round(loadMs)} ms`);
      return em;
    },
    (e: unknown) => {
      loadError = (e as Error)?.message ?? String(e);
      log(`model failed to load: ${loadError}`);
      return null;
    },
  );

  const idleMs = idleExitMs(config, env);
  let idleTimer: NodeJS.Timeout | null = null;
  const touch = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      log(`idle for ${idleMs} ms; exiting`);
      void shutdown(0);
    }, idleMs);
  };

  // Requests run one at a time (the model is CPU bound; a queue keeps latency predictable).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };

  const info = () => ({
    ok: true,
    pid: process.pid,
    model: location.id,
    loaded,
    loadMs,
    error: loadError ?? undefined,
    rssBytes: process.memoryUsage.rss(),
    uptimeMs: Date.now() - started,
    requests,
    idleExitMs: idleMs,
  });

  const handle = async (req: DaemonRequest): Promise<unknown> => {
    if (req.op === 'ping') return info();
    if (req.op === 'shutdown') {
      setImmediate(() => void shutdown(0));
      return { ok: true };
    }
    if (req.op === 'embed') {
      const texts = Array.isArray(req.texts)
        ? req.texts.slice(0, MAX_TEXTS).map((t) => String(t ?? '').slice(0, MAX_TEXT_CHARS))
        : [];
      const em = await embedderPromise;
      if (!em) return { ok: false, error: `model not loaded: ${loadError}` };
      const vectors = await serial(() => em.embed(texts));
      return { ok: true, vectors: vectors.map((v) => (v ? toBase64(v) : null)) };
    }
    return { ok: false, error: 'unknown op' };
  };

  const onConnection = (sock: Socket) => {
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
      requests++;
      touch();
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

  const server: Server = createServer(onConnection);
  async function shutdown(code: number): Promise<void> {
    if (closing) return;
    closing = true;
    if (idleTimer) clearTimeout(idleTimer);
    await new Promise<void>((r) => server.close(() => r()));
    try {
      unlinkIn(p.home, dp.socket);
    } catch {}
    try {
      unlinkIn(p.home, dp.info);
    } catch {}
    try {
      const em = await Promise.race([
        embedderPromise,
        new Promise<null>((r) => setTimeout(() => r(null), 100)),
      ]);
      await em?.close?.();
    } catch {}
    if (release) {
      try {
        await release();
      } catch {}
      release = null;
    }
    exit(code);
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(dp.socket, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // fs-safe: chmod of the socket we just bound in the checked run/ folder (a socket, never a link)
    chmodSync(dp.socket, 0o600);
  } catch (e) {
    closing = true;
    try {
      await release?.();
    } catch {}
    return { started: false, reason: `cannot listen on ${dp.socket}: ${(e as Error).message}` };
  }
  try {
    writeFileAtomicIn(
      p.home,
      dp.info,
      JSON.stringify({
        pid: process.pid,
        socket: dp.socket,
        startedAt: new Date(started).toISOString(),
        model: location.id,
      }),
      0o600,
    );
  } catch {}
  log(`listening on ${dp.socket} (model ${location.id}, idle exit after ${idleMs} ms)`);
  touch();
  void embedderPromise.then((em) => {
    if (!em) void shutdown(1);
  });
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(sig, () => void shutdown(0));
  return { started: true, close: () => shutdown(0) };
}
