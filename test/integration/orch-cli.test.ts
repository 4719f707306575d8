// #14.3 / #14.6: the example orchestration (examples/orchestrator/run.sh) end to end through the
// built CLI, on the claude-devkit orchestrator skill's own formats: everything the CLI writes into
// the skill's folders validates against the exact formats (no extra field, no extra file); our
// bookkeeping lands in our own folder; the CLI continues a session the skill wrote; the CLI's
// error and exit-code contract; the SubagentStart injection through the built hook entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { orchPaths } from '../../src/orchestrator/paths.js';
import { Real, parseWith, type FileKind } from '../../src/orchestrator/schemas.js';
import { cli as selfGen } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/env.js';
import { fixtureText, realProject, type Fixture } from '../helpers/orch-fixtures.js';
import { requireDist } from '../helpers/build-once.js';

const REPO = resolve(__dirname, '../..');
const CLI = join(REPO, 'dist/cli.js');
const HOOK = join(REPO, 'dist/hook.js');
const EXAMPLE = join(REPO, 'examples/orchestrator');
const PAYLOAD = join(FIXTURES, 'hook-payloads', '08-SubagentStart.json');

let dir: string;
let home: string;

beforeAll(() => {
  requireDist();
  dir = mkdtempSync(join(tmpdir(), 'orch-cli-'));
  home = join(dir, 'home');
  spawnSync('mkdir', ['-p', home]);
  // never ask a real claude-mem worker from a test
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ orchestrator: { claudeMem: { enabled: false } } }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (h = home) => ({ ...process.env, SELF_GEN_HOME: h, CLAUDE_PROJECT_DIR: '' });

function cli(project: string, args: string[], input?: string, h = home) {
  return selfGen(env(h), ['orch', '--project', project, ...args], { input });
}

function files(d: string): string[] {
  return readdirSync(d).flatMap((n) =>
    statSync(join(d, n)).isDirectory() ? files(join(d, n)) : [join(d, n)],
  );
}

/** The kind of a file in the skill's folders, or null when the skill has no such file. */
function kindOf(relPath: string): FileKind | null {
  if (/^sessions\/[0-9a-f]{8}\/session\.json$/.test(relPath)) return 'session';
  if (/^sessions\/[0-9a-f]{8}\/state\.json$/.test(relPath)) return 'state';
  if (/^knowledge\/[0-9a-f]{8}\/knowledge\.yaml$/.test(relPath)) return 'knowledge';
  const m = /^sessions\/[0-9a-f]{8}\/contracts\/R\d+\/(?:[\w-]+\/(?:[\w-]+\/)?)?([a-z-]+)\.yaml$/.exec(
    relPath,
  );
  const kinds = [
    'explored',
    'task-breakdown',
    'design-brief',
    'design-contract',
    'test-contract',
    'test-result',
  ];
  return m && kinds.includes(m[1]!) ? (m[1] as FileKind) : null;
}

/** Every file under .claude/orchestrator is a skill file and passes its exact format. */
function expectOnlyRealFiles(project: string): string[] {
  const base = join(project, '.claude', 'orchestrator');
  const seen: string[] = [];
  for (const abs of files(base)) {
    const r = relative(base, abs);
    const kind = kindOf(r);
    expect(kind, `${r} is not a file of the skill`).not.toBeNull();
    const text = readFileSync(abs, 'utf8');
    const data = r.endsWith('.json') ? JSON.parse(text) : parse(text);
    const res = parseWith(Real[kind!], data, r);
    expect(res.ok, `${r}: ${JSON.stringify(!res.ok && res.issues)}`).toBe(true);
    seen.push(`${kind}`);
  }
  return seen;
}

describe('#14.6 examples/orchestrator/run.sh through the built CLI', () => {
  it('runs end to end; every file it leaves in the skill’s folders is in the exact format; bookkeeping is ours', () => {
    const work = join(dir, 'work');
    const h = join(dir, 'example-home');
    const r = spawnSync('bash', [join(EXAMPLE, 'run.sh'), work], {
      encoding: 'utf8',
      env: { ...env(h), SELF_GEN_CLI: CLI },
    });
    expect(r.stderr).not.toMatch(/self-gen: /);
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain('assumptions of R1: 2 ok, 3 mismatched (60 %)');
    expect(out).toContain('re-plan: 60 % ≥ 50 %');
    expect(out).toContain('assumptions of R1: 4 ok, 1 mismatched (20 %)');
    expect(out).toContain('T1-S1 failed (1 of 3); run the implementer again');
    expect(out).toContain('T1-S1: retry 1 of 3');
    expect(out).toContain(
      '- [implementer-retry] "notes-api Count failed attempts per user in a one-minute window 실패"',
    );
    expect(out).toContain('R1 is done: every subtask passed');
    expect(out).toMatch(/\d+ file\(s\) checked, 0 error\(s\)/);

    const proj = join(work, 'notes-api');
    const kinds = expectOnlyRealFiles(proj).sort();
    expect(kinds).toEqual(
      [
        'session',
        'state',
        'knowledge',
        'explored',
        'task-breakdown',
        'design-brief',
        'design-brief',
        'design-contract',
        'design-contract',
        'test-contract',
        'test-contract',
        'test-contract',
        'test-result',
        'test-result',
        'test-result',
      ].sort(),
    );
    const p = orchPaths(proj, { SELF_GEN_HOME: h });
    const state = JSON.parse(readFileSync(p.stateFile, 'utf8'));
    expect(state.request).toMatchObject({
      id: 'R1',
      status: 'completed',
      global_phase: 'complete',
      current_task: null,
    });
    expect(state.tasks.T1.subtasks['T1-S1']).toEqual({
      name: 'Count failed attempts per user in a one-minute window',
      status: 'completed',
      phase: 'complete',
      gates: {},
    });
    expect(JSON.parse(readFileSync(p.sessionFile, 'utf8')).status).toBe('completed');
    const brief = parse(readFileSync(join(p.contractsDir, 'R1/T2/design-brief.yaml'), 'utf8'));
    expect(brief.scope_out).toContain('src/auth/rate-limit.js (task T1)');
    const k = parse(readFileSync(p.knowledgeFile, 'utf8'));
    expect(k.pitfalls[0]).toEqual({
      id: 'P1',
      description: 'rate-limit windows are per process',
      reason: 'a restart clears them',
      learned_from: 'R1/T1-S1',
    });
    expect(k.patterns.modules).toBe('named exports only; node:test for tests');
    // ours: ledger, merge report, backups — under the data home
    const ledger = JSON.parse(readFileSync(p.ledgerFile, 'utf8'));
    expect(ledger.sessions[0].subtasks['R1/T1/T1-S1']).toEqual({
      implementer_runs: 0,
      retries: 1,
      failed_results: ['2026-11-20T09:20:00Z'],
    });
    expect(ledger.sessions[0].status).toBe('completed');
    expect(existsSync(join(p.ownDir, 'merge', 'R1.yaml'))).toBe(true);
    expect(existsSync(join(p.backupDir, 'state.json.bak'))).toBe(true);
  });
});

describe('#14.3 the CLI and the skill work on the same session', () => {
  let f: Fixture | undefined;
  afterAll(() => f?.cleanup());

  it('the CLI records a passing test-result on a session the skill wrote; state moves on in the skill’s format', () => {
    f = realProject('verification');
    const pass = fixtureText(f, 'contracts/R1/T1/T1-S1/test-result.yaml')
      .replace('result: fail', 'result: pass')
      .replace('action: retry_implementation', 'action: complete');
    const r = cli(f.root, ['record', 'contract', 'test-result', '-'], pass, f.home);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('next: T1/T1-S2 (test_first)');
    const st = JSON.parse(readFileSync(f.p.stateFile, 'utf8'));
    expect(st.tasks.T1.current_subtask).toBe('T1-S2');
    expect(st.tasks.T1.subtasks['T1-S1']).toMatchObject({
      status: 'completed',
      phase: 'complete',
      gates: { 'GATE-1': 'passed', 'GATE-2': 'pending' },
    });
    expect(st.tasks.T1.subtasks['T1-S2']).toMatchObject({ status: 'in_progress', phase: 'test_first' });
    expectOnlyRealFiles(f.root);
    const v = cli(f.root, ['validate'], undefined, f.home);
    expect(v.code, v.stdout).toBe(0);
  });
});

describe('CLI errors and exit codes', () => {
  it('context without a session: one clear line and the fix, exit 1', () => {
    const proj = join(dir, 'empty');
    spawnSync('mkdir', ['-p', proj]);
    const r = cli(proj, ['context', 'architect']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^self-gen: .*session\.json: no orchestrator session\n {2}fix: start the orchestrator skill, or run `self-gen orch init/,
    );
  });

  it('a contract in another shape is refused with file and field; validate exits 1 on a broken file', () => {
    const proj = join(dir, 'p2');
    cpSync(join(EXAMPLE, 'project'), proj, { recursive: true });
    expect(cli(proj, ['init']).code).toBe(1); // a new session needs the request
    expect(cli(proj, ['init', '--request', 'x']).code).toBe(0);
    const bad = cli(
      proj,
      ['record', 'contract', 'explored', '-'],
      'version: 1\nrequest_id: R1\ncreated_at: "2026-11-20T09:05:00Z"\ncreated_by: code-explore\nproject_manifest: { claude_md: null, agents_md: null }\nexplored_files:\n  - summary: no path\n    symbols: [x]\ndirectory_structure: {}\n',
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('<stdin>: explored_files[0].path: required (string)');
    expect(bad.stderr).toContain(
      "<stdin>: explored_files[0].symbols: unknown field (not in the orchestrator's format)",
    );
    const ok = cli(proj, ['record', 'contract', 'explored', join(EXAMPLE, 'agent-outputs/01-explored.yaml')]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(cli(proj, ['validate']).code).toBe(0);
    // Fields left out are read as empty, with a warning; the file is still used (exit 0).
    writeFileSync(join(orchPaths(proj).contractsDir, 'R1/explored.yaml'), 'version: 1\nrequest_id: R1\n');
    const loose = cli(proj, ['validate']);
    expect(loose.code, loose.stdout).toBe(0);
    expect(loose.stderr).toContain(
      'contracts/R1/explored.yaml: explored_files: missing; read as an empty list',
    );
    // What cannot be understood at all is an error.
    writeFileSync(
      join(orchPaths(proj).contractsDir, 'R1/explored.yaml'),
      'version: 1\nrequest_id: R1\nexplored_files: 5\n',
    );
    const v = cli(proj, ['validate']);
    expect(v.code).toBe(1);
    expect(v.stdout).toContain('contracts/R1/explored.yaml: explored_files: must be a list (got number 5)');
    expect(v.stdout).toMatch(/^fix: /m);
    expect(cli(proj, ['context', 'wizard']).stderr).toContain(
      "value 'wizard' is invalid for argument 'role'",
    );
  });

  it('#14.4 an old-format session: validate says what to do, migrate fixes it', () => {
    const proj = join(dir, 'p-old');
    cpSync(join(EXAMPLE, 'project'), proj, { recursive: true });
    const p = orchPaths(proj);
    spawnSync('mkdir', ['-p', p.sessionDir]);
    writeFileSync(
      p.sessionFile,
      JSON.stringify({
        version: 1,
        session_id: 'x',
        project_root: proj,
        project_name: 'p',
        hash: p.hash,
        status: 'active',
        started_at: '2025-03-01T10:00:00.000Z',
        updated_at: '2025-03-01T10:00:00.000Z',
        manifest: { claude_md: 'CLAUDE.md' },
        requests: [{ id: 'R1', request: 'old', status: 'open', created_at: '2025-03-01T10:00:00.000Z' }],
        current_request: 'R1',
        history: [],
      }),
    );
    const v = cli(proj, ['validate']);
    expect(v.code).toBe(1);
    expect(v.stdout).toMatch(/session\.json: written in self-gen's earlier own format/);
    expect(v.stdout).toMatch(/^fix: run `self-gen orch migrate`/m);
    const m = cli(proj, ['migrate']);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toMatch(/moved .*session\.json → .*archive/);
    expect(cli(proj, ['validate']).code).toBe(0);
  });

  it('context --json shows the variables and template source; status --json the state', () => {
    const proj = join(dir, 'p3');
    cpSync(join(EXAMPLE, 'project'), proj, { recursive: true });
    cli(proj, ['init', '--request', 'rate limit']);
    const j = JSON.parse(cli(proj, ['context', 'planner', '--json']).stdout);
    expect(j.role).toBe('planner');
    expect(j.template.source).toBe('default');
    expect(j.vars.user_request).toBe('rate limit');
    expect(j.vars.claude_md).toContain('notes-api');
    const s = JSON.parse(cli(proj, ['status', '--json']).stdout);
    expect(s.state.request.id).toBe('R1');
    expect(s.session.project.path).toBe(proj);
  });
});

describe('SubagentStart through the built hook entry', () => {
  it('injects the architect context for claude-devkit:architect, nothing for general-purpose', () => {
    const proj = join(dir, 'hooked');
    cpSync(join(EXAMPLE, 'project'), proj, { recursive: true });
    const out = join(EXAMPLE, 'agent-outputs');
    cli(proj, ['init', '--request', 'rate limit']);
    cli(proj, ['record', 'contract', 'explored', join(out, '01-explored.yaml')]);
    cli(proj, ['record', 'contract', 'task-breakdown', join(out, '03-task-breakdown-v2.yaml')]);
    expect(cli(proj, ['merge', 'R1']).code).toBe(0);

    const payload = JSON.parse(readFileSync(PAYLOAD, 'utf8')) as Record<string, unknown>;
    const run = (agentType: string) =>
      spawnSync(process.execPath, [HOOK, 'SubagentStart'], {
        input: JSON.stringify({ ...payload, cwd: proj, agent_type: agentType }),
        encoding: 'utf8',
        env: { ...process.env, SELF_GEN_HOME: home, CLAUDE_PROJECT_DIR: proj },
      });
    const a = run('claude-devkit:architect');
    expect(a.status).toBe(0);
    const json = JSON.parse(a.stdout);
    expect(json.hookSpecificOutput.hookEventName).toBe('SubagentStart');
    const ctx = json.hookSpecificOutput.additionalContext as string;
    expect(ctx).toContain('[self-gen orchestrator] role: architect · R1/T1');
    expect(ctx).toContain('task_name: A rate limiter for failed logins');
    expect(ctx.length).toBeLessThanOrEqual(10_000);
    const g = run('general-purpose');
    expect(g.status).toBe(0);
    expect(g.stdout).not.toContain('[self-gen orchestrator]');
  });
});
