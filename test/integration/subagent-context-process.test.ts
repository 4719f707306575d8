// Subagent context (seed 000) through the hook process: `node dist/hook.js SubagentStart` with the
// fixture's SubagentStart payload (agent_type changed per scenario).
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeAnalysis } from '../../src/analysis/cache.js';
import { closeDb, getDb, type DB } from '../../src/db/db.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import {
  contextOf,
  ensureBuilt,
  failure,
  norm,
  recordFailure,
  seedKb,
  subagentStart,
  writeConfig,
} from '../helpers/pre-tool-guide.js';

let t: TempEnv;
let env: NodeJS.ProcessEnv;
let db: DB;

beforeAll(() => {
  ensureBuilt();
});
beforeEach(() => {
  t = tempEnv('sg-sacp-');
  env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
  db = getDb({ env: t.env });
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

async function hook(agentType: string) {
  closeDb();
  const r = await runHook('SubagentStart', subagentStart(t.project, agentType), env);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  return r;
}

function seedErrors(n: number): string[] {
  const raws: string[] = [];
  for (let i = 0; i < n; i++) {
    const raw = `Exit code 1\nError: build step ${['one', 'two', 'three', 'four', 'five'][i]} failed`;
    recordFailure(
      t.env,
      failure(t.project, 'Bash', { command: `make s${i}` }, raw),
      new Date(Date.parse('2026-04-02T00:00:00Z') + i * 1000),
    );
    raws.push(raw);
  }
  return raws;
}

const rules = (list: { rule: string; project?: string | null }[], at = new Date()) =>
  storeAnalysis(
    db,
    {
      project: 'proj',
      days: 7,
      inputHash: `h${at.getTime()}`,
      analysis: { suggestions: list.map((r) => ({ type: 'claude_md', ...r })) },
    },
    at,
  );

describe('SubagentStart through dist/hook.js', () => {
  it('RA-401-1: executor → context injected', async () => {
    seedErrors(1);
    expect(contextOf((await hook('executor')).stdout, 'SubagentStart')).toContain(
      '이 프로젝트의 최근 에러 패턴:',
    );
  });

  it('RA-401-2: researcher → nothing printed', async () => {
    seedErrors(2);
    rules([{ rule: 'r' }]);
    expect((await hook('researcher')).stdout).toBe('');
  });

  it('RA-401-3: oh-my-claudecode:executor-high → context injected', async () => {
    seedErrors(1);
    expect(contextOf((await hook('oh-my-claudecode:executor-high')).stdout, 'SubagentStart')).toContain(
      '이 프로젝트의 최근 에러 패턴:',
    );
  });

  it('RA-402-1: 5 errors, 2 exact KB matches → the newest 3 with their resolutions', async () => {
    const raws = seedErrors(5);
    seedKb(db, raws[4]!, 'Bash: make clean && make');
    seedKb(db, raws[3]!, 'Edit Makefile');
    const ctx = contextOf((await hook('executor')).stdout, 'SubagentStart');
    expect(ctx.split('\n')).toEqual([
      '이 프로젝트의 최근 에러 패턴:',
      `- ${norm(raws[4]!)} (Bash)`,
      '  해결: Bash: make clean && make',
      `- ${norm(raws[3]!)} (Bash)`,
      '  해결: Edit Makefile',
      `- ${norm(raws[2]!)} (Bash)`,
    ]);
  });

  it('RA-402-2: no project errors → no error section', async () => {
    rules([{ rule: 'Always run make test' }]);
    const ctx = contextOf((await hook('executor')).stdout, 'SubagentStart');
    expect(ctx).not.toContain('이 프로젝트의 최근 에러 패턴:');
  });

  it('RA-403-1: two project rules → "적용할 프로젝트 규칙:" with both', async () => {
    rules([
      { rule: 'Use pnpm', project: 'proj' },
      { rule: 'Small commits', project: 'proj' },
    ]);
    expect(contextOf((await hook('executor')).stdout, 'SubagentStart')).toBe(
      '적용할 프로젝트 규칙:\n- Use pnpm\n- Small commits',
    );
  });

  it('RA-403-2: analysis older than 48 h → no rules section (nothing printed)', async () => {
    rules([{ rule: 'stale' }], new Date(Date.now() - 50 * 3600 * 1000));
    expect((await hook('executor')).stdout).toBe('');
  });

  it('RA-403-3: one global and two project rules → all three', async () => {
    rules([
      { rule: 'global', project: null },
      { rule: 'p1', project: 'proj' },
      { rule: 'p2', project: 'proj' },
    ]);
    expect(contextOf((await hook('executor')).stdout, 'SubagentStart')).toBe(
      '적용할 프로젝트 규칙:\n- global\n- p1\n- p2',
    );
  });

  it('RA-404-1: 700+ characters → 500', async () => {
    const raws = seedErrors(3);
    for (const r of raws) seedKb(db, r, 'k'.repeat(150));
    rules([1, 2, 3].map((i) => ({ rule: `rule ${i} ${'m'.repeat(90)}` })));
    expect(contextOf((await hook('executor')).stdout, 'SubagentStart').length).toBe(500);
  });

  it('RA-404-2: nothing to say → nothing printed', async () => {
    expect((await hook('executor')).stdout).toBe('');
  });

  it('RA-405-1: one JSON object with hookEventName "SubagentStart"', async () => {
    seedErrors(1);
    rules([{ rule: 'r1' }]);
    const r = await hook('executor');
    const o = JSON.parse(r.stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(o.hookSpecificOutput.hookEventName).toBe('SubagentStart');
    expect(r.stdout.endsWith('}\n')).toBe(true);
  });

  it('RA-406-1: the analysis cache unusable (table gone) → exit 0, the error part still injected', async () => {
    seedErrors(1);
    db.exec('DROP TABLE analysis_cache');
    expect(contextOf((await hook('executor')).stdout, 'SubagentStart')).toContain(
      '이 프로젝트의 최근 에러 패턴:',
    );
  });

  it('RA-406-1: a corrupt database → exit 0, nothing printed', async () => {
    closeDb();
    writeFileSync(join(t.home, 'data', 'self-gen.db'), 'garbage'.repeat(1000));
    expect((await hook('executor')).stdout).toBe('');
  });

  // dist/hook.cjs loads the bundle behind a guard, so a damaged installation (the bundle file
  // missing, or a garbage code cache) still ends with exit 0 and no output.
  it('RA-406-1: the hook bundle missing → exit 0, nothing printed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-dist-'));
    try {
      cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
      unlinkSync(join(dir, 'dist', 'hook-main.cjs'));
      for (const entry of ['hook.cjs', 'hook.js']) {
        const r = spawnSync(process.execPath, [join(dir, 'dist', entry), 'SubagentStart'], {
          input: JSON.stringify(subagentStart(t.project, 'executor')),
          env,
          encoding: 'utf8',
        });
        expect(r.status, entry).toBe(0);
        expect(r.stdout, entry).toBe('');
        expect(r.stderr, entry).toBe('');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('RA-407-1: enabled:false → nothing printed', async () => {
    seedErrors(2);
    rules([{ rule: 'r1' }]);
    writeConfig(t.home, { enabled: false });
    expect((await hook('executor')).stdout).toBe('');
  });
});
