// Seed 003 "에이전트별 컨텍스트 조회": every row of every role's table, and nothing another role
// gets; templates ({{variables}}, user overrides); SubagentStart injection.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeps } from '../../src/hooks/deps.js';
import type { HookInput } from '../../src/hooks/types.js';
import { closeDb } from '../../src/store/db.js';
import { buildRoleContext, type OrchEnv } from '../../src/orchestrator/context.js';
import { injectRoleContext } from '../../src/orchestrator/hooks.js';
import { endSession, recordContract } from '../../src/orchestrator/ops.js';
import { contractPath, orchPaths } from '../../src/orchestrator/paths.js';
import { ROLE_SPECS, roleForAgentType } from '../../src/orchestrator/roles.js';
import { ROLES, type Role } from '../../src/orchestrator/schemas.js';
import { renderTemplate, shippedTemplatesDir, templateVars } from '../../src/orchestrator/templates.js';
import { yamlLoaded } from '../../src/orchestrator/yaml.js';
import { MARK, fullProject, write, yaml, type Fixture } from './orch-fixtures.js';

let f: Fixture;
const orchEnv = (fx: Fixture): OrchEnv => ({
  projectRoot: fx.root,
  projectName: 'proj',
  cfg: fx.cfg,
  locale: 'ko',
  db: null,
});
const ctxOf = (role: Role, o: Record<string, string> = {}) =>
  buildRoleContext(orchEnv(f), { role, memory: false, ...o });

describe('hot path', () => {
  it('a SubagentStart for an agent type that maps to no role loads no yaml and injects nothing', async () => {
    const input = {
      hook_event_name: 'SubagentStart',
      session_id: 's1',
      cwd: '/nowhere',
      agent_type: 'general-purpose',
      agent_id: 'a1',
    } as HookInput;
    const r = await injectRoleContext(
      input,
      createDeps(input, {
        ...process.env,
        SELF_GEN_HOME: '/nonexistent-home',
        CLAUDE_PROJECT_DIR: '/nonexistent-proj',
      }),
    );
    expect(r).toBeNull();
    expect(yamlLoaded()).toBe(false);
  });
});

describe('per-role context (seed tables)', () => {
  beforeEach(async () => {
    f = await fullProject();
  });
  afterEach(() => {
    closeDb();
    f.cleanup();
  });

  // Which marker comes from which row of which table.
  const ALL = Object.values(MARK);
  const expected: Record<Role, string[]> = {
    // Code Explore: 프로젝트 경로 (오케스트레이터 제공), 참고 프로젝트 (사용자 입력)
    'code-explore': ['<root>', MARK.ref],
    // Planner: 프로젝트 경로, CLAUDE.md 내용 (manifest.claude_md), 사용자 원본 요청
    planner: ['<root>', MARK.claudeMd, MARK.request],
    // Architect: Design Brief, knowledge → patterns, knowledge → decisions
    architect: [MARK.brief, MARK.pattern, MARK.decision],
    // QA test first: Design Contract, state.json → current_subtask
    'qa-test-first': [MARK.dcSummary, MARK.dcIface, MARK.dcInvariant, MARK.state],
    // Implementer: Design Contract, Test Contract, pitfalls, 테스트 코드, current_subtask
    implementer: [
      MARK.dcSummary,
      MARK.dcIface,
      MARK.dcInvariant,
      MARK.tcCase,
      MARK.pitfall,
      MARK.testCode,
      MARK.state,
    ],
    // QA verification: Test Contract, Design Contract → invariants only, current_subtask
    'qa-verification': [MARK.tcCase, MARK.dcInvariant, MARK.state],
  };

  for (const role of ROLES) {
    it(`${role}: exactly its table rows, nothing another role gets`, async () => {
      const c = await ctxOf(role);
      const want = expected[role].map((m) => (m === '<root>' ? f.root : m));
      for (const m of want) expect(c.text, `${role} should get ${m}`).toContain(m);
      const others = [...ALL, f.root].filter((m) => !want.includes(m));
      for (const m of others) expect(c.text, `${role} must not get ${m}`).not.toContain(m);
      expect(c.warnings).toEqual([]);
    });
  }

  it('planner: explored_files are not injected (parallel run) unless a re-plan was reported', async () => {
    const c = await ctxOf('planner');
    expect(c.text).not.toContain('src/auth/session.ts');
    expect(c.vars.replan).toBe('');
  });

  it('each role renders its ids and its output path (출력 경로)', async () => {
    const p = orchPaths(f.root);
    const rel = (k: Parameters<typeof contractPath>[1], ids: Parameters<typeof contractPath>[2]) =>
      contractPath(p, k, ids).slice(f.root.length + 1);
    expect((await ctxOf('code-explore')).text).toContain(rel('explored', { request: 'R1' }));
    expect((await ctxOf('planner')).text).toContain(rel('task-breakdown', { request: 'R1' }));
    const a = await ctxOf('architect');
    expect(a.ids).toEqual({ request: 'R1', task: 'T1' });
    expect(a.text).toContain(rel('design-contract', { request: 'R1', task: 'T1' }));
    const q = await ctxOf('qa-test-first');
    expect(q.ids).toEqual({ request: 'R1', task: 'T1', subtask: 'T1-S1' });
    expect(q.text).toContain(rel('test-contract', { request: 'R1', task: 'T1', subtask: 'T1-S1' }));
    expect((await ctxOf('qa-verification')).text).toContain(
      rel('test-result', { request: 'R1', task: 'T1', subtask: 'T1-S1' }),
    );
    const i = await ctxOf('implementer');
    expect(i.vars.test_file_path).toBe('test/rate-limit.test.ts');
    expect(i.vars.output_path).toBeUndefined();
  });

  it('the design brief and contracts are injected as the file text (content = Read(...))', async () => {
    const p = orchPaths(f.root);
    const a = await ctxOf('architect');
    const { readFileSync } = await import('node:fs');
    expect(a.vars.design_brief).toBe(
      readFileSync(contractPath(p, 'design-brief', { request: 'R1', task: 'T1' }), 'utf8').trim(),
    );
    const i = await ctxOf('implementer');
    expect(i.vars.test_contract).toBe(
      readFileSync(
        contractPath(p, 'test-contract', { request: 'R1', task: 'T1', subtask: 'T1-S1' }),
        'utf8',
      ).trim(),
    );
  });

  it('explicit --task/--subtask pick another task; a missing contract is an error with file and fix', async () => {
    const t2 = await ctxOf('architect', { task: 'T2' });
    expect(t2.ids).toEqual({ request: 'R1', task: 'T2' });
    expect(t2.text).toContain('Show the lockout in the form');
    rmSync(contractPath(orchPaths(f.root), 'design-brief', { request: 'R1', task: 'T2' }));
    await expect(ctxOf('architect', { task: 'T2' })).rejects.toThrow(/R1\/T2\/design-brief\.yaml: not found/);
    await expect(ctxOf('implementer', { subtask: 'T1-S2' })).rejects.toThrow(
      /T1-S2\/test-contract\.yaml: not found/,
    );
  });

  it('an invalid contract is rejected with file and field, never half-used', async () => {
    const file = contractPath(orchPaths(f.root), 'design-contract', { request: 'R1', task: 'T1' });
    writeFileSync(file, yaml({ request_id: 'R1', task_id: 'T1', interfaces: [], invariants: [''] }));
    for (const role of ['qa-test-first', 'implementer', 'qa-verification'] as Role[]) {
      await expect(ctxOf(role)).rejects.toThrow(/design-contract\.yaml: invariants\[0\]: must not be empty/);
    }
  });

  it('a project template override (.claude/orchestrator/templates/<role>.md) replaces the default', async () => {
    write(
      f.root,
      '.claude/orchestrator/templates/architect.md',
      'ARCH {{task_id}} :: {{decisions}} :: {{pitfalls}} :: {{nope}}',
    );
    const c = await ctxOf('architect');
    expect(c.template.source).toBe('project');
    // another role's variable ({{pitfalls}}) and unknown ones render empty
    expect(c.text).toBe(`ARCH T1 :: - ${MARK.decision} ::  ::`);
    expect(c.text).not.toContain(MARK.pitfall);
  });

  it('config templatesDir is used when the project has no override', async () => {
    const dir = join(f.dir, 'tpl');
    write(f.dir, 'tpl/planner.md', 'PLAN {{user_request}}');
    f.env.cfg.templatesDir = dir;
    const c = await buildRoleContext(
      { ...orchEnv(f), cfg: { ...f.cfg, templatesDir: dir } },
      { role: 'planner' },
    );
    expect(c.template.source).toBe('config');
    expect(c.text).toBe(`PLAN please: ${MARK.request}`);
  });

  it('SubagentStart: an agent type mapped to a role (includes) gets that role context', async () => {
    const input = {
      hook_event_name: 'SubagentStart',
      session_id: 'cc-1',
      cwd: f.root,
      agent_id: 'a32c958c9f43b4a04',
      agent_type: 'oh-my-claudecode:architect',
    } as HookInput;
    const deps = createDeps(input, { ...process.env, SELF_GEN_HOME: f.home, CLAUDE_PROJECT_DIR: f.root });
    const r = await injectRoleContext(input, deps);
    expect(r?.additionalContext).toContain('[self-gen orchestrator] role: architect · R1/T1');
    expect(r?.additionalContext).toContain(MARK.brief);
    expect(r?.additionalContext).not.toContain(MARK.pitfall);
    expect(yamlLoaded()).toBe(true);

    const impl = await injectRoleContext({ ...input, agent_type: 'oh-my-claudecode:executor-high' }, deps);
    expect(impl?.additionalContext).toContain('role: implementer · R1/T1/T1-S1');
    expect(impl?.additionalContext).toContain(MARK.testCode);

    expect(await injectRoleContext({ ...input, agent_type: 'general-purpose' }, deps)).toBeNull();
  });

  it('SubagentStart: nothing when no session is active; the mapping is configurable', async () => {
    const input = {
      hook_event_name: 'SubagentStart',
      session_id: 'cc-1',
      cwd: f.root,
      agent_type: 'my-designer',
    } as HookInput;
    const env = { ...process.env, SELF_GEN_HOME: f.home, CLAUDE_PROJECT_DIR: f.root };
    expect(await injectRoleContext(input, createDeps(input, env))).toBeNull();
    writeFileSync(
      join(f.home, 'config.json'),
      JSON.stringify({ orchestrator: { roles: { architect: ['designer'] }, claudeMem: { enabled: false } } }),
    );
    const r = await injectRoleContext(input, createDeps(input, env));
    expect(r?.additionalContext).toContain('role: architect');
    // the default pattern is replaced for that role
    expect(await injectRoleContext({ ...input, agent_type: 'architect' }, createDeps(input, env))).toBeNull();
    await endSession(f.env);
    expect(await injectRoleContext(input, createDeps(input, env))).toBeNull();
  });

  it('SubagentStart: a broken contract gives a notice naming file and field, not a half context', async () => {
    const file = contractPath(orchPaths(f.root), 'test-contract', {
      request: 'R1',
      task: 'T1',
      subtask: 'T1-S1',
    });
    writeFileSync(file, 'request_id: R1\ntask_id: T1\nsubtask_id: T1-S1\ncases: []\n');
    const input = {
      hook_event_name: 'SubagentStart',
      session_id: 's',
      cwd: f.root,
      agent_type: 'implementer',
    } as HookInput;
    const r = await injectRoleContext(
      input,
      createDeps(input, { ...process.env, SELF_GEN_HOME: f.home, CLAUDE_PROJECT_DIR: f.root }),
    );
    expect(r?.additionalContext).toContain('context unavailable');
    expect(r?.additionalContext).toContain('test-contract.yaml: test_file_path: required');
    expect(r?.additionalContext).toContain('cases: must have at least 1 item(s)');
    expect(r?.additionalContext).not.toContain(MARK.dcSummary);
  });

  it('a later record moves the hook to the next subtask', async () => {
    await recordContract(
      f.env,
      'test-result',
      yaml({ request_id: 'R1', task_id: 'T1', subtask_id: 'T1-S1', status: 'passed' }),
    );
    const c = await ctxOf('qa-test-first');
    expect(c.ids.subtask).toBe('T1-S2');
  });
});

describe('roles and templates', () => {
  it('agent_type → role by includes; the longest pattern wins', () => {
    expect(roleForAgentType('oh-my-claudecode:architect')).toBe('architect');
    expect(roleForAgentType('Planner')).toBe('planner');
    expect(roleForAgentType('my:qa-test-first')).toBe('qa-test-first');
    expect(roleForAgentType('qa-verification')).toBe('qa-verification');
    expect(roleForAgentType('code-explore')).toBe('code-explore');
    expect(roleForAgentType('oh-my-claudecode:executor')).toBe('implementer');
    expect(roleForAgentType('general-purpose')).toBeNull();
    expect(roleForAgentType('Explore')).toBeNull();
    expect(roleForAgentType(undefined)).toBeNull();
  });

  it("the shipped templates exist for every role and use only that role's variables", async () => {
    const dir = shippedTemplatesDir();
    expect(dir).toBeTruthy();
    const { readFileSync } = await import('node:fs');
    for (const role of ROLES) {
      const text = readFileSync(join(dir as string, `${role}.md`), 'utf8');
      const used = templateVars(text);
      for (const v of used) expect(ROLE_SPECS[role].vars, `${role}.md uses {{${v}}}`).toContain(v);
      for (const v of ROLE_SPECS[role].vars.filter((x) => x !== 'role' && x !== 'replan'))
        expect(used, `${role}.md lacks {{${v}}}`).toContain(v);
    }
  });

  it('renderTemplate replaces in one pass (a value containing {{x}} is not expanded)', () => {
    expect(
      renderTemplate('A {{design_brief}} B {{task_id}}', 'architect', {
        design_brief: '{{task_id}}',
        task_id: 'T9',
      }),
    ).toBe('A {{task_id}} B T9');
  });
});
