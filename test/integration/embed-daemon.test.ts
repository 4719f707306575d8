// The embedding daemon as a real process: dist/daemon.js on the tiny model (build first).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  embedViaDaemon,
  ensureDaemon,
  pingDaemon,
  stopDaemon,
  daemonScript,
  type DaemonInfo,
} from '../../src/embed/client.js';
import { startDaemonIfModel, embedHandlers } from '../../src/embed/handlers.js';
import { loadLocalEmbedder, type LocalEmbedder } from '../../src/embed/local.js';
import { daemonPaths } from '../../src/common/sockets.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { searchErrorKB } from '../../src/error-kb/search.js';
import { generateErrorEmbeddings } from '../../src/error-kb/embeddings.js';
import { createDeps } from '../../src/hook/runtime/deps.js';
import type { HookInput } from '../../src/hook/contract/types.js';
import { loadConfig } from '../../src/common/config.js';
import { closeDb, hasVec, openDb } from '../../src/db/db.js';
import { paths } from '../../src/common/paths.js';
import { FIXTURES, ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { writeTinyModel } from '../helpers/tiny-model.js';

const DAEMON_JS = join(ROOT, 'dist', 'daemon.js');
let model: TempEnv;
let modelDir: string;
let local: LocalEmbedder;
let t: TempEnv;
const started: number[] = [];

beforeAll(async () => {
  expect(existsSync(DAEMON_JS), 'build first: node scripts/build.mjs').toBe(true);
  model = tempEnv('sg-embed-model-');
  modelDir = join(model.dir, 'tiny');
  writeTinyModel(modelDir);
  const c = loadConfig(model.env);
  c.embedding.modelPath = modelDir;
  local = await loadLocalEmbedder(c, model.env);
});
afterAll(async () => {
  await local?.close?.();
  model.cleanup();
});

function setup(config: Record<string, unknown> = {}): TempEnv {
  const e = tempEnv('sg-embed-daemon-');
  mkdirSync(e.home, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(e.home, 'config.json'),
    JSON.stringify({ embedding: { modelPath: modelDir, ...config } }),
  );
  return e;
}

async function waitFor<T>(fn: () => Promise<T | null | false | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const loaded = (env: NodeJS.ProcessEnv) =>
  waitFor<DaemonInfo>(async () => {
    const i = await pingDaemon({ env, timeoutMs: 500 });
    return i?.loaded ? i : null;
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeEach(() => {
  t = setup();
});
afterEach(async () => {
  await stopDaemon({ env: t.env, timeoutMs: 1000 });
  for (const pid of started.splice(0)) {
    await waitFor(async () => !alive(pid), 30_000).catch(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    });
  }
  closeDb();
  t.cleanup();
});

describe('embedding daemon (real dist/daemon.js, tiny model)', () => {
  it('ensureDaemon starts it detached; it answers embeddings equal to the in-process model', async () => {
    expect(daemonScript(t.env)).toBe(DAEMON_JS);
    expect(await ensureDaemon(t.env)).toBe('spawned');
    const info = await loaded(t.env);
    started.push(info.pid);
    expect(info.model).toBe(modelDir);
    expect(await ensureDaemon(t.env)).toBe('running');
    const texts = ['Cannot find module <STR>', 'npm ERR! code ERESOLVE', '한국어 오류 메시지'];
    const got = await embedViaDaemon(texts, { env: t.env, timeoutMs: 60_000 });
    const want = await local.embed(texts);
    expect(got).toHaveLength(3);
    got!.forEach((v, i) => {
      expect(v).toHaveLength(384);
      for (let j = 0; j < 384; j++) expect(v![j]).toBeCloseTo(want[i]![j]!, 5);
    });
    // the socket is private to the user
    expect(statSync(daemonPaths(t.env).socket).mode & 0o777).toBe(0o600);
    expect(readFileSync(daemonPaths(t.env).info, 'utf8')).toContain(String(info.pid));
  });

  it('two daemons started at once: exactly one stays, the other exits at once', async () => {
    const spawnOne = (): ChildProcess =>
      spawn(process.execPath, [DAEMON_JS], { env: t.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const a = spawnOne();
    const b = spawnOne();
    const outs = ['', ''];
    a.stdout!.on('data', (d) => (outs[0] += d));
    b.stdout!.on('data', (d) => (outs[1] += d));
    const info = await loaded(t.env);
    started.push(info.pid);
    const loser = info.pid === a.pid ? b : a;
    const code = await waitFor(
      async () => (loser.exitCode !== null ? { code: loser.exitCode } : null),
      120_000,
    );
    expect(code.code).toBe(0);
    expect(outs.join('')).toMatch(/not started: another daemon holds the lock/);
    expect([a.pid, b.pid]).toContain(info.pid);
    expect((await embedViaDaemon(['x y z'], { env: t.env, timeoutMs: 60_000 }))?.[0]).toHaveLength(384);
  });

  it('exits after the idle period and removes its socket', async () => {
    t.cleanup();
    t = setup({ daemonIdleMinutes: 0.05 }); // 3 s
    expect(await ensureDaemon(t.env)).toBe('spawned');
    const info = await loaded(t.env);
    expect(info.idleExitMs).toBe(3000);
    started.push(info.pid);
    await waitFor(async () => !alive(info.pid), 120_000);
    expect(existsSync(daemonPaths(t.env).socket)).toBe(false);
    expect(await pingDaemon({ env: t.env, timeoutMs: 100 })).toBeNull();
  });

  it('a daemon killed with SIGKILL leaves a stale socket and lock; the next one takes over', async () => {
    const env = { ...t.env, SELF_GEN_DAEMON_LOCK_STALE_MS: '2000' };
    expect(await ensureDaemon(env)).toBe('spawned');
    const first = await loaded(env);
    process.kill(first.pid, 'SIGKILL');
    await waitFor(async () => !alive(first.pid), 60_000);
    expect(existsSync(daemonPaths(env).socket)).toBe(true);
    expect(await pingDaemon({ env, timeoutMs: 100 })).toBeNull();
    // Within the stale period a new daemon gives way; after it, the next one takes over.
    const info = await waitFor(async () => {
      await ensureDaemon(env);
      const i = await pingDaemon({ env, timeoutMs: 300 });
      return i?.loaded ? i : null;
    });
    started.push(info.pid);
    expect(info.pid).not.toBe(first.pid);
  });

  it('a leftover non-socket file at the socket path is replaced', async () => {
    mkdirSync(paths(t.env).runDir, { recursive: true });
    writeFileSync(daemonPaths(t.env).socket, 'junk');
    expect(await ensureDaemon(t.env)).toBe('spawned');
    started.push((await loaded(t.env)).pid);
  });

  it('with no daemon, embedViaDaemon returns null and starts none', async () => {
    expect(await embedViaDaemon(['x'], { env: t.env, timeoutMs: 60 })).toBeNull();
    expect(existsSync(daemonPaths(t.env).socket)).toBe(false);
    expect(await pingDaemon({ env: t.env, timeoutMs: 60 })).toBeNull();
  });

  it('searchErrorKB uses the vector tier through the running daemon (default embedder)', async () => {
    const db = openDb({ env: t.env });
    const id = recordResolution(
      db,
      'error TS2307: Cannot find module <STR> or its corresponding type declarations.',
      { resolution: 'fix the import path' },
    )!;
    await generateErrorEmbeddings(db, local);
    db.close();
    expect(await ensureDaemon(t.env)).toBe('spawned');
    started.push((await loaded(t.env)).pid);
    const fresh = openDb({ env: t.env });
    try {
      const m = await searchErrorKB(
        fresh,
        // the same problem in other words; the matcher (similar tier) finds it too, so only the
        // vector tier runs here: the answer can come from the daemon's embedding alone
        "TS2307: Cannot find module 'y' or its corresponding type declarations.",
        {
          env: t.env,
          daemonTimeoutMs: 2000,
          tiers: ['vector'],
        },
      );
      expect(m).toMatchObject({ id, tier: 'vector' });
      expect(m!.distance!).toBeLessThan(0.76);
      expect(hasVec(fresh)).toBe(true);
    } finally {
      fresh.close();
    }
  });
});

describe('SessionStart starts the daemon (embedHandlers)', () => {
  const payload = () =>
    ({
      ...JSON.parse(readFileSync(join(FIXTURES, 'hook-payloads', '01-SessionStart.json'), 'utf8')),
      cwd: t.project,
    }) as HookInput;

  it('does nothing without a local model', async () => {
    const e = tempEnv('sg-embed-nomodel-');
    try {
      const deps = createDeps(payload(), e.env);
      expect(await startDaemonIfModel(deps)).toBe('no-model');
      expect(existsSync(daemonPaths(e.env).socket)).toBe(false);
    } finally {
      e.cleanup();
    }
  });

  it('spawns it when the model is present and returns no context (the daemon comes up on its own)', async () => {
    const deps = createDeps(payload(), t.env);
    const handler = embedHandlers.SessionStart![0]!;
    const r = await handler.run(payload(), deps);
    expect(r).toBeNull();
    started.push((await loaded(t.env)).pid);
  });

  it('the SessionStart hook process exits 0, prints nothing, and the daemon comes up', async () => {
    const r = await runHook('SessionStart', payload(), t.env);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('');
    const info = await loaded(t.env);
    started.push(info.pid);
    expect(info.rssBytes).toBeGreaterThan(0);
  });
});
