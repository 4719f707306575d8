// A failing background job (the AI analysis, KB embeddings, the team sync) is not lost in the
// worker's log: the next session start tells the user once (a systemMessage, with its fix), and
// `status` and `doctor` show it with its `fix:` line until the job succeeds again. Needs dist/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/db.js';
import { seedProject } from '../helpers/analysis.js';
import { cli } from '../helpers/cli.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { parseHookOutput, runHook } from '../helpers/hook-proc.js';

const WORKER_JS = join(ROOT, 'dist', 'worker.js');

function worker(env: NodeJS.ProcessEnv, args: string[]): void {
  const r = spawnSync(process.execPath, [WORKER_JS, ...args], { env, encoding: 'utf8', timeout: 120_000 });
  expect(r.status).toBe(0);
}

describe('a failing background job', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  const config = (c: object) => {
    mkdirSync(t.home, { recursive: true, mode: 0o700 });
    writeFileSync(join(t.home, 'config.json'), JSON.stringify(c));
  };
  const sessionStart = (id: string) =>
    runHook(
      'SessionStart',
      { session_id: id, cwd: t.project, hook_event_name: 'SessionStart', source: 'startup' },
      env,
    );

  /** The session start tells it once; status and doctor show it with its fix until then. */
  async function toldOnce(what: RegExp, fix: RegExp): Promise<void> {
    const s1 = await sessionStart('s1');
    expect(s1.code).toBe(0);
    const m = parseHookOutput(s1.stdout)?.systemMessage as string | undefined;
    expect(m).toMatch(what);
    expect(m).toMatch(new RegExp(`fix: ${fix.source}`));
    const s2 = await sessionStart('s2');
    expect(parseHookOutput(s2.stdout)?.systemMessage ?? '').not.toMatch(what);
    for (const cmd of ['status', 'doctor']) {
      const out = cli(env, [cmd], { cwd: t.project }).stdout;
      expect(out).toMatch(new RegExp(`! background jobs: ${what.source}`));
      expect(out).toMatch(new RegExp(`\\n\\s+fix: ${fix.source}`));
    }
  }

  beforeEach(() => {
    t = tempEnv();
    env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
  });
  afterEach(() => t.cleanup());

  it('the analysis, when `claude` is not on the PATH', async () => {
    const bin = join(t.dir, 'empty-bin');
    mkdirSync(bin);
    env = { ...env, PATH: bin };
    config({ analysis: { minEvents: 1, minNewEvents: 1 } });
    const db = openDb({ env });
    seedProject(db, { project: 'proj' });
    db.close();
    worker(env, ['analyze', 'proj']);
    await toldOnce(
      /the background analysis failed .*cannot run the Claude Code binary "claude"/,
      /install Claude Code/,
    );
  });

  it('the team sync, when the server cannot be reached', async () => {
    config({ team: { url: 'postgres://alice@127.0.0.1:1/team', connectTimeoutMs: 2000 } });
    openDb({ env }).close();
    worker(env, ['team-sync']);
    await toldOnce(/the background team sync failed .*/, /\S+/);
  });

  it('the embeddings, when the model cannot be loaded', async () => {
    const model = join(t.dir, 'broken-model');
    mkdirSync(join(model, 'onnx'), { recursive: true });
    for (const f of ['config.json', 'tokenizer.json', 'onnx/model_quantized.onnx'])
      writeFileSync(join(model, f), 'not a model');
    config({ embedding: { modelPath: model } });
    expect(cli(env, ['kb', 'add', 'Error: Cannot find module react', '-r', 'npm install react']).code).toBe(
      0,
    );
    worker(env, ['embed']);
    await toldOnce(/the background embeddings failed .*/, /run `self-gen embed` to see the error/);
  });
});
