// KB writes under concurrency: `kb add` processes racing with hook processes that write events and
// learn fixes. A deferred (read-then-write) transaction used to fail at once with SQLITE_BUSY when
// another process had committed in between, losing the entry silently; KB write transactions are
// IMMEDIATE, so they wait on the busy timeout like every other write.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { cliAsync } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { fixturePayloads, runHook } from '../helpers/hook-proc.js';
import { pool } from '../helpers/pool.js';

let t: TempEnv;
beforeEach(() => {
  t = tempEnv('sg-kbconc-');
});
afterEach(() => t.cleanup());

const cli = (args: string[], env: NodeJS.ProcessEnv, cwd: string) =>
  cliAsync(env, args, { cwd }).then((r) => ({ code: r.code, err: r.stderr }));

describe('KB writes under concurrency', () => {
  it('24 `kb add` racing with 24 hook processes: every entry is written, every command exits 0', async () => {
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
    const prompt = fixturePayloads({ project: t.project }).find((x) => x.event === 'UserPromptSubmit')!;
    await cli(['kb', 'add', 'Error: warm-up', '-r', 'nothing'], env, t.project);
    const jobs = Array.from({ length: 48 }, (_, i) => i);
    const results = await pool(jobs, 8, async (i: number) =>
      i % 2 === 0
        ? cli(
            ['kb', 'add', `Error: concurrent failure number ${i} in module m${i}`, '-r', `fix ${i}`],
            env,
            t.project,
          )
        : runHook('UserPromptSubmit', { ...prompt.payload, prompt: `prompt ${i}` }, env).then((r) => ({
            code: r.code,
            err: r.stderr,
          })),
    );
    expect(results.filter((r) => r.code !== 0)).toEqual([]);
    const db = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
    try {
      const n = (
        db.prepare(`SELECT count(*) AS n FROM error_kb WHERE resolution LIKE 'fix %'`).get() as {
          n: number;
        }
      ).n;
      expect(n).toBe(24);
    } finally {
      db.close();
    }
  });
});
