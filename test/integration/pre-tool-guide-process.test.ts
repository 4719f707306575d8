// Pre-tool guide (seed 004) through the hook process: `node dist/hook.js PreToolUse` with
// fixture-shaped payloads on stdin, a temporary SELF_GEN_HOME, the real database.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeDb, getDb, type DB } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import {
  contextOf,
  ensureBuilt,
  failure,
  preToolUse,
  recordFailure,
  recordSuccess,
  seedKb,
  seedStops,
  success,
} from '../helpers/pre-tool-guide.js';

let t: TempEnv;
let env: NodeJS.ProcessEnv;
let db: DB;

beforeAll(() => {
  ensureBuilt();
});
beforeEach(() => {
  t = tempEnv('sg-ptgp-');
  env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
  db = getDb({ env: t.env });
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

/** Runs the hook with the seeded database closed in this process; returns exit code and stdout. */
async function hook(input: object) {
  closeDb();
  const r = await runHook('PreToolUse', input, env);
  expect(r.stderr).toBe('');
  return r;
}

const PERM = 'Exit code 126\nbash: ./deploy.sh: Permission denied';

describe('PreToolUse through dist/hook.js', () => {
  it('RA-301-1: Edit of /project/src/index.ts after an error naming src/index.ts that an Edit resolved', async () => {
    const file = join(t.project, 'src/index.ts');
    recordFailure(
      t.env,
      failure(
        t.project,
        'Bash',
        { command: 'npx tsc' },
        'Exit code 2\nsrc/index.ts(1,1): error TS1005: ; expected.',
      ),
    );
    recordSuccess(t.env, success(t.project, 'Edit', { file_path: file, old_string: 'a', new_string: 'b' }));
    recordSuccess(t.env, success(t.project, 'Bash', { command: 'npx tsc' })); // proves the Edit (#13.1)
    const r = await hook(
      preToolUse(t.project, 'Edit', { file_path: file, old_string: 'x', new_string: 'y' }),
    );
    expect(r.code).toBe(0);
    const ctx = contextOf(r.stdout, 'PreToolUse');
    expect(ctx).toContain('이 파일에 대한 이전 ` Bash ` 호출이 실패한 적이 있습니다.');
    expect(ctx).not.toContain('TS1005'); // the past error's own text is not repeated
    expect(ctx).toContain('해결 방법: `` Edit src/index.ts: `a` → `b` ``');
  });

  it('RA-301-2: Write of a file without errors → exit 0, nothing printed', async () => {
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: 'npx tsc' }, `Exit code 2\n${t.project}/tsconfig.json: error`),
    );
    seedKb(db, `Exit code 2\n${t.project}/tsconfig.json: error`, 'fix');
    const r = await hook(
      preToolUse(t.project, 'Write', { file_path: join(t.project, 'config.json'), content: '{}' }),
    );
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('RA-302-1: Bash after a session Bash "permission denied" with a KB entry → history and "이전 해결 경로: Bash"', async () => {
    seedKb(db, PERM, 'sudo 사용', ['Bash']);
    recordFailure(t.env, failure(t.project, 'Bash', { command: './deploy.sh' }, PERM));
    const r = await hook(preToolUse(t.project, 'Bash', { command: './deploy.sh', description: 'deploy' }));
    expect(r.code).toBe(0);
    const ctx = contextOf(r.stdout, 'PreToolUse');
    expect(ctx).toContain('이 세션에서 Bash 에러 발생 이력: ` bash: ./deploy.sh: Permission denied `');
    expect(ctx).toContain('이전 해결 경로: ` Bash `');
  });

  it('RA-302-2: Bash without session Bash errors → nothing', async () => {
    seedKb(db, PERM, 'sudo 사용', ['Bash']);
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: './deploy.sh' }, PERM, { session_id: 'other-session' }),
    );
    const r = await hook(preToolUse(t.project, 'Bash', { command: 'ls' }));
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('RA-303-1: Task/Agent executor-low with 8 of 20 failed → "executor-low 최근 실패율: 40% (20회 중 8회)"', async () => {
    seedStops(db, 'executor-low', 20, 8);
    for (const tool of ['Task', 'Agent']) {
      const r = await hook(
        preToolUse(t.project, tool, { description: 'd', prompt: 'p', subagent_type: 'executor-low' }),
      );
      expect(r.code).toBe(0);
      const ctx = contextOf(r.stdout, 'PreToolUse');
      expect(ctx).toContain(
        '` executor-low ` 최근 실패율: 40% (20회 중 8회). 더 높은 티어의 에이전트 사용을 고려하세요.',
      );
    }
  });

  it('RA-303-2: 3 runs only → nothing', async () => {
    seedStops(db, 'executor-low', 3, 3);
    const r = await hook(preToolUse(t.project, 'Task', { subagent_type: 'executor-low' }));
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('RA-303-3: executor with 2 of 20 failed → nothing', async () => {
    seedStops(db, 'executor', 20, 2);
    const r = await hook(preToolUse(t.project, 'Agent', { subagent_type: 'executor' }));
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('RA-304-1: Read → exit 0, nothing printed, even with history for the file', async () => {
    const file = join(t.project, 'src/index.ts');
    recordFailure(
      t.env,
      failure(
        t.project,
        'Edit',
        { file_path: file },
        'File has not been read yet. Read it first before writing to it.',
      ),
    );
    seedKb(db, 'File has not been read yet. Read it first before writing to it.', 'Read it first');
    const r = await hook(preToolUse(t.project, 'Read', { file_path: file }));
    expect(r).toMatchObject({ code: 0, stdout: '' });
    // …while Edit of the same file gets it
    const e = await hook(preToolUse(t.project, 'Edit', { file_path: file }));
    expect(contextOf(e.stdout, 'PreToolUse')).toContain('해결 방법: ` Read it first `');
  });

  it('RA-305-1: a corrupted self-gen.db → exit 0 (the file is moved aside, nothing printed)', async () => {
    closeDb();
    writeFileSync(join(t.home, 'data', 'self-gen.db'), 'this is not a database'.repeat(500));
    for (const tool of ['Bash', 'Edit', 'Task']) {
      const r = await hook(
        preToolUse(t.project, tool, {
          command: 'ls',
          file_path: join(t.project, 'a.ts'),
          subagent_type: 'executor',
        }),
      );
      expect(r).toMatchObject({ code: 0, stdout: '' });
    }
  });

  it('RA-305-1: a data home that cannot be used at all → exit 0, nothing printed', async () => {
    closeDb();
    const bad = join(t.dir, 'not-a-dir');
    writeFileSync(bad, 'x');
    const r = await runHook('PreToolUse', preToolUse(t.project, 'Bash', { command: 'ls' }), {
      ...env,
      SELF_GEN_HOME: join(bad, 'home'),
    });
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('a file with many resolved errors: one JSON line, a bounded context', async () => {
    const file = join(t.project, 'src/big.ts');
    for (let i = 0; i < 10; i++) {
      const raw = `Exit code 1\nsrc/big.ts: error ${'abcdefghij'[i]} ${'q'.repeat(300)}`;
      recordFailure(
        t.env,
        failure(t.project, 'Bash', { command: `b${i}` }, raw),
        new Date(Date.parse('2026-05-01T00:00:00Z') + i * 1000),
      );
      seedKb(db, raw, 'fix '.repeat(140)); // under the fix policy's cap (a longer one is withheld)
    }
    const r = await hook(preToolUse(t.project, 'Edit', { file_path: file }));
    const ctx = contextOf(r.stdout, 'PreToolUse');
    expect(ctx.split('\n').filter((l) => l.startsWith('이 파일에 대한 이전'))).toHaveLength(3);
    expect(ctx.length).toBeLessThan(2000);
  });
});
