// Issue #32 "What it must show": a real `npm run build` failure with `npm warn` lines and the
// `> pkg@1.0.0 build` banner in front of a tsc error, through the built hook process. Session 1
// fails, fixes the file, and the same command passes (the proof); session 2 in the same project
// fails the same way with other warn lines: the advice names the fix, and the stored key and
// `kb show`'s "error then:" are the compiler's line, not npm's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../../src/db/db.js';
import { cli } from '../helpers/cli.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook, runWorkerJob } from '../helpers/hook-proc.js';
import { oldEntry, oldStore } from '../helpers/old-store.js';
import { paths } from '../../src/common/paths.js';
import { contextOf, ensureBuilt, failure, success, writeConfig } from '../helpers/pre-tool-guide.js';

const fixture = (name: string) => readFileSync(join(ROOT, 'test', 'fixtures', 'runner-lines', name), 'utf8');
const TSC_LINE = "src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.";
const TSC_KEY = 'error TS2322: Type <STR> is not assignable to type <STR>.';

let t: TempEnv;
beforeEach(() => {
  t = tempEnv('sg-npm-build-');
  writeConfig(t.home, { locale: 'en' });
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

describe('#32 the npm case: keyed on the compiler line, found again in the next session', () => {
  it('session 2 with other `npm warn` lines gets the fix of session 1', async () => {
    ensureBuilt();
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
    const file = join(t.project, 'src', 'index.ts');
    const build = { command: 'npm run build', description: 'build' };
    const s1 = { session_id: '7f0c7a51-0000-4000-8000-000000000001' };
    // Claude Code's Bash error: `Exit code N`, then the output
    const session1 = [
      failure(t.project, 'Bash', build, `Exit code 2\n${fixture('npm11-run-build-warn-1.txt')}`, s1),
      success(t.project, 'Read', { file_path: file }, s1),
      success(
        t.project,
        'Edit',
        {
          file_path: file,
          old_string: 'export const n: number = "x";',
          new_string: 'export const n: number = 1;',
        },
        s1,
      ),
      success(t.project, 'Bash', build, s1),
    ];
    for (const p of session1) {
      const r = await runHook(p.hook_event_name, p, env);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(''); // nothing known yet
    }
    runWorkerJob('fix-policy', env); // the verdict the detached worker would give

    const db = getDb({ env: t.env });
    const rows = db.prepare('SELECT id, error_normalized, key_version FROM error_kb').all() as {
      id: number;
      error_normalized: string;
      key_version: number;
    }[];
    expect(rows.map((r) => r.error_normalized)).toEqual([TSC_KEY]);
    const events = db.prepare(`SELECT data FROM events WHERE type = 'tool_error'`).all() as {
      data: string;
    }[];
    expect(events.map((e) => JSON.parse(e.data) as { error: string }).map((d) => d.error)).toEqual([TSC_KEY]);
    closeDb();

    const s2 = { session_id: '7f0c7a51-0000-4000-8000-000000000002' };
    const fail2 = failure(
      t.project,
      'Bash',
      build,
      `Exit code 2\n${fixture('npm11-run-build-warn-2.txt')}`,
      s2,
    );
    const r = await runHook('PostToolUseFailure', fail2, env);
    expect(r.code).toBe(0);
    const ctx = contextOf(r.stdout, 'PostToolUseFailure');
    expect(ctx).toContain('This error was resolved before (exact match).');
    expect(ctx).toContain('export const n: number = 1;');
    expect(ctx).not.toMatch(/npm warn|Unknown project config/);

    const show = cli(env, ['kb', 'show', String(rows[0]!.id)]);
    expect(show.stdout).toContain(`error then: ${TSC_LINE}`);
  });

  it('a store of key version 1 (keyed on npm’s warning) is re-keyed by the worker, then found again', async () => {
    ensureBuilt();
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
    // issue #32: "stored under the line `npm warn Unknown user config`" by key version 1
    const oldKey =
      'npm WARN Unknown project config <STR>. This will stop working in the next major version of npm. See <STR> for supported config options.';
    const fix = 'Edit src/index.ts: `export const n: number = "x";` → `export const n: number = 1;`';
    oldStore(paths(t.env).db, 8, (o) =>
      oldEntry(o, {
        key: oldKey,
        raw: `Exit code 2\n${fixture('npm11-run-build-warn-1.txt')}`,
        fix,
        project: t.project,
        ts: '2026-11-28T10:00:00.000Z',
      }),
    );
    runWorkerJob('rekey', env); // the session-end step kb-rekey, as a job
    runWorkerJob('fix-policy', env);
    const db = getDb({ env: t.env });
    const keys = db.prepare('SELECT error_normalized AS k FROM error_kb').all() as { k: string }[];
    expect(keys.map((r) => r.k)).toEqual([TSC_KEY]);
    closeDb();
    const fail = failure(
      t.project,
      'Bash',
      { command: 'npm run build' },
      `Exit code 2\n${fixture('npm11-run-build-warn-2.txt')}`,
    );
    const r = await runHook('PostToolUseFailure', fail, env);
    expect(r.code).toBe(0);
    expect(contextOf(r.stdout, 'PostToolUseFailure')).toContain('export const n: number = 1;');
  });
});
