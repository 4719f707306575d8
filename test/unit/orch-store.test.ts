// The contract store: schemas of session.json, state.json (v2), knowledge.yaml and the six contract
// kinds (errors name file and field), the .bak of session/state used on a corrupt read, redaction,
// and `validate`.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { buildRoleContext } from '../../src/orchestrator/context.js';
import { OrchError } from '../../src/orchestrator/errors.js';
import { addKnowledge, initSession, recordContract, validateAll } from '../../src/orchestrator/ops.js';
import { contractPath, orchPaths, type ContractKind } from '../../src/orchestrator/paths.js';
import {
  readKnowledge,
  readSession,
  readState,
  validateContract,
  parseYamlText,
} from '../../src/orchestrator/store.js';
import {
  DESIGN_CONTRACT,
  EXPLORED,
  TEST_CONTRACT,
  breakdown,
  fullProject,
  makeProject,
  write,
  yaml,
  type Fixture,
} from './orch-fixtures.js';

let f: Fixture;
afterEach(() => f?.cleanup());

function issuesOf(kind: ContractKind, data: unknown): string[] {
  try {
    validateContract(kind, data, `${kind}.yaml`);
  } catch (e) {
    if (e instanceof OrchError) return e.issues.map((i) => `${i.file}: ${i.field}: ${i.message}`);
    throw e;
  }
  return [];
}

describe('contract schemas: required fields, errors with file and field', () => {
  const valid: Record<ContractKind, Record<string, unknown>> = {
    explored: EXPLORED,
    'task-breakdown': breakdown(0),
    'design-brief': {
      request_id: 'R1',
      task_id: 'T1',
      title: 't',
      scope_in: [],
      scope_out: [],
      subtask_order: ['T1-S1'],
      file_refs: [{ path: 'a.ts', exists: true }],
    },
    'design-contract': DESIGN_CONTRACT,
    'test-contract': TEST_CONTRACT,
    'test-result': { request_id: 'R1', task_id: 'T1', subtask_id: 'T1-S1', status: 'passed' },
  };
  const required: Record<ContractKind, string[]> = {
    explored: ['request_id', 'explored_files'],
    'task-breakdown': ['request_id', 'assumptions', 'tasks'],
    'design-brief': ['request_id', 'task_id', 'title', 'scope_in', 'scope_out', 'subtask_order', 'file_refs'],
    'design-contract': ['request_id', 'task_id', 'interfaces', 'invariants'],
    'test-contract': ['request_id', 'task_id', 'subtask_id', 'test_file_path', 'cases'],
    'test-result': ['request_id', 'task_id', 'subtask_id', 'status'],
  };

  for (const kind of Object.keys(valid) as ContractKind[]) {
    it(`${kind}: valid passes; each required field missing is named`, () => {
      expect(issuesOf(kind, valid[kind])).toEqual([]);
      for (const field of required[kind]) {
        const data = { ...valid[kind] };
        delete data[field];
        expect(issuesOf(kind, data)).toContainEqual(
          expect.stringMatching(new RegExp(`^${kind}\\.yaml: ${field}: required`)),
        );
      }
    });
  }

  it('nested fields and values are named precisely', () => {
    expect(
      issuesOf('explored', { request_id: 'R1', explored_files: [{ path: 'a' }, { summary: 'x' }] }),
    ).toEqual(['explored.yaml: explored_files[1].path: required (string)']);
    const bd = breakdown(0) as { tasks: { subtasks: unknown[] }[] };
    bd.tasks[0]!.subtasks = [];
    expect(issuesOf('task-breakdown', bd)).toEqual([
      'task-breakdown.yaml: tasks[0].subtasks: must have at least 1 item(s)',
    ]);
    expect(
      issuesOf('test-result', { request_id: 'R1', task_id: 'T1', subtask_id: 'T1-S1', status: 'ok' }),
    ).toEqual(['test-result.yaml: status: must be one of "passed", "failed" (got string "ok")']);
    expect(
      issuesOf('test-result', { request_id: 'R1', task_id: 'T1', subtask_id: 'T1-S1', status: 'failed' }),
    ).toEqual(['test-result.yaml: failures: required when status is "failed" (at least one { message })']);
    expect(issuesOf('explored', { request_id: 'R01', explored_files: [] })[0]).toMatch(
      /^explored\.yaml: request_id: invalid value string "R01"/,
    );
    expect(issuesOf('design-contract', { ...DESIGN_CONTRACT, task_id: '../x' })[0]).toMatch(
      /^design-contract\.yaml: task_id: invalid value/,
    );
    expect(issuesOf('design-contract', { ...DESIGN_CONTRACT, interfaces: 'none' })).toEqual([
      'design-contract.yaml: interfaces: must be a list (got string "none")',
    ]);
  });

  it('task-breakdown: duplicate ids, unknown dependencies and cycles are rejected', () => {
    const bd = breakdown(0) as {
      tasks: { id: string; depends_on?: string[]; subtasks: { id: string; depends_on?: string[] }[] }[];
    };
    bd.tasks[1]!.id = 'T1';
    expect(issuesOf('task-breakdown', bd)).toContain(
      'task-breakdown.yaml: tasks[1].id: duplicate task id "T1"',
    );
    const cyc = breakdown(0) as typeof bd;
    cyc.tasks[0]!.subtasks[1]!.depends_on = ['T1-S2'];
    expect(issuesOf('task-breakdown', cyc)).toContain(
      'task-breakdown.yaml: tasks[0].subtasks: dependency cycle: T1-S2 → T1-S1 → T1-S2',
    );
    const unk = breakdown(0) as typeof bd;
    unk.tasks[1]!.depends_on = ['T5'];
    expect(issuesOf('task-breakdown', unk)).toContain(
      'task-breakdown.yaml: tasks[1].depends_on[0]: unknown task "T5"',
    );
  });

  it('a contract in the wrong folder is rejected (its ids must match its place)', async () => {
    f = await fullProject();
    const file = contractPath(orchPaths(f.root), 'test-contract', {
      request: 'R1',
      task: 'T1',
      subtask: 'T1-S1',
    });
    writeFileSync(file, yaml({ ...TEST_CONTRACT, subtask_id: 'T1-S2' }));
    const r = await validateAll(f.env);
    expect(r.issues.map((i) => `${i.file}: ${i.field}: ${i.message}`)).toContainEqual(
      expect.stringMatching(
        /contracts\/R1\/T1\/T1-S1\/test-contract\.yaml: subtask_id: is "T1-S2" but the file belongs to T1-S1$/,
      ),
    );
  });

  it('invalid YAML names the file and the line', async () => {
    await expect(parseYamlText('a: 1\nb: [1, 2\nc: 3\n', 'x.yaml')).rejects.toThrow(
      /^x\.yaml: invalid YAML at line \d+/,
    );
  });
});

describe('session.json / state.json: .bak on every write, used on a corrupt read', () => {
  it('each write keeps the previous valid version as .bak', async () => {
    f = makeProject();
    await initSession(f.env, { request: 'one' });
    const p = orchPaths(f.root);
    const before = readFileSync(p.sessionFile, 'utf8');
    await recordContract(f.env, 'explored', yaml(EXPLORED));
    expect(readFileSync(`${p.sessionFile}.bak`, 'utf8')).toBe(before);
  });

  it('a corrupt session.json is read from its .bak (with a warning), and context still works', async () => {
    f = await fullProject();
    const p = orchPaths(f.root);
    writeFileSync(p.sessionFile, '{"version": 1, "session_id": "trunc');
    const r = readSession(p)!;
    expect(r.fromBackup).toBe(true);
    expect(r.problem).toMatch(/session\.json is corrupt \(invalid JSON.*\); using .*session\.json\.bak/);
    const c = await buildRoleContext(
      { projectRoot: f.root, projectName: 'proj', cfg: f.cfg, locale: 'ko', db: null },
      { role: 'architect', memory: false },
    );
    expect(c.warnings.join('\n')).toContain('using');
    expect(c.ids).toEqual({ request: 'R1', task: 'T1' });
  });

  it('a state.json that fails its schema is read from its .bak; a write then does not overwrite the good .bak', async () => {
    f = await fullProject();
    const p = orchPaths(f.root);
    const good = readFileSync(`${p.stateFile}.bak`, 'utf8');
    writeFileSync(p.stateFile, JSON.stringify({ version: 1, tasks: {} }));
    const r = readState(p)!;
    expect(r.fromBackup).toBe(true);
    expect(r.problem).toMatch(/state\.json is corrupt \(version: .*\)/);
    // writing a new state keeps the last good one as .bak (the corrupt file is not backed up)
    await recordContract(
      f.env,
      'test-result',
      yaml({ request_id: 'R1', task_id: 'T1', subtask_id: 'T1-S1', status: 'passed' }),
    );
    expect(readFileSync(`${p.stateFile}.bak`, 'utf8')).toBe(good);
    expect(readState(p)!.fromBackup).toBe(false);
  });

  it('a missing main file falls back to .bak; corrupt without a .bak is an error naming the file', async () => {
    f = makeProject();
    await initSession(f.env, {});
    await initSession(f.env, { references: ['x'] });
    const p = orchPaths(f.root);
    unlinkSync(p.sessionFile);
    expect(readSession(p)!.fromBackup).toBe(true);
    writeFileSync(p.sessionFile, 'not json');
    unlinkSync(`${p.sessionFile}.bak`);
    expect(() => readSession(p)).toThrow(/session\.json: invalid JSON/);
  });

  it('state.json references are checked (current_task must exist)', async () => {
    f = await fullProject();
    const p = orchPaths(f.root);
    const st = JSON.parse(readFileSync(p.stateFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(p.stateFile, JSON.stringify({ ...st, current_task: 'T9' }));
    const r = await validateAll(f.env);
    expect(r.issues.map((i) => `${i.field}: ${i.message}`)).toContain(
      'current_task: task "T9" is not in tasks',
    );
  });
});

describe('knowledge.yaml, redaction, validate', () => {
  it('knowledge.yaml holds patterns, decisions, pitfalls; an invalid one is named', async () => {
    f = makeProject();
    await initSession(f.env, {});
    await addKnowledge(f.env, 'pitfalls', 'do not mock the clock', 'R1/T1');
    const p = orchPaths(f.root);
    expect(await readKnowledge(p)).toEqual({
      patterns: [],
      decisions: [],
      pitfalls: [{ text: 'do not mock the clock', source: 'R1/T1' }],
    });
    writeFileSync(p.knowledgeFile, 'patterns: one\n');
    await expect(readKnowledge(p)).rejects.toThrow(/knowledge\.yaml: patterns: must be a list/);
    writeFileSync(p.knowledgeFile, 'pitfalls:\n  - {source: x}\n');
    await expect(readKnowledge(p)).rejects.toThrow(/knowledge\.yaml: pitfalls\[0\]: /);
  });

  it('secrets in recorded contracts and requests never reach disk', async () => {
    f = makeProject();
    const key = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';
    await initSession(f.env, { request: `use ${key} for the API` });
    await recordContract(f.env, 'explored', yaml({ ...EXPLORED, summary: `token=${key}` }));
    const p = orchPaths(f.root);
    expect(readFileSync(p.sessionFile, 'utf8')).not.toContain(key);
    expect(readFileSync(contractPath(p, 'explored', { request: 'R1' }), 'utf8')).not.toContain(key);
    expect(readFileSync(contractPath(p, 'explored', { request: 'R1' }), 'utf8')).toContain('[REDACTED');
  });

  it('validate checks every file and template overrides; a clean project has no issues', async () => {
    f = await fullProject();
    let r = await validateAll(f.env);
    expect(r.issues).toEqual([]);
    expect(r.checked.length).toBeGreaterThanOrEqual(10);
    write(
      f.root,
      '.claude/orchestrator/templates/implementer.md',
      '{{design_contract}} {{design_brief}} {{typo_var}}',
    );
    write(f.root, '.claude/orchestrator/contracts-note.md', 'ignored');
    r = await validateAll(f.env);
    expect(r.issues.map((i) => `${i.field}: ${i.message}`)).toEqual(['{{typo_var}}: unknown variable']);
    expect(r.warnings.join('\n')).toContain(
      '{{design_brief}} is not part of the implementer context and renders empty',
    );
  });
});
