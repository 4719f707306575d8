// The one lock (src/common/lock.ts) every part uses: the shared-context summary, the integrity
// check, the analysis, the orchestrator, the embedding daemon, the warm hook server and the plugin's
// native install. Real files, real processes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock, acquireLockAsync, lockHolder } from '../../src/common/lock.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
beforeEach(() => {
  t = tempEnv('sg-lock-');
});
afterEach(() => t.cleanup());

const DEAD_PID = 2 ** 22 + 12345;
const lockIn = () => join(t.dir, 'x.lock');

function run(script: string, args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, [script, ...args], { stdio: 'ignore' });
    c.on('close', resolve);
  });
}

describe('the one lock: two processes contend', () => {
  let worker = '';
  let workerDir = '';
  afterAll(() => rmSync(workerDir, { recursive: true, force: true }));
  beforeAll(async () => {
    // The real lock module, bundled for plain node: argv = counter file, cycles, sync|async.
    workerDir = mkdtempSync(join(tmpdir(), 'sg-lock-worker-'));
    worker = join(workerDir, 'lock-worker.mjs');
    await build({
      stdin: {
        contents: `import { withLock, withLockAsync } from './src/common/lock.ts';
          import { readFileSync, writeFileSync } from 'node:fs';
          const [file, n, mode] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
          const bump = () => {
            const v = Number(readFileSync(file, 'utf8'));
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1); // widen the race window
            writeFileSync(file, String(v + 1));
          };
          for (let i = 0; i < n; i++) {
            const r = mode === 'async'
              ? await withLockAsync(file + '.lock', { timeoutMs: 120_000 }, bump)
              : withLock(file + '.lock', { timeoutMs: 120_000 }, bump);
            if (!r.ran) process.exit(3);
          }`,
        resolveDir: ROOT,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: worker,
      logLevel: 'silent',
    });
  });

  it('a sync and an async holder, 40 read-modify-write cycles each, lose no increment', async () => {
    const counter = join(t.dir, 'counter');
    writeFileSync(counter, '0');
    const codes = await Promise.all([
      run(worker, [counter, '40', 'sync']),
      run(worker, [counter, '40', 'async']),
    ]);
    expect(codes).toEqual([0, 0]);
    expect(readFileSync(counter, 'utf8')).toBe('80');
    expect(readdirSync(t.dir).filter((f) => f.includes('.lock'))).toEqual([]);
  });

  it('a holder killed with SIGKILL leaves its lock; the next taker recovers it at once', async () => {
    const held = join(t.dir, 'held');
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('node:fs').writeFileSync(${JSON.stringify(lockIn())}, process.pid + ' ' + Date.now() + ' ' + require('node:os').hostname() + ' k\\n');
         require('node:fs').writeFileSync(${JSON.stringify(held)}, '1'); setInterval(() => {}, 1000);`,
      ],
      { stdio: 'ignore' },
    );
    while (!existsSync(held)) await new Promise((r) => setTimeout(r, 10));
    expect(acquireLock(lockIn(), { timeoutMs: 0 })).toBeNull(); // a live holder
    holder.kill('SIGKILL');
    await new Promise((r) => holder.on('close', r));
    const lock = acquireLock(lockIn(), { timeoutMs: 0, staleMs: 60_000 });
    expect(lock).not.toBeNull();
    expect(lockHolder(lockIn())).toMatchObject({ pid: process.pid, host: hostname() });
    lock!.release();
    expect(existsSync(lockIn())).toBe(false);
  });
});

describe('the one lock: stale locks', () => {
  it('a dead holder on this host: taken over at once', () => {
    writeFileSync(lockIn(), `${DEAD_PID} ${Date.now()} ${hostname()} x\n`);
    const lock = acquireLock(lockIn(), { timeoutMs: 0 });
    expect(lock).not.toBeNull();
    lock!.release();
  });

  it('a live holder: held until the lock is older than staleMs', () => {
    const old = Date.now() - 60_000;
    writeFileSync(lockIn(), `${process.ppid} ${old} ${hostname()} x\n`);
    utimesSync(lockIn(), old / 1000, old / 1000);
    expect(acquireLock(lockIn(), { timeoutMs: 0, staleMs: 120_000 })).toBeNull();
    const lock = acquireLock(lockIn(), { timeoutMs: 0, staleMs: 30_000 });
    expect(lock).not.toBeNull();
    lock!.release();
  });

  it("an older version's lock folder (proper-lockfile's mkdir) is busy while fresh, taken when stale", () => {
    mkdirSync(lockIn());
    expect(acquireLock(lockIn(), { timeoutMs: 0, staleMs: 30_000 })).toBeNull();
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lockIn(), old, old);
    const lock = acquireLock(lockIn(), { timeoutMs: 0, staleMs: 30_000 });
    expect(lock).not.toBeNull();
    expect(statSync(lockIn()).isFile()).toBe(true);
    lock!.release();
  });

  it('release never removes a lock another process took over meanwhile', () => {
    const lock = acquireLock(lockIn(), { timeoutMs: 0 })!;
    writeFileSync(lockIn(), `${process.ppid} ${Date.now()} ${hostname()} other\n`);
    lock.release();
    expect(readFileSync(lockIn(), 'utf8')).toContain('other');
    rmSync(lockIn());
  });

  it('a long holder refreshes its lock (never judged stale while alive) and learns when it is lost', async () => {
    const lost: string[] = [];
    const lock = (await acquireLockAsync(lockIn(), {
      timeoutMs: 0,
      staleMs: 300,
      refreshMs: 50,
      onLost: (why) => lost.push(why),
    }))!;
    expect(lock).not.toBeNull();
    const born = statSync(lockIn()).mtimeMs;
    await new Promise((r) => setTimeout(r, 400));
    expect(statSync(lockIn()).mtimeMs).toBeGreaterThan(born);
    // The holder is this (live) process and the lock is fresh: a second taker gives way.
    expect(acquireLock(lockIn(), { timeoutMs: 0, staleMs: 300 })).toBeNull();
    rmSync(lockIn());
    await new Promise((r) => setTimeout(r, 200));
    expect(lost).toHaveLength(1);
    lock.release();
  });

  it('no lock is possible in a missing folder: null, never a throw', () => {
    expect(acquireLock(join(t.dir, 'missing', 'x.lock'), { timeoutMs: 0 })).toBeNull();
  });
});
