// The one detached spawn and the one process-alive check (src/common/process.ts) that the hooks'
// background jobs, the analysis trigger, the embedding daemon, the warm hook server and the browser
// opener use. Real processes.
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pidAlive } from '../../src/common/process.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
beforeEach(() => {
  t = tempEnv('sg-spawn-');
});
afterEach(() => t.cleanup());

async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 6000; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('spawnNodeDetached', () => {
  let dir = '';
  let parent = '';
  const child = () => join(dir, 'child.mjs');
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sg-spawn-scripts-'));
    // The child: says its pid, prints a line (to the log, if any), waits for a `go` file, ends.
    writeFileSync(
      child(),
      `import { existsSync, writeFileSync } from 'node:fs';
       const d = process.argv[2];
       writeFileSync(d + '/child.pid', String(process.pid));
       console.log('child says hello');
       const tick = setInterval(() => {
         if (!existsSync(d + '/go')) return;
         clearInterval(tick);
         writeFileSync(d + '/child.done', '1');
       }, 20);`,
    );
    // The parent: the real helper, bundled for plain node; starts the child and ends at once.
    parent = join(dir, 'parent.mjs');
    await build({
      stdin: {
        contents: `import { spawnNodeDetached } from './src/common/process.ts';
          const [child, work, home] = process.argv.slice(2);
          const log = home ? { home, file: home + '/logs/child.log' } : undefined;
          const ok = spawnNodeDetached(child, [work], { env: process.env, log });
          process.stdout.write(ok ? 'parent started it\\n' : 'parent failed\\n');`,
        resolveDir: ROOT,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: parent,
      logLevel: 'silent',
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the child outlives its parent and holds none of its pipes (the parent\u2019s reader is not kept waiting)', async () => {
    // execFileSync returns only when the parent's stdout/stderr pipes close: a child that inherited
    // them would keep it waiting until the child ends, and the child only ends after `go` below.
    const out = execFileSync(process.execPath, [parent, child(), t.dir], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(out).toBe('parent started it\n');
    // the file exists before its content is written: wait for the pid itself
    const pidFile = join(t.dir, 'child.pid');
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').length > 0, 'the child to start');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(pidAlive(pid)).toBe(true); // the parent has exited; the child lives on
    writeFileSync(join(t.dir, 'go'), '1');
    await until(() => existsSync(join(t.dir, 'child.done')), 'the child to finish');
    await until(() => !pidAlive(pid), 'the child to exit');
  });

  it('with a log, the child output is appended to the log file in the data home', async () => {
    const out = execFileSync(process.execPath, [parent, child(), t.dir, t.home], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(out).toBe('parent started it\n');
    writeFileSync(join(t.dir, 'go'), '1');
    await until(() => existsSync(join(t.dir, 'child.done')), 'the child to finish');
    await until(
      () =>
        existsSync(join(t.home, 'logs', 'child.log')) &&
        readFileSync(join(t.home, 'logs', 'child.log'), 'utf8').length > 0,
      'the log line',
    );
    expect(readFileSync(join(t.home, 'logs', 'child.log'), 'utf8')).toBe('child says hello\n');
  });
});

describe('pidAlive', () => {
  it('this process is alive; a pid that cannot exist and non-pids are not', () => {
    expect(pidAlive(process.pid)).toBe(true);
    expect(pidAlive(2 ** 22 + 12345)).toBe(false);
    expect(pidAlive(0)).toBe(false);
    expect(pidAlive(-1)).toBe(false);
    expect(pidAlive(1.5)).toBe(false);
  });
});
