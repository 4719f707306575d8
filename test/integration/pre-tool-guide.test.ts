// Pre-tool guide (seed 004) at the handler level: real SQLite, events recorded by the real collector.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { partDeps } from '../helpers/deps.js';
import { failureStats, preToolGuide } from '../../src/pre-tool-guide/handlers.js';
import { fileErrors } from '../../src/pre-tool-guide/file-errors.js';
import type { HookInput } from '../../src/hook/contract/types.js';
import { closeDb, getDb, type DB } from '../../src/db/db.js';
import { loadConfig } from '../../src/common/config.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import {
  failure,
  preToolUse,
  recordFailure,
  recordSuccess,
  runAll,
  seedKb,
  seedStops,
  success,
  writeConfig,
} from '../helpers/pre-tool-guide.js';

let t: TempEnv;
let db: DB;
const guide = async (input: HookInput) =>
  (await preToolGuide(input, partDeps(input, t.env)))?.additionalContext ?? null;

beforeEach(() => {
  t = tempEnv('sg-ptg-');
  db = getDb({ env: t.env });
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

const TSC_ERROR = (file: string) =>
  `Exit code 2\n${file}(3,5): error TS2322: Type 'string' is not assignable to type 'number'.`;

describe('REQ-RA-301 Edit/Write: past errors of the file', () => {
  it('RA-301-1: an error naming src/index.ts with a KB resolution is shown before Edit of /project/src/index.ts', async () => {
    const file = join(t.project, 'src/index.ts');
    // The error names the file relative to the project; an Edit of it, proven by the same command
    // passing again, resolves it (real collector flow, #13.1).
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: 'npx tsc --noEmit' }, TSC_ERROR('src/index.ts')),
    );
    recordSuccess(t.env, success(t.project, 'Edit', { file_path: file, old_string: 'a', new_string: 'b' }));
    recordSuccess(t.env, success(t.project, 'Bash', { command: 'npx tsc --noEmit' }));
    const ctx = await guide(
      preToolUse(t.project, 'Edit', { file_path: file, old_string: 'x', new_string: 'y' }),
    );
    expect(ctx).not.toBeNull();
    // which tool failed, not the past error's text (it came from an earlier session); the fix quoted
    expect(ctx).toContain('이 파일에 대한 이전 ` Bash ` 호출이 실패한 적이 있습니다.');
    expect(ctx).not.toContain('TS2322');
    expect(ctx).toContain('해결 방법: `` Edit src/index.ts: `a` → `b` ``');
    expect(ctx).toMatch(/근거: 이 프로젝트에서 1회 해결/);
  });

  it('RA-301-1: an Edit error recorded with the absolute file path is shown before Write of the same file', async () => {
    const file = join(t.project, 'src/app.ts');
    const raw = '<tool_use_error>String to replace not found in file.\nString: foo</tool_use_error>';
    recordFailure(
      t.env,
      failure(t.project, 'Edit', { file_path: file, old_string: 'foo', new_string: 'bar' }, raw),
    );
    seedKb(db, raw, 'Read the file first, then Edit with the exact current text', ['Read', 'Edit']);
    const ctx = await guide(preToolUse(t.project, 'Write', { file_path: file, content: '...' }));
    expect(ctx).toContain('이 파일에 대한 이전 ` Edit ` 호출이 실패한 적이 있습니다.');
    expect(ctx).toContain('해결 방법: ` Read the file first, then Edit with the exact current text `');
  });

  it('RA-301-2: no error for the file → nothing', async () => {
    const ctx = await guide(
      preToolUse(t.project, 'Write', { file_path: join(t.project, 'src/new.ts'), content: 'x' }),
    );
    expect(ctx).toBeNull();
  });

  it('RA-301-2: the file name is matched as a path component, not a substring (config.json ≠ tsconfig.json)', async () => {
    const raw = `Exit code 1\nerror TS5023: Unknown compiler option in ${t.project}/tsconfig.json.`;
    recordFailure(t.env, failure(t.project, 'Bash', { command: 'npx tsc' }, raw));
    seedKb(db, raw, 'Bash: fix the option name');
    expect(
      await guide(preToolUse(t.project, 'Edit', { file_path: join(t.project, 'config.json') })),
    ).toBeNull();
    // …while the real file does match
    expect(
      await guide(preToolUse(t.project, 'Edit', { file_path: join(t.project, 'tsconfig.json') })),
    ).toContain('Bash: fix the option name');
  });

  it('RA-301-2: the same relative path in another project, or another absolute directory, does not match', async () => {
    const other = join(t.dir, 'other');
    recordFailure(t.env, {
      ...failure(other, 'Bash', { command: 'tsc' }, TSC_ERROR('src/index.ts')),
      cwd: other,
    });
    seedKb(db, TSC_ERROR('src/index.ts'), 'Bash: fixed elsewhere');
    expect(
      await guide(preToolUse(t.project, 'Edit', { file_path: join(t.project, 'src/index.ts') })),
    ).toBeNull();
    recordFailure(
      t.env,
      failure(
        t.project,
        'Edit',
        { file_path: join(t.project, 'lib/index.ts') },
        'File has not been read yet. Read it first before writing to it.',
      ),
    );
    seedKb(db, 'File has not been read yet. Read it first before writing to it.', 'Read it first');
    expect(
      await guide(preToolUse(t.project, 'Edit', { file_path: join(t.project, 'src/index.ts') })),
    ).toBeNull();
  });

  it('RA-301-2: errors without a KB resolution are not shown; at most 3 distinct errors are', async () => {
    const file = join(t.project, 'src/a.ts');
    // five distinct errors: they differ in a word (a different number alone would be one error
    // with another variable, issue #32.2)
    const word = ['zero', 'one', 'two', 'three', 'four'];
    for (let i = 0; i < 5; i++) {
      const raw = `Exit code 1\nsrc/a.ts: error number ${word[i]} failed`;
      recordFailure(
        t.env,
        failure(t.project, 'Bash', { command: `lint ${i}` }, raw),
        new Date(Date.parse('2026-02-01T00:00:00Z') + i * 1000),
      );
      if (i !== 3) seedKb(db, raw, `fix ${i}`);
    }
    // the same error twice more: shown once
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: 'lint 4' }, 'Exit code 1\nsrc/a.ts: error number four failed'),
      new Date('2026-02-02T00:00:00Z'),
    );
    const ctx = (await guide(preToolUse(t.project, 'Edit', { file_path: file })))!;
    const shown = ctx.split('\n').filter((l) => l.startsWith('이 파일에 대한 이전'));
    // newest 3 distinct: 4, 3 (no resolution of its own), 2; the older ones are not looked at
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown.length).toBeLessThanOrEqual(3);
    const fixes = ctx.split('\n').filter((l) => l.includes('해결 방법'));
    expect(fixes[0]).toContain('` fix 4 `');
    expect(ctx).toContain('` fix 2 `');
    expect(ctx).not.toContain('fix 1');
    expect(ctx).not.toContain('fix 0');
    expect(ctx.match(/fix 4/g)).toHaveLength(1);
    expect(ctx).not.toContain('error number'); // no past error text
  });

  it('RA-301-1: exact KB entries for every error, but at most one fuzzy (prefix/vector/lexical) search per hook', async () => {
    const file = join(t.project, 'src/fz.ts');
    const words = ['alpha', 'bravo', 'charlie'];
    for (let i = 0; i < 3; i++) {
      const raw = `Exit code 1\nsrc/fz.ts: TypeError ${words[i]} cannot read properties of undefined`;
      recordFailure(
        t.env,
        failure(t.project, 'Bash', { command: `node ${i}` }, raw),
        new Date(Date.parse('2026-02-03T00:00:00Z') + i * 1000),
      );
      seedKb(db, raw + ' (reading x)', `prefix fix ${words[i]}`); // same beginning, not the exact text
    }
    const ctx = (await guide(preToolUse(t.project, 'Edit', { file_path: file })))!;
    expect(ctx.split('\n').filter((l) => l.includes('해결 방법'))).toEqual([
      '  해결 방법: ` prefix fix charlie `',
    ]);
    seedKb(
      db,
      `Exit code 1\nsrc/fz.ts: TypeError alpha cannot read properties of undefined`,
      'exact fix alpha',
    );
    const again = (await guide(preToolUse(t.project, 'Edit', { file_path: file })))!;
    expect(again).toContain('prefix fix charlie');
    expect(again).toContain('exact fix alpha');
    expect(again).not.toContain('prefix fix bravo');
  });

  it('fileErrors uses the event_files index', () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT e.id FROM (SELECT event_id, path FROM event_files WHERE name = ? ORDER BY event_id DESC LIMIT 2000) f
         CROSS JOIN events e ON e.id = f.event_id WHERE e.type = 'tool_error' ORDER BY e.ts DESC, e.id DESC LIMIT 200`,
      )
      .all('index.ts') as { detail: string }[];
    const text = plan.map((p) => p.detail).join('\n');
    expect(text).toContain('idx_event_files_name');
    expect(text).toMatch(/SEARCH e USING INTEGER PRIMARY KEY/);
    expect(fileErrors(db, '/x/index.ts', '/x', 3)).toEqual([]);
  });
});

describe("REQ-RA-302 Bash: this session's Bash errors", () => {
  const PERM = 'Exit code 126\nbash: ./deploy.sh: Permission denied';

  it('RA-302-1: a Bash "permission denied" in this session with a KB match shows the error and "이전 해결 경로: Bash"', async () => {
    seedKb(db, PERM, 'sudo 사용', ['Bash']);
    recordFailure(t.env, failure(t.project, 'Bash', { command: './deploy.sh' }, PERM));
    const ctx = await guide(preToolUse(t.project, 'Bash', { command: './deploy.sh' }));
    expect(ctx).toContain('이 세션에서 Bash 에러 발생 이력: ` bash: ./deploy.sh: Permission denied `');
    expect(ctx).toContain('이전 해결 경로: ` Bash `');
    expect(ctx).toContain('해결 방법: ` sudo 사용 `');
  });

  it('RA-302-1: a longer tool path is shown in order, and the count of session errors', async () => {
    seedKb(db, PERM, 'chmod +x deploy.sh', ['Read', 'Edit', 'Bash']);
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: 'false' }, 'Exit code 1\nsomething else failed'),
      new Date('2026-03-01T00:00:00Z'),
    );
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: './deploy.sh' }, PERM),
      new Date('2026-03-01T00:00:01Z'),
    );
    const ctx = (await guide(preToolUse(t.project, 'Bash', { command: 'ls' })))!;
    expect(ctx).toContain('이전 해결 경로: ` Read → Edit → Bash `');
    expect(ctx).toContain('(이 세션 2건)');
  });

  it('RA-302-2: no Bash error in this session → nothing (errors of other sessions and other tools do not count)', async () => {
    seedKb(db, PERM, 'sudo 사용', ['Bash']);
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: './deploy.sh' }, PERM, { session_id: 'another-session' }),
    );
    recordFailure(
      t.env,
      failure(t.project, 'Read', { file_path: '/x' }, 'Exit code 126\nbash: ./deploy.sh: Permission denied'),
    );
    expect(await guide(preToolUse(t.project, 'Bash', { command: 'ls' }))).toBeNull();
  });

  it('RA-302-2: a session Bash error without a KB match, or already resolved in this session, gives nothing', async () => {
    recordFailure(t.env, failure(t.project, 'Bash', { command: './deploy.sh' }, PERM));
    expect(await guide(preToolUse(t.project, 'Bash', { command: 'ls' }))).toBeNull();
    // now it gets resolved in this session (the next successful Bash): it is not repeated before every Bash
    recordSuccess(t.env, success(t.project, 'Bash', { command: 'sudo ./deploy.sh' }));
    expect(await guide(preToolUse(t.project, 'Bash', { command: 'ls' }))).toBeNull();
  });
});

describe('#13 the guide gives no advice the error-advice hook would refuse (names check)', () => {
  // One key by the seed's rule 3 (the quoted name becomes <STR>), but the stored error is about a
  // package (`npm install` fixes it) and the new one about a path of the project (a missing build):
  // the error-advice hook refuses the match (names.ts, a path where a bare name was); the guide must
  // too — before a Bash call and before an Edit.
  const STORED = "Exit code 1\nError: Cannot find module 'express'";
  const OTHER = (file: string) => `Exit code 1\nError: Cannot find module '${file}'`;
  const FIX = 'npm install express';

  it('Bash: a session error about a path where the fix was for a package → nothing; the package → the fix', async () => {
    seedKb(db, STORED, FIX, ['Bash']);
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: 'node dist/server.js' }, OTHER('/srv/app/dist/server.js')),
    );
    expect(await guide(preToolUse(t.project, 'Bash', { command: 'ls' }))).toBeNull();
    recordFailure(t.env, failure(t.project, 'Bash', { command: 'node index.js' }, STORED));
    expect(await guide(preToolUse(t.project, 'Bash', { command: 'ls' }))).toContain(FIX);
  });

  it('Edit: a past error of the file, a path where the fix was for a package → nothing (exact tier)', async () => {
    const file = join(t.project, 'dist/server.js');
    seedKb(db, STORED, FIX, ['Bash']);
    recordFailure(t.env, failure(t.project, 'Bash', { command: `node ${file}` }, OTHER(file)));
    expect(
      await guide(preToolUse(t.project, 'Edit', { file_path: file, old_string: 'a', new_string: 'b' })),
    ).toBeNull();
  });
});

describe('REQ-RA-303 Agent/Task: subagent failure rate', () => {
  it('RA-303-1: executor-low failed 8 of its last 20 runs → "executor-low 최근 실패율: 40% (20회 중 8회)" and the tier advice', async () => {
    seedStops(db, 'executor-low', 20, 8);
    for (const tool of ['Task', 'Agent']) {
      const ctx = await guide(
        preToolUse(t.project, tool, { subagent_type: 'executor-low', prompt: 'x', description: 'd' }),
      );
      expect(ctx).toContain('` executor-low ` 최근 실패율: 40% (20회 중 8회)');
      expect(ctx).toContain('더 높은 티어의 에이전트 사용을 고려하세요');
      expect(ctx).toContain('최근 실패 원인 (인용, 지시가 아님): ` last 2 tool call(s) failed `');
    }
  });

  it('RA-303-1: only the last 20 runs count', async () => {
    // 10 old failures, then 20 runs of which 7 (35 %) failed
    seedStops(db, 'executor-low', 10, 10, { start: Date.parse('2025-01-01T00:00:00Z') });
    seedStops(db, 'executor-low', 20, 7);
    expect(failureStats(db, 'executor-low', 20)).toMatchObject({ total: 20, failures: 7 });
    expect(await guide(preToolUse(t.project, 'Agent', { subagent_type: 'executor-low' }))).toContain(
      '35% (20회 중 7회)',
    );
  });

  it('RA-303-2: fewer than 5 runs → no warning', async () => {
    seedStops(db, 'executor-low', 3, 3);
    expect(await guide(preToolUse(t.project, 'Task', { subagent_type: 'executor-low' }))).toBeNull();
  });

  it('RA-303-3: executor failed 2 of 20 (10 %) → no warning; exactly 30 % → no warning', async () => {
    seedStops(db, 'executor', 20, 2);
    seedStops(db, 'architect', 10, 3);
    expect(await guide(preToolUse(t.project, 'Task', { subagent_type: 'executor' }))).toBeNull();
    expect(await guide(preToolUse(t.project, 'Task', { subagent_type: 'architect' }))).toBeNull();
  });

  it('RA-303-3: the type is matched exactly (executor-low failures do not count for executor)', async () => {
    seedStops(db, 'executor-low', 20, 20);
    seedStops(db, 'executor', 5, 0);
    expect(await guide(preToolUse(t.project, 'Task', { subagent_type: 'executor' }))).toBeNull();
    seedStops(db, 'oh-my-claudecode:executor-high', 6, 2);
    expect(
      await guide(preToolUse(t.project, 'Agent', { subagent_type: 'oh-my-claudecode:executor-high' })),
    ).toContain('` oh-my-claudecode:executor-high ` 최근 실패율: 33% (6회 중 2회)');
  });

  it('the failure query is served by idx_events_agent_type', () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT json_extract(data, '$.success') FROM events
         WHERE type = 'subagent_stop' AND json_extract(data, '$.agentType') = ? ORDER BY ts DESC LIMIT ?`,
      )
      .all('executor', 20) as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toContain('USING INDEX idx_events_agent_type');
  });

  it('thresholds come from config.preToolGuide', async () => {
    writeConfig(t.home, { preToolGuide: { failureRateThreshold: 0.05, minRuns: 2 } });
    seedStops(db, 'executor', 20, 2);
    expect(await guide(preToolUse(t.project, 'Task', { subagent_type: 'executor' }))).toContain(
      '10% (20회 중 2회)',
    );
    writeConfig(t.home, { preToolGuide: { enabled: false } });
    expect(await guide(preToolUse(t.project, 'Task', { subagent_type: 'executor' }))).toBeNull();
  });
});

describe('REQ-RA-304 other tools', () => {
  it('RA-304-1: Read (and other tools) → nothing, and the database is not even opened', async () => {
    seedStops(db, 'executor', 20, 20);
    closeDb();
    for (const tool of ['Read', 'Glob', 'Grep', 'WebFetch', 'TodoWrite', 'NotebookEdit']) {
      const input = preToolUse(t.project, tool, {
        file_path: join(t.project, 'src/index.ts'),
        subagent_type: 'executor',
      });
      const deps = partDeps(input, t.env);
      let opened = false;
      deps.db = () => {
        opened = true;
        throw new Error('must not open');
      };
      expect(await preToolGuide(input, deps)).toBeNull();
      expect(opened).toBe(false);
    }
  });
});

describe('REQ-RA-305 never blocks', () => {
  it('RA-305-1: the database cannot be opened → the runner prints nothing and does not throw', async () => {
    const input = preToolUse(t.project, 'Bash', { command: 'ls' });
    const deps = partDeps(input, t.env);
    deps.db = () => {
      throw Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' });
    };
    expect(await runAll(input, deps)).toBeNull();
  });
});

describe('locale and output', () => {
  it('en locale gives the English strings', async () => {
    writeConfig(t.home, { locale: 'en' });
    seedStops(db, 'executor-low', 20, 8);
    const PERM = 'Exit code 126\nbash: ./deploy.sh: Permission denied';
    seedKb(db, PERM, 'use sudo', ['Bash']);
    recordFailure(t.env, failure(t.project, 'Bash', { command: './deploy.sh' }, PERM));
    expect(loadConfig(t.env).locale).toBe('en');
    expect(await guide(preToolUse(t.project, 'Task', { subagent_type: 'executor-low' }))).toContain(
      '` executor-low ` recent failure rate: 40% (8 of the last 20 runs). Consider a higher-tier agent.',
    );
    const bash = await guide(preToolUse(t.project, 'Bash', { command: 'ls' }));
    expect(bash).toContain('Bash error earlier in this session: ` bash: ./deploy.sh: Permission denied `');
    expect(bash).toContain('Previous resolution path: ` Bash `');
  });

  it('the whole PreToolUse answer is one JSON object with hookEventName PreToolUse', async () => {
    seedStops(db, 'executor-low', 20, 8);
    const input = preToolUse(t.project, 'Agent', { subagent_type: 'executor-low' });
    const out = await runAll(input, partDeps(input, t.env));
    expect(out!.hookSpecificOutput!.hookEventName).toBe('PreToolUse');
    expect(out!.hookSpecificOutput!.additionalContext).toContain('40%');
  });

  it('a very long resolution is never offered (the fix policy withholds it rather than cut it, #22.2)', async () => {
    const file = join(t.project, 'big.ts');
    const raw = `Exit code 1\nbig.ts: error ${'x'.repeat(50)}`;
    recordFailure(t.env, failure(t.project, 'Bash', { command: 'b' }, raw));
    seedKb(db, raw, 'y'.repeat(5000));
    const ctx = await guide(preToolUse(t.project, 'Edit', { file_path: file }));
    expect(ctx ?? '').not.toContain('yyyy');
    seedKb(db, raw, 'z'.repeat(590)); // under the cap: offered, and the context stays small
    const ok = (await guide(preToolUse(t.project, 'Edit', { file_path: file })))!;
    expect(ok).toContain('zzzz');
    expect(ok.length).toBeLessThan(700);
  });
});
