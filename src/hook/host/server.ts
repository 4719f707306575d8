// The warm hook server: one small per-user process that keeps the hook code loaded and the database
// open, and answers hook payloads over HTTP on a Unix socket in the data home (0600, in a 0700
// folder: the file permissions are the secret), and over a token-checked 127.0.0.1 port for the bash
// client (server-tcp.ts; the port and tokens are in run/hook-server.port, 0600). Both run the very
// same runHook() → handlers path as a hook process; only the process start and the database open are
// saved.
//
//   POST /hook/<Event>   body: the Claude Code payload; headers x-project-dir and x-locale (the
//                        client's `LC_ALL=… LC_MESSAGES=… LANG=…`) → 200 with nothing or one JSON object
//                        503 when recording failed (the client then runs the process path)
//   GET  /ping           → { ok, pid, startedAt, requests, idleExitMs }
//   POST /shutdown
//
// One per data home (a lock; a second start exits at once), started on demand (ensureHookServer),
// exits after an idle period. The clients (dist/hook-warm.bash over TCP, dist/hook-warm.sh with curl
// over the Unix socket) fall back to `node dist/hook.cjs` when the server is missing, slow, broken or
// answers anything else.
import { existsSync, readFileSync, statSync, watch as watchFolder, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { listenHookTcp, portFileText, type TcpHookListener } from './server-tcp.js';
import { writeFileAtomicIn } from '../../common/safe-fs.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isHookEvent, MAX_BODY, readBody, send, serveHook, serverConfig } from './server-answer.js';
import { paths } from '../../common/paths.js';
import {
  idleTimer,
  listenSocket,
  removeStale,
  takeInstanceLock,
  type InstanceLock,
} from '../../common/single-instance.js';
import { hookServerPaths } from '../../common/sockets.js';
import { loadConfig } from '../../common/config.js';
import { workerScript } from '../runtime/deps.js';
import { spawnNodeDetached } from '../../common/process.js';
import { loadAllHandlers } from '../../parts/index.js';
import { getDb } from '../../db/db.js';
import { sinceStartMs } from '../../common/clock.js';

const DEFAULT_IDLE_MS = 30 * 60_000;

// One request's reading and answering live in server-answer.ts.
export { answerHook, SERVER_BUSY_MS } from './server-answer.js';

export interface HookServerOptions {
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Called instead of process.exit (tests). */
  exit?: (code: number) => void;
}

export type HookServerStart =
  { started: true; socket: string; close: () => Promise<void> } | { started: false; reason: string };

export function hookServerIdleMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.SELF_GEN_HOOK_SERVER_IDLE_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_IDLE_MS;
}

export async function runHookServer(opts: HookServerOptions = {}): Promise<HookServerStart> {
  return new HookServer(opts).start();
}

/** One server: its lock, its two listeners, its timers, and the files it removes when it exits. */
class HookServer {
  private readonly env: NodeJS.ProcessEnv;
  private readonly log: (line: string) => void;
  private readonly exit: (code: number) => void;
  private readonly p: ReturnType<typeof paths>;
  private readonly hp: ReturnType<typeof hookServerPaths>;
  private readonly idleMs: number;
  private closing = false;
  private readonly timers: { watch?: NodeJS.Timeout; portWatch?: FSWatcher; team?: NodeJS.Timeout } = {};
  private tcp: TcpHookListener | null = null;
  private ino = -1;
  private lock: InstanceLock | null = null;
  private started = 0;
  private requests = 0;
  private idle!: ReturnType<typeof idleTimer>;
  private server!: Server;
  private heal: NodeJS.Timeout | undefined;

  constructor(opts: HookServerOptions) {
    this.env = opts.env ?? process.env;
    this.log =
      opts.log ??
      ((l: string) => process.stdout.write(`${new Date().toISOString()} [${process.pid}] ${l}\n`));
    this.exit = opts.exit ?? ((code: number) => process.exit(code));
    this.p = paths(this.env);
    this.hp = hookServerPaths(this.env);
    this.idleMs = hookServerIdleMs(this.env);
  }

  /** Setup: the lock, both listeners, the watches and timers; then the server runs until shutdown. */
  async start(): Promise<HookServerStart> {
    const { env, hp, log } = this;
    const lock = await takeInstanceLock({
      home: this.p.home,
      dir: this.p.runDir,
      lockPath: hp.lock,
      staleMs: Number(env.SELF_GEN_HOOK_SERVER_LOCK_STALE_MS) || 10_000,
      onLost: (why) => {
        log(`lock lost (${why}); exiting`);
        void this.shutdown(0);
      },
    });
    if (!lock) return { started: false, reason: 'another hook server holds the lock' };
    this.lock = lock;
    // We hold the lock: whatever is at the socket path is stale (or a stranger's; it is replaced).
    removeStale(hp.socket);
    this.started = Date.now();
    this.idle = idleTimer(this.idleMs, () => {
      log(`idle for ${this.idleMs} ms; exiting`);
      void this.shutdown(0);
    });
    this.server = createServer((req, res) => this.answer(req, res));
    this.server.on('clientError', (_e, sock) => sock.destroy());

    const failed = await listenSocket(this.server, hp.socket);
    if (failed) {
      this.closing = true;
      await lock.release();
      return { started: false, reason: `cannot listen on ${hp.socket}: ${failed}` };
    }
    try {
      writeFileAtomicIn(
        this.p.home,
        hp.info,
        JSON.stringify({
          pid: process.pid,
          socket: hp.socket,
          startedAt: new Date(this.started).toISOString(),
        }),
        0o600,
      );
    } catch {}
    await this.listenTcp();
    const tcp = this.tcp;
    log(
      `listening on ${hp.socket}${tcp ? ` and 127.0.0.1:${tcp.port}` : ''} (idle exit after ${this.idleMs} ms)`,
    );
    this.idle.touch();
    this.watchSocket();
    this.startTeamSync();
    this.warmUp();
    for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
      process.once(sig, () => void this.shutdown(0));
    return { started: true, socket: hp.socket, close: () => this.shutdown(0) };
  }

  /** One HTTP request on the Unix socket: ping, shutdown or a hook. */
  private answer(req: IncomingMessage, res: ServerResponse): void {
    const arrived = new Date();
    const arrivedAt = sinceStartMs();
    this.requests++;
    this.idle.touch();
    res.on('error', () => {});
    const url = req.url ?? '/';
    if (req.method === 'GET' && url === '/ping') return send(res, 200, this.ping());
    if (req.method === 'POST' && url === '/shutdown') {
      send(res, 200, '{"ok":true}');
      setImmediate(() => void this.shutdown(0));
      return;
    }
    const m = /^\/hook\/([A-Za-z]+)$/.exec(url);
    if (req.method !== 'POST' || !m || !isHookEvent(m[1]!)) return send(res, 404, '{"ok":false}');
    const event = m[1]!;
    void (async () => {
      const text = await readBody(req);
      if (text === null) return send(res, 413, '');
      const r = await serveHook(
        this.env,
        event,
        text,
        { projectDir: req.headers['x-project-dir'], locale: req.headers['x-locale'] },
        arrived,
        this.log,
        arrivedAt,
      );
      send(res, r.status, r.body);
    })();
  }

  private ping(): string {
    return JSON.stringify({
      ok: true,
      pid: process.pid,
      startedAt: new Date(this.started).toISOString(),
      requests: this.requests,
      idleExitMs: this.idleMs,
      rssBytes: process.memoryUsage.rss(),
      ...(this.tcp ? { tcpPort: this.tcp.port } : {}),
    });
  }

  /** The bash client's way in: 127.0.0.1, a random port, tokens new at every start (server-tcp.ts). */
  private async listenTcp(): Promise<void> {
    const { env, hp, log } = this;
    const t = await listenHookTcp({
      isEvent: isHookEvent,
      maxBody: MAX_BODY,
      onRequest: () => {
        this.requests++;
        this.idle.touch();
      },
      handle: (r) =>
        serveHook(
          env,
          r.event,
          r.payload,
          { projectDir: r.projectDir, locale: r.locale },
          r.arrived,
          log,
          r.arrivedAt,
        ),
    });
    if (typeof t === 'string') {
      log(`no TCP port (${t}): the bash client uses the process path`);
      removeStale(hp.port); // an earlier server's (we hold the lock)
      return;
    }
    this.tcp = t;
    this.writePortFile();
    try {
      const w = watchFolder(dirname(hp.port), (_ev, name) => {
        if (name === null || name === basename(hp.port)) this.keepPortFile();
      });
      w.on('error', () => w.close());
      w.unref();
      this.timers.portWatch = w;
    } catch {}
  }

  // The port file is how the bash client finds us: deleted while we run (by hand, a cleanup of the
  // run folder), it is written again at once, or every hook would take the slow process path until
  // this server's idle exit. (A file that is there is left as it is: we hold the lock, so only we
  // write it.)
  private writePortFile(): void {
    if (!this.tcp || this.closing || existsSync(this.hp.port)) return;
    try {
      writeFileAtomicIn(this.p.home, this.hp.port, portFileText(this.tcp, this.hp.socket), 0o600);
      this.log('port file missing; written again');
    } catch {}
  }

  // Healed a moment later, and only while our socket and pid file are still there: a cleanup of the
  // whole run folder (a test's temporary home, `uninstall --purge`) removes them too, and must not
  // find a new file in a folder it is deleting.
  private keepPortFile(): void {
    if (!this.tcp || this.closing || existsSync(this.hp.port)) return;
    clearTimeout(this.heal);
    this.heal = setTimeout(() => {
      let ours = false;
      try {
        ours = statSync(this.hp.socket).ino === this.ino && existsSync(this.hp.info);
      } catch {}
      if (ours) this.writePortFile();
    }, 200);
    this.heal.unref();
  }

  // Our socket removed or replaced (data home deleted, `uninstall --purge`, another server after a
  // lost lock): nobody can reach this one any more, so it exits.
  private watchSocket(): void {
    this.ino = statSync(this.hp.socket).ino;
    const watch = setInterval(() => {
      let same = false;
      try {
        same = statSync(this.hp.socket).ino === this.ino;
      } catch {}
      if (!same) {
        this.log('socket gone or replaced; exiting');
        clearInterval(watch);
        void this.shutdown(0);
        return;
      }
      this.keepPortFile(); // where the folder watch missed it
    }, 2000);
    watch.unref();
    this.timers.watch = watch;
  }

  // The team store (docs/team.md): while this server runs, a team sync starts now and then in the
  // worker (`dist/worker.js team-sync`, detached). This process never opens a network connection.
  private startTeamSync(): void {
    const env = this.env;
    this.timers.team = setInterval(
      () => {
        const team = loadConfig(env).raw.team as { url?: unknown } | undefined;
        if (team && typeof team.url === 'string' && team.url)
          if (!spawnNodeDetached(workerScript(), ['team-sync'], { env })) this.log('spawn team-sync failed');
      },
      Number(env.SELF_GEN_TEAM_SYNC_INTERVAL_MS) || 10 * 60_000,
    );
    this.timers.team.unref();
  }

  /** Warm up now rather than on the first hook: load every handler part, open the database. */
  private warmUp(): void {
    setImmediate(() => {
      void loadAllHandlers().catch(() => {});
      try {
        getDb({ env: this.env, busyTimeoutMs: serverConfig(this.env).busyTimeoutMs });
      } catch {}
    });
  }

  async shutdown(code: number): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.idle.stop();
    clearInterval(this.timers.watch);
    this.timers.portWatch?.close();
    clearInterval(this.timers.team);
    this.server.closeAllConnections?.();
    await Promise.all([new Promise<void>((r) => this.server.close(() => r())), this.tcp?.close()]);
    this.removeOwnFiles();
    await this.lock?.release();
    this.exit(code);
  }

  /** Only our own socket, pid file and port file (another server may have replaced them). */
  private removeOwnFiles(): void {
    const { hp, tcp } = this;
    try {
      if (statSync(hp.socket).ino === this.ino) removeStale(hp.socket);
    } catch {}
    try {
      if ((JSON.parse(readFileSync(hp.info, 'utf8')) as { pid?: number }).pid === process.pid)
        removeStale(hp.info);
    } catch {}
    try {
      if (tcp && readFileSync(hp.port, 'utf8') === portFileText(tcp, hp.socket)) removeStale(hp.port);
    } catch {}
  }
}
