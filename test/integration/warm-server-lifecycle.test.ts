// The warm hook server's life around the user: `self-gen uninstall` stops it (it used to keep
// running until its 30-minute idle exit); a deleted port file is written again at once, so the bash
// client keeps reaching the server instead of the slow process path; `status` tells the truth when
// the port file cannot be there.
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pingHookServer } from '../../src/hook/host/server-client.js';
import { cliAsync } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { HAS_BASH4, portFileOf, runWarm, spawnServer, waitForServer } from '../helpers/warm.js';

let t: TempEnv;
let env: NodeJS.ProcessEnv;
let server: ChildProcess;
let exited: Promise<number | null>;

const cli = (...args: string[]) =>
  cliAsync(env, args, { cwd: t.project }).then((r) => ({ code: r.code, out: r.output }));

async function until(cond: () => boolean, timeoutMs = 120_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return cond();
}

beforeEach(async () => {
  t = tempEnv('sg-warm-life-');
  env = { ...t.env, CLAUDE_PROJECT_DIR: t.project, SELF_GEN_NO_BACKGROUND: '1' };
  server = spawnServer(env);
  exited = new Promise((r) => server.once('exit', (code) => r(code)));
  expect(await waitForServer(env)).toBe(server.pid);
  expect(await until(() => existsSync(portFileOf(env)))).toBe(true);
});
afterEach(async () => {
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await exited;
  }
  t.cleanup();
});

describe('the warm hook server', () => {
  it('`self-gen uninstall` stops it', async () => {
    expect((await cli('install')).code).toBe(0);
    const r = await cli('uninstall');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`hook server stopped (pid ${server.pid})`);
    const gone = await Promise.race([
      exited.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 120_000)),
    ]);
    expect(gone).toBe(true);
    expect(await pingHookServer({ env })).toBeNull();
    expect(existsSync(portFileOf(env))).toBe(false);
  });

  it('a deleted port file is written again, and the bash client reaches the server through it', async () => {
    const file = portFileOf(env);
    const before = readFileSync(file, 'utf8');
    rmSync(file);
    expect(await until(() => existsSync(file))).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(before);
    if (HAS_BASH4) {
      const asked = (await pingHookServer({ env }))!.requests;
      const payload = {
        session_id: 's',
        cwd: t.project,
        hook_event_name: 'UserPromptSubmit',
        prompt: 'hello',
      };
      const r = await runWarm('UserPromptSubmit', payload, env, { client: 'bash' });
      expect(r.code).toBe(0);
      // the ping above, this hook, the ping below: the hook was answered by the server
      expect((await pingHookServer({ env }))!.requests).toBeGreaterThanOrEqual(asked + 2);
    }
  });

  it('status warns while the port file cannot be there, and is quiet once it is back', async () => {
    const file = portFileOf(env);
    // A folder in its place: the server cannot write the file (it may win the race once: retried).
    for (let i = 0; i < 100 && !(existsSync(file) && statSync(file).isDirectory()); i++) {
      rmSync(file, { force: true });
      try {
        mkdirSync(file);
      } catch {}
    }
    const bad = await cli('status');
    expect(bad.out).toMatch(
      /! hook mode: warm: hook server running \(pid \d+\), but .* is missing: the bash client takes the slow process path/,
    );
    expect(bad.out).toMatch(/fix: /);
    rmdirSync(file);
    expect(await until(() => existsSync(file) && readFileSync(file, 'utf8').length > 0)).toBe(true);
    const good = await cli('status');
    expect(good.out).not.toMatch(/is missing/);
    expect(good.out).toMatch(/warm: hook server running/);
  });
});
