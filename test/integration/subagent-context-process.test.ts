// Subagent context (seed 000) through the hook process: `node dist/hook.js SubagentStart` with the
// fixture's SubagentStart payload (agent_type changed per scenario).
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertFeedback, storeAnalysis } from '../../src/analysis/cache.js';
import { suggestionId } from '../../src/analysis/ids.js';
import { MESSAGES } from '../../src/error-kb/messages.js';
import { bareLeaks, PLANTED, PLANTED_RE } from '../helpers/quoted.js';
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

const HEAD = MESSAGES.ko.projectErrorsHeader;
const RULES = MESSAGES.ko.rulesHeader;

/** An analysis with these CLAUDE.md rules; the user applied them all unless `applied` says otherwise. */
function rules(
  list: { rule: string; project?: string | null }[],
  at = new Date(),
  applied: (rule: string) => boolean = () => true,
): void {
  const suggestions = list.map((r) => ({
    type: 'claude_md',
    ...r,
    id: suggestionId('claude_md', r.rule, r.project === undefined ? 'proj' : r.project),
  }));
  storeAnalysis(
    db,
    { project: 'proj', days: 7, inputHash: `h${at.getTime()}`, analysis: { suggestions } },
    at,
  );
  for (const s of suggestions)
    if (applied(s.rule))
      insertFeedback(db, {
        ts: at.toISOString(),
        suggestion_id: s.id,
        action: 'accepted',
        project: s.project ?? null,
        type: 'claude_md',
        text: s.rule,
      });
}

describe('SubagentStart through dist/hook.js', () => {
  it('RA-401-1: executor → context injected', async () => {
    seedErrors(1);
    expect(contextOf((await hook('executor')).stdout, 'SubagentStart')).toContain(HEAD);
  });

  it('RA-401-2: researcher → nothing printed', async () => {
    seedErrors(2);
    rules([{ rule: 'r' }]);
    expect((await hook('researcher')).stdout).toBe('');
  });

  it('RA-401-3: oh-my-claudecode:executor-high → context injected', async () => {
    seedErrors(1);
    expect(contextOf((await hook('oh-my-claudecode:executor-high')).stdout, 'SubagentStart')).toContain(HEAD);
  });

  it('RA-402-1: 5 errors, 2 exact KB matches → the newest 3 with their resolutions', async () => {
    const raws = seedErrors(5);
    seedKb(db, raws[4]!, 'Bash: make clean && make');
    seedKb(db, raws[3]!, 'Edit Makefile');
    const ctx = contextOf((await hook('executor')).stdout, 'SubagentStart');
    expect(ctx.split('\n')).toEqual([
      HEAD, // records of earlier sessions, quoted as data (#22.2)
      `- \` ${norm(raws[4]!)} \` (\` Bash \`)`,
      '  해결: ` Bash: make clean && make `',
      `- \` ${norm(raws[3]!)} \` (\` Bash \`)`,
      '  해결: ` Edit Makefile `',
      `- \` ${norm(raws[2]!)} \` (\` Bash \`)`,
    ]);
  });

  it('RA-402-2: no project errors → no error section', async () => {
    rules([{ rule: 'Always run make test' }]);
    const ctx = contextOf((await hook('executor')).stdout, 'SubagentStart');
    expect(ctx).not.toContain(HEAD);
  });

  it('RA-403-1: two project rules the user applied → the rules section with both, quoted', async () => {
    rules([
      { rule: 'Use pnpm', project: 'proj' },
      { rule: 'Small commits', project: 'proj' },
    ]);
    expect(contextOf((await hook('executor')).stdout, 'SubagentStart')).toBe(
      `${RULES}\n- \` Use pnpm \`\n- \` Small commits \``,
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
      `${RULES}\n- \` global \`\n- \` p1 \`\n- \` p2 \``,
    );
  });

  it('RA-404-1: 700+ characters → 500', async () => {
    const raws = seedErrors(3);
    for (const r of raws) seedKb(db, r, 'k'.repeat(150));
    rules([1, 2, 3].map((i) => ({ rule: `rule ${i} ${'m'.repeat(90)}` })));
    const ctx = contextOf((await hook('executor')).stdout, 'SubagentStart');
    expect(ctx.length).toBeLessThanOrEqual(500);
    expect(ctx.length).toBeGreaterThan(400);
    expect(bareLeaks(ctx, /k{5}|m{5}/)).toEqual([]); // cut between lines, never inside a quote
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
    expect(contextOf((await hook('executor')).stdout, 'SubagentStart')).toContain(HEAD);
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

  it('an open suggestion never reaches the subagent; planted instructions in errors, fixes and applied rules stay quoted', async () => {
    const raw = `Exit code 1\nError: ${PLANTED}\n\`\`\`\n${PLANTED} \``;
    recordFailure(t.env, failure(t.project, 'Bash', { command: 'make' }, raw));
    seedKb(db, raw, `Bash: make clean # ${PLANTED}`);
    rules(
      [
        { rule: `applied: ${PLANTED} \`\``, project: 'proj' },
        { rule: 'OPEN-RULE-MARK never applied', project: 'proj' },
      ],
      new Date(),
      (r) => r.startsWith('applied'),
    );
    writeConfig(t.home, { subagentContext: { maxChars: 4000 } });
    const ctx = contextOf((await hook('executor')).stdout, 'SubagentStart');
    expect(ctx).not.toContain('OPEN-RULE-MARK');
    expect(ctx).toMatch(PLANTED_RE);
    expect(bareLeaks(ctx)).toEqual([]);
  });
});
