// #14.1 / #14.2 / #14.4: the claude-devkit v1.5.2 orchestrator skill's files (formats page), as the
// skill writes them, parse; a file that breaks its format is reported by file and field; agent
// types map to roles (plain and plugin-qualified; qa-engineer by the subtask phase); files of our
// earlier own format are named with what to do.
/* eslint-disable @typescript-eslint/no-explicit-any -- test documents are mutated field by field */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Read, Real, parseWith, type FileKind } from '../../src/orchestrator/schemas.js';
import { roleForAgentType, rolesForAgentType } from '../../src/orchestrator/roles.js';
import {
  readContract,
  readSession,
  readState,
  readKnowledge,
  validateContract,
} from '../../src/orchestrator/file-store.js';
import { migrate, validateAll } from '../../src/orchestrator/ops.js';
import { buildRoleContext } from '../../src/orchestrator/context.js';
import { OrchError } from '../../src/orchestrator/errors.js';
import { REAL, makeCfg, realProject, setState, write, yaml, type Fixture } from '../helpers/orch-fixtures.js';

let f: Fixture | undefined;
afterEach(() => {
  f?.cleanup();
  f = undefined;
});

const FILES: [string, FileKind][] = [
  ['session.json', 'session'],
  ['state.json', 'state'],
  ['state-start.json', 'state'],
  ['knowledge.yaml', 'knowledge'],
  ['contracts/R1/explored.yaml', 'explored'],
  ['contracts/R1/task-breakdown.yaml', 'task-breakdown'],
  ['contracts/R1/T1/design-brief.yaml', 'design-brief'],
  ['contracts/R1/T1/design-contract.yaml', 'design-contract'],
  ['contracts/R1/T1/T1-S1/test-contract.yaml', 'test-contract'],
  ['contracts/R1/T1/T1-S1/test-result.yaml', 'test-result'],
];

const load = (name: string): Record<string, unknown> => {
  const text = readFileSync(join(REAL, name), 'utf8');
  return (name.endsWith('.json') ? JSON.parse(text) : parse(text)) as Record<string, unknown>;
};

describe('#14.1 real-format files of every kind parse', () => {
  for (const [name, kind] of FILES) {
    it(`${name} (${kind}) passes the exact format and the reading format`, () => {
      const data = load(name);
      const strict = parseWith(Real[kind], data, name);
      expect(strict.ok, JSON.stringify(strict)).toBe(true);
      expect(parseWith(Read[kind], data, name).ok).toBe(true);
    });
  }

  it('a whole real session reads through the store (session, state, knowledge, every contract)', async () => {
    f = realProject();
    expect(readSession(f.p)!.value.project.hash).toBe(f.p.hash);
    const st = readState(f.p)!.value;
    expect(st.request.current_task).toBe('T1');
    expect(st.tasks.T1!.current_subtask).toBe('T1-S1');
    const k = (await readKnowledge(f.p))!;
    expect(k.patterns.naming).toEqual({ methods: 'camelCase', files: 'kebab-case' });
    expect(k.decisions[0]!.id).toBe('D1');
    expect(k.pitfalls[1]!.learned_from).toBeUndefined(); // optional
    const tb = (await readContract(f.p, 'task-breakdown', { request: 'R1' }))!.value;
    expect(tb.assumptions[0]).toBe('login is handled in src/auth/login.js');
    expect(tb.tasks[0]!.name).toBe('Rate limiter');
    const r = await validateAll(f.env);
    expect(r.issues).toEqual([]);
    expect(r.checked).toHaveLength(9);
  });

  it("the issue's rejected task-breakdown (plain-string assumptions, task `name`) is accepted; our old shape is named", () => {
    const tb = load('contracts/R1/task-breakdown.yaml');
    expect(() =>
      validateContract('task-breakdown', tb, 'tb.yaml', { request: 'R1' }, 'strict'),
    ).not.toThrow();
    const bad = structuredClone(tb) as { tasks: Record<string, unknown>[] };
    bad.tasks[0]!.title = bad.tasks[0]!.name;
    delete bad.tasks[0]!.name;
    const r = parseWith(Real['task-breakdown'], bad, 'tb.yaml');
    expect(r.ok).toBe(false);
    const lines = !r.ok ? r.issues.map((i) => `${i.file}: ${i.field}: ${i.message}`) : [];
    expect(lines).toContain('tb.yaml: tasks[0].name: required (string)');
    expect(lines.some((l) => l.startsWith('tb.yaml: tasks[0].title: unknown field'))).toBe(true);
    // the reading flavour ignores the extra key but still needs `name`
    const rr = parseWith(Read['task-breakdown'], bad, 'tb.yaml');
    expect(!rr.ok && rr.issues.map((i) => i.field)).toEqual(['tasks[0].name']);
  });

  it('fields are checked precisely: enums, nested maps, types — by file and field', () => {
    const cases: [string, FileKind, (d: any) => void, string][] = [
      [
        'state.json',
        'state',
        (d) => (d.tasks.T1.subtasks['T1-S1'].phase = 'coding'),
        'tasks.T1.subtasks.T1-S1.phase',
      ],
      [
        'state.json',
        'state',
        (d) => (d.tasks.T1.subtasks['T1-S1'].gates['GATE-1'] = 'ok'),
        'tasks.T1.subtasks.T1-S1.gates.GATE-1',
      ],
      ['session.json', 'session', (d) => delete d.manifest.agents_md, 'manifest.agents_md'],
      ['knowledge.yaml', 'knowledge', (d) => (d.patterns.naming = ['a']), 'patterns.naming'],
      ['knowledge.yaml', 'knowledge', (d) => (d.decisions = ['a string']), 'decisions[0]'],
      [
        'contracts/R1/T1/design-contract.yaml',
        'design-contract',
        (d) => (d.invariants = ['plain']),
        'invariants[0]',
      ],
      [
        'contracts/R1/T1/design-contract.yaml',
        'design-contract',
        (d) => (d.boundaries[0].allowed = 'yes'),
        'boundaries[0].allowed',
      ],
      [
        'contracts/R1/T1/T1-S1/test-contract.yaml',
        'test-contract',
        (d) => (d.test_cases[0].category = 'happy'),
        'test_cases[0].category',
      ],
      [
        'contracts/R1/T1/T1-S1/test-result.yaml',
        'test-result',
        (d) => (d.execution.result = 'failed'),
        'execution.result',
      ],
      [
        'contracts/R1/T1/design-brief.yaml',
        'design-brief',
        (d) => (d.file_refs[0].status = 'new'),
        'file_refs[0].status',
      ],
      ['contracts/R1/explored.yaml', 'explored', (d) => delete d.created_by, 'created_by'],
    ];
    for (const [name, kind, mutate, field] of cases) {
      const d = load(name);
      mutate(d);
      const r = parseWith(Real[kind], d, name);
      expect(r.ok, `${name} ${field}`).toBe(false);
      if (!r.ok)
        expect(
          r.issues.map((i) => i.field),
          name,
        ).toContain(field);
    }
  });

  it('an unquoted project hash that YAML reads as a number (109656e1, 6e341821 = Infinity, 12345678) is accepted', () => {
    const text = readFileSync(join(REAL, 'knowledge.yaml'), 'utf8');
    for (const h of ['109656e1', '6e341821', '12345678']) {
      const data = parse(text.replace(/hash: \S+/, `hash: ${h}`));
      expect(typeof (data as any).project.hash, h).toBe('number');
      expect(parseWith(Real.knowledge, data, 'knowledge.yaml').ok, h).toBe(true);
      expect(parseWith(Read.knowledge, data, 'knowledge.yaml').ok, h).toBe(true);
    }
  });

  it('optional fields may be missing (boundaries[].note, pitfalls[].learned_from)', () => {
    const dc = load('contracts/R1/T1/design-contract.yaml') as any;
    for (const b of dc.boundaries) delete b.note;
    expect(parseWith(Real['design-contract'], dc, 'dc').ok).toBe(true);
  });

  it('a contract in the wrong folder, or with unknown fields, is reported by file and field; the hook gets a notice, not half a context', async () => {
    f = realProject('implementation');
    const dc = load('contracts/R1/T1/design-contract.yaml') as any;
    dc.task_id = 'T2';
    dc.summary = 'an extra field';
    write(f.p.sessionDir, 'contracts/R1/T1/design-contract.yaml', yaml(dc));
    const v = await validateAll(f.env);
    const lines = v.issues.map((i) => `${i.field}: ${i.message}`);
    expect(lines.some((l) => l.startsWith('summary: unknown field'))).toBe(true);
    await expect(buildRoleContext(f.orchEnv, { role: 'implementer' })).rejects.toThrow(
      /design-contract\.yaml: task_id: is "T2" but the file belongs to T1/,
    );
  });
});

describe('#14.2 agent_type → role', () => {
  it('plain and plugin-qualified names of the real agents map to their roles', () => {
    for (const [t, role] of [
      ['implementer', 'implementer'],
      ['claude-devkit:implementer', 'implementer'],
      ['architect', 'architect'],
      ['claude-devkit:architect', 'architect'],
      ['planner', 'planner'],
      ['code-explore', 'code-explore'],
      ['claude-devkit:code-explore', 'code-explore'],
    ] as const)
      expect(roleForAgentType(t), t).toBe(role);
  });

  it('other agents map to nothing (no substring guesses)', () => {
    for (const t of [
      'general-purpose',
      'oh-my-claudecode:architect-medium',
      'executor',
      'my-implementer-2',
      'planner:x',
      '',
    ])
      expect(roleForAgentType(t), t).toBeNull();
  });

  it('qa-engineer: test_first → qa-test-first, verification → qa-verification, any other phase → nothing', () => {
    expect(rolesForAgentType('claude-devkit:qa-engineer')).toEqual(['qa-test-first', 'qa-verification']);
    expect(roleForAgentType('qa-engineer', undefined, 'test_first')).toBe('qa-test-first');
    expect(roleForAgentType('claude-devkit:qa-engineer', undefined, 'verification')).toBe('qa-verification');
    expect(roleForAgentType('qa-engineer', undefined, 'implementation')).toBeNull();
    expect(roleForAgentType('qa-engineer', undefined, 'complete')).toBeNull();
    expect(roleForAgentType('qa-engineer', undefined, null)).toBeNull();
  });

  it('config overrides replace a role’s names', () => {
    const cfg = makeCfg({ roles: { implementer: ['coder'], 'qa-verification': ['verifier'] } });
    expect(roleForAgentType('acme:coder', cfg)).toBe('implementer');
    expect(roleForAgentType('implementer', cfg)).toBeNull();
    // qa-engineer now only plays test-first; the verifier is its own agent
    expect(roleForAgentType('qa-engineer', cfg, 'verification')).toBe('qa-test-first');
    expect(roleForAgentType('verifier', cfg, 'implementation')).toBe('qa-verification');
  });
});

describe('#14.4 files of our earlier own format', () => {
  const OLD_SESSION = {
    version: 1,
    session_id: 'abc',
    project_root: '/x',
    project_name: 'proj',
    hash: '0a1b2c3d',
    status: 'active',
    started_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    manifest: { claude_md: 'CLAUDE.md', reference_projects: ['../REF-PROJ-MARK'] },
    requests: [
      { id: 'R1', request: 'old request text', status: 'merged', created_at: '2025-03-01T10:00:00.000Z' },
    ],
    current_request: 'R1',
    history: [],
  };
  const OLD_STATE = {
    version: 2,
    request_id: 'R1',
    status: 'in_progress',
    task_order: [],
    current_task: null,
    current_subtask: null,
    tasks: {},
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
  };

  function oldProject(): Fixture {
    const x = realProject();
    write(x.p.sessionDir, 'session.json', JSON.stringify(OLD_SESSION));
    write(x.p.sessionDir, 'state.json', JSON.stringify(OLD_STATE));
    write(x.p.sessionDir, 'session.json.bak', JSON.stringify(OLD_SESSION));
    write(x.p.sessionDir, 'contracts/R1/merge-report.yaml', 'request_id: R1\n');
    write(
      x.p.sessionDir,
      'contracts/R1/T1/T1-S1/test-contract.yaml',
      yaml({
        request_id: 'R1',
        task_id: 'T1',
        subtask_id: 'T1-S1',
        test_file_path: 't.js',
        cases: [{ name: 'a', expected: 'b' }],
      }),
    );
    write(
      x.p.knowledgeDir,
      'knowledge.yaml',
      yaml({
        patterns: ['use Result'],
        decisions: [{ text: 'cookie', source: 'R1' }],
        pitfalls: ['signed cookie'],
      }),
    );
    return x;
  }

  it('validate names each old file and says to run `self-gen orch migrate` (or remove it)', async () => {
    f = oldProject();
    const v = await validateAll(f.env);
    const byFile = (n: string) =>
      v.issues
        .filter((i) => i.file.endsWith(n))
        .map((i) => i.message)
        .join(' | ');
    expect(byFile('session.json')).toMatch(/earlier own format/);
    expect(byFile('state.json')).toMatch(/earlier own format/);
    expect(byFile('knowledge.yaml')).toMatch(/earlier own format/);
    expect(byFile('T1-S1/test-contract.yaml')).toMatch(/earlier own format/);
    expect(byFile('session.json.bak')).toMatch(/left by self-gen's earlier own format/);
    expect(byFile('merge-report.yaml')).toMatch(/left by self-gen's earlier own format/);
    expect(v.fixes.join('\n')).toMatch(/self-gen orch migrate/);
    expect(v.fixes.join('\n')).toMatch(/or remove the file/);
  });

  it('no silent half-use: the role context refuses an old session.json with the migrate fix', async () => {
    f = oldProject();
    const e = await buildRoleContext(f.orchEnv, { role: 'planner' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OrchError);
    expect((e as OrchError).message).toMatch(/session\.json: written in self-gen's earlier own format/);
    expect((e as OrchError).fix).toMatch(/self-gen orch migrate/);
  });

  it('migrate archives the old files in our folder and writes the skill’s format; validate is then clean', async () => {
    f = oldProject();
    const r = await migrate(f.env);
    expect(r.moved.map((m) => m.from).sort()).toEqual(
      [
        '.claude/orchestrator/knowledge/' + f.p.hash + '/knowledge.yaml',
        `.claude/orchestrator/sessions/${f.p.hash}/contracts/R1/T1/T1-S1/test-contract.yaml`,
        `.claude/orchestrator/sessions/${f.p.hash}/contracts/R1/merge-report.yaml`,
        `.claude/orchestrator/sessions/${f.p.hash}/session.json`,
        `.claude/orchestrator/sessions/${f.p.hash}/session.json.bak`,
        `.claude/orchestrator/sessions/${f.p.hash}/state.json`,
      ].sort(),
    );
    for (const m of r.moved) expect(m.to.startsWith(f.p.ownDir)).toBe(true);
    const s = readSession(f.p, 'strict')!.value;
    expect(s.project.path).toBe(f.root);
    expect(readState(f.p, 'strict')!.value.request).toMatchObject({
      id: 'R1',
      original_request: 'old request text',
    });
    const k = (await readKnowledge(f.p, 'strict'))!;
    expect(k.patterns).toEqual({ pattern_1: 'use Result' });
    expect(k.decisions[0]).toMatchObject({ id: 'D1', decision: 'cookie' });
    expect(k.pitfalls[0]).toMatchObject({ id: 'P1', description: 'signed cookie' });
    const v = await validateAll(f.env);
    expect(v.issues).toEqual([]);
  });

  it('a state in the skill format is never mistaken for the old one', () => {
    f = realProject();
    setState(f, () => {}, 'state-start.json');
    expect(readState(f.p)!.value.request.global_phase).toBe('global_discovery');
  });
});
