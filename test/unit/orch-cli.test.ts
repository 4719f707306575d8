// The example orchestration (examples/orchestrator/run.sh) end to end through the built CLI, the
// CLI's error and exit-code contract, and the SubagentStart injection through the built hook entry
// with a real payload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { orchPaths } from '../../src/orchestrator/paths.js';

const REPO = resolve(__dirname, '../..');
const CLI = join(REPO, 'dist/cli.js');
const HOOK = join(REPO, 'dist/hook.js');
const EXAMPLE = join(REPO, 'examples/orchestrator');
const PAYLOAD = '/work/shared/fixtures/claude-code-2.1.197/hook-payloads/08-SubagentStart.json';

let dir: string;
let home: string;

beforeAll(() => {
  if (!existsSync(CLI) || !existsSync(HOOK)) {
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`build failed: ${b.stderr}`);
  }
  dir = mkdtempSync(join(tmpdir(), 'orch-cli-'));
  home = join(dir, 'home');
  // never ask a real claude-mem worker from a test
  cpSync(EXAMPLE, join(dir, 'example-copy'), { recursive: true });
  spawnSync('mkdir', ['-p', home]);
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ orchestrator: { claudeMem: { enabled: false } } }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = () => ({ ...process.env, SELF_GEN_HOME: home, CLAUDE_PROJECT_DIR: '' });

function cli(project: string, args: string[], input?: string) {
  return spawnSync(process.execPath, [CLI, 'orch', '--project', project, ...args], {
    encoding: 'utf8',
    env: env(),
    input,
  });
}

describe('examples/orchestrator/run.sh through the built CLI', () => {
  it('runs end to end and leaves a consistent orchestration on disk', () => {
    const work = join(dir, 'work');
    const r = spawnSync('bash', [join(EXAMPLE, 'run.sh'), work], {
      encoding: 'utf8',
      env: { ...env(), SELF_GEN_CLI: CLI },
    });
    expect(r.stderr).not.toMatch(/self-gen: /);
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain('assumptions of R1: 2 ok, 3 mismatched (60 %)');
    expect(out).toContain('re-plan: 60 % ≥ 50 %');
    expect(out).toContain('Re-plan (sequential mode): 3 of 5 assumptions');
    expect(out).toContain('assumptions of R1: 4 ok, 1 mismatched (20 %)');
    expect(out).toContain('T1-S1: implementation retry 1 of 3');
    expect(out).toContain(
      '- [implementer-retry] "notes-api Count failed attempts per user in a one-minute window 실패"',
    );
    expect(out).toContain('R1 is done: every subtask passed');
    expect(out).toMatch(/\d+ file\(s\) checked, 0 error\(s\)/);

    const proj = join(work, 'notes-api');
    const p = orchPaths(proj);
    const state = JSON.parse(readFileSync(p.stateFile, 'utf8')) as {
      status: string;
      tasks: Record<string, { subtasks: Record<string, { retries: unknown; test_failures: number }> }>;
    };
    expect(state.status).toBe('done');
    expect(state.tasks.T1!.subtasks['T1-S1']).toMatchObject({
      retries: { implementation: 1, design: 0 },
      test_failures: 1,
    });
    const session = JSON.parse(readFileSync(p.sessionFile, 'utf8')) as { status: string; history: unknown[] };
    expect(session.status).toBe('completed');
    expect(session.history).toHaveLength(1);
    const brief = parse(readFileSync(join(p.contractsDir, 'R1/T2/design-brief.yaml'), 'utf8')) as {
      scope_out: string[];
    };
    expect(brief.scope_out).toContain('src/auth/rate-limit.js (task T1)');
    const k = parse(readFileSync(p.knowledgeFile, 'utf8')) as { pitfalls: { text: string }[] };
    expect(k.pitfalls[0]!.text).toContain('rate-limit windows are per process');
    expect(existsSync(`${p.sessionFile}.bak`)).toBe(true);
  });
});

describe('CLI errors and exit codes', () => {
  it('context without a session: one clear line and the fix, exit 1', () => {
    const proj = join(dir, 'empty');
    spawnSync('mkdir', ['-p', proj]);
    const r = cli(proj, ['context', 'architect']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^self-gen: .*session\.json: no orchestrator session\n {2}fix: run `self-gen orch init`/,
    );
  });

  it('an invalid contract is refused with file and field; stdin input works; validate exits 1 on a broken file', () => {
    const proj = join(dir, 'p2');
    cpSync(join(EXAMPLE, 'project'), proj, { recursive: true });
    expect(cli(proj, ['init', '--request', 'x']).status).toBe(0);
    const bad = cli(
      proj,
      ['record', 'contract', 'explored', '-'],
      'request_id: R1\nexplored_files:\n  - summary: no path\n',
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('<stdin>: explored_files[0].path: required (string)');
    const ok = cli(proj, ['record', 'contract', 'explored', join(EXAMPLE, 'agent-outputs/01-explored.yaml')]);
    expect(ok.status).toBe(0);
    expect(cli(proj, ['validate']).status).toBe(0);
    writeFileSync(join(orchPaths(proj).contractsDir, 'R1/explored.yaml'), 'request_id: R1\n');
    const v = cli(proj, ['validate']);
    expect(v.status).toBe(1);
    expect(v.stdout).toContain('contracts/R1/explored.yaml: explored_files: required (array)');
    expect(cli(proj, ['context', 'wizard']).stderr).toContain(
      "value 'wizard' is invalid for argument 'role'",
    );
  });

  it('context --json shows the variables, template source and memory search; status --json the state', () => {
    const proj = join(dir, 'p3');
    cpSync(join(EXAMPLE, 'project'), proj, { recursive: true });
    cli(proj, ['init', '--request', 'rate limit']);
    const j = JSON.parse(cli(proj, ['context', 'planner', '--json']).stdout) as {
      role: string;
      template: { source: string };
      vars: Record<string, string>;
    };
    expect(j.role).toBe('planner');
    expect(j.template.source).toBe('default');
    expect(j.vars.user_request).toBe('rate limit');
    expect(j.vars.claude_md).toContain('notes-api');
    const s = JSON.parse(cli(proj, ['status', '--json']).stdout) as {
      session: { requests: { id: string }[] };
    };
    expect(s.session.requests.map((r) => r.id)).toEqual(['R1']);
  });
});

describe('SubagentStart through the built hook entry', () => {
  it('injects the architect context for an oh-my-claudecode:architect subagent, nothing for general-purpose', () => {
    const proj = join(dir, 'hooked');
    cpSync(join(EXAMPLE, 'project'), proj, { recursive: true });
    const out = join(EXAMPLE, 'agent-outputs');
    cli(proj, ['init', '--request', 'rate limit']);
    cli(proj, ['record', 'contract', 'explored', join(out, '01-explored.yaml')]);
    cli(proj, ['record', 'contract', 'task-breakdown', join(out, '03-task-breakdown-v2.yaml')]);
    expect(cli(proj, ['merge', 'R1']).status).toBe(0);

    const payload = JSON.parse(readFileSync(PAYLOAD, 'utf8')) as Record<string, unknown>;
    const run = (agentType: string) => {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [HOOK, 'SubagentStart'], {
        input: JSON.stringify({ ...payload, cwd: proj, agent_type: agentType }),
        encoding: 'utf8',
        env: { ...process.env, SELF_GEN_HOME: home, CLAUDE_PROJECT_DIR: proj },
      });
      return { ...r, ms: Number(process.hrtime.bigint() - t) / 1e6 };
    };
    const a = run('oh-my-claudecode:architect');
    expect(a.status).toBe(0);
    const json = JSON.parse(a.stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(json.hookSpecificOutput.hookEventName).toBe('SubagentStart');
    const ctx = json.hookSpecificOutput.additionalContext;
    expect(ctx).toContain('[self-gen orchestrator] role: architect · R1/T1');
    expect(ctx).toContain('title: A rate limiter for failed logins');
    expect(ctx.length).toBeLessThanOrEqual(10_000);
    const g = run('general-purpose');
    expect(g.status).toBe(0);
    expect(g.stdout).not.toContain('[self-gen orchestrator]');
    console.log(`hook SubagentStart: architect ${a.ms.toFixed(0)} ms, general-purpose ${g.ms.toFixed(0)} ms`);
  });
});
