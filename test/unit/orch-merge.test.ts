// Seed 003 "Merge 로직" on the skill's formats (#14.1, #14.3): plain-string assumptions checked
// against the explored files, one design-brief per task and state.json v2 in the skill's exact
// format, the ≥ 50 % re-plan signal, the subtask phases as contracts are recorded, our own
// bookkeeping (ledger, merge report, archived state) outside the skill's folders.
/* eslint-disable @typescript-eslint/no-explicit-any -- test documents are mutated field by field */
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { verifyAssumptions } from '../../src/orchestrator/merge.js';
import {
  addRequest,
  endSession,
  initSession,
  mergeRequest,
  recordContract,
  setSubtaskStatus,
} from '../../src/orchestrator/ops.js';
import { contractPath, projectHash } from '../../src/orchestrator/paths.js';
import { readLedger } from '../../src/orchestrator/ledger.js';
import { Real, parseWith, type ExploredT, type TaskBreakdownT } from '../../src/orchestrator/schemas.js';
import { readSession, readState } from '../../src/orchestrator/file-store.js';
import { fixtureText, makeProject, type Fixture } from '../helpers/orch-fixtures.js';

let f: Fixture;
afterEach(() => f?.cleanup());

const explored = (fx: Fixture) => parse(fixtureText(fx, 'contracts/R1/explored.yaml')) as ExploredT;
const breakdownOf = (fx: Fixture) =>
  parse(fixtureText(fx, 'contracts/R1/task-breakdown.yaml')) as TaskBreakdownT;
const y = (v: unknown) => JSON.stringify(v); // JSON is YAML

async function planned(mutate: (b: TaskBreakdownT) => void = () => {}): Promise<Fixture> {
  const fx = makeProject();
  await initSession(fx.env, { request: 'Add rate limiting to the login endpoint' });
  await recordContract(fx.env, 'explored', fixtureText(fx, 'contracts/R1/explored.yaml'));
  const b = breakdownOf(fx);
  mutate(b);
  await recordContract(fx.env, 'task-breakdown', y(b));
  return fx;
}

const strictOk = (kind: keyof typeof Real, data: unknown) => {
  const r = parseWith(Real[kind], data, kind);
  expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
};

describe('merge: assumptions are plain strings', () => {
  it('match, mismatch with the closest explored file, absent, backticked symbols, unverified', () => {
    f = makeProject();
    const b = breakdownOf(f);
    b.assumptions = [
      'login is handled in src/auth/login.js',
      'the login route is in src/routes/login.js',
      'there is no rate limiter yet in src/auth/rate-limit.js',
      'sessions are created by `createSession` in src/auth/session.js',
      'passwords are checked by `checkPassword` in src/auth/login.js',
      'the project has a test folder',
      'src/server.js does not exist yet',
    ];
    const c = verifyAssumptions(b, explored(f));
    expect(c.map((x) => [x.id, x.verdict])).toEqual([
      ['A1', 'match'],
      ['A2', 'mismatch'],
      ['A3', 'match'],
      ['A4', 'match'],
      ['A5', 'mismatch'],
      ['A6', 'unverified'],
      ['A7', 'mismatch'],
    ]);
    expect(c[1]!.correction).toBe(
      'src/routes/login.js is not among the explored files (closest: src/auth/login.js)',
    );
    expect(c[4]!.correction).toBe('checkPassword is not mentioned in src/auth/login.js');
    expect(c[6]!.correction).toBe('src/server.js already exists (explored)');
  });
});

describe('#14.3 merge output is in the skill’s exact format', () => {
  it('one design-brief per task and state.json in the task loop, first subtask in test_first', async () => {
    f = await planned((b) => {
      b.tasks.push({
        id: 'T2',
        name: 'Use the limiter in login',
        objective: 'answer 429',
        subtasks: [{ id: 'T2-S1', name: 'Answer 429', description: 'src/auth/login.js asks isBlocked()' }],
      });
      b.task_order = ['T1', 'T2'];
    });
    const m = await mergeRequest(f.env, 'R1');
    expect(m.replan).toBe(false);
    expect(m.checks.map((c) => c.verdict)).toEqual(['match', 'match', 'match', 'unverified']);
    for (const task of ['T1', 'T2']) {
      const brief = parse(readFileSync(contractPath(f.p, 'design-brief', { request: 'R1', task }), 'utf8'));
      strictOk('design-brief', brief);
      expect(brief).toMatchObject({
        version: 1,
        request_id: 'R1',
        task_id: task,
        created_by: 'orchestrator',
      });
    }
    const b1 = parse(readFileSync(contractPath(f.p, 'design-brief', { request: 'R1', task: 'T1' }), 'utf8'));
    expect(b1.subtask_order).toEqual(['T1-S1', 'T1-S2']);
    expect(b1.file_refs).toEqual([
      { entity: 'rate-limit', path: 'src/auth/rate-limit.js', status: 'to_create' },
      { entity: 'login', path: 'src/auth/login.js', status: 'to_modify' },
    ]);
    const state = JSON.parse(readFileSync(f.p.stateFile, 'utf8'));
    strictOk('state', state);
    expect(state.request).toEqual({
      id: 'R1',
      original_request: 'Add rate limiting to the login endpoint',
      status: 'active',
      current_task: 'T1',
      global_phase: 'task_loop',
    });
    expect(state.task_order).toEqual(['T1', 'T2']);
    expect(state.tasks.T1.current_subtask).toBe('T1-S1');
    expect(state.tasks.T1.subtasks['T1-S1']).toEqual({
      name: 'Count failed logins',
      status: 'in_progress',
      phase: 'test_first',
      gates: {},
    });
    expect(state.tasks.T2.subtasks['T2-S1']).toEqual({
      name: 'Answer 429',
      status: 'pending',
      phase: 'test_first',
      gates: {},
    });
    const session = JSON.parse(readFileSync(f.p.sessionFile, 'utf8'));
    strictOk('session', session);
    expect(session.current_task).toBe('T1');
    // our merge report is ours: not in the skill's folder
    expect(m.report.startsWith(f.p.ownDir)).toBe(true);
    expect(existsSync(join(f.p.contractsDir, 'R1', 'merge-report.yaml'))).toBe(false);
  });

  it('≥ 50 % mismatched assumptions: a re-plan; no brief and no state change', async () => {
    f = await planned((b) => {
      b.assumptions = [
        'login is in src/routes/login.js',
        'config is in src/config.js',
        'sessions are in src/auth/session.js',
      ];
    });
    const m = await mergeRequest(f.env, 'R1');
    expect(m.replan).toBe(true);
    expect(m.ratio).toBeCloseTo(2 / 3);
    expect(existsSync(contractPath(f.p, 'design-brief', { request: 'R1', task: 'T1' }))).toBe(false);
    expect(readState(f.p)!.value.request.global_phase).toBe('global_discovery');
    expect(parse(readFileSync(m.report, 'utf8')).replan).toBe(true);
  });

  it('merge without explored / task-breakdown names the missing files; another request id is refused', async () => {
    f = makeProject();
    await initSession(f.env, { request: 'x' });
    await expect(mergeRequest(f.env, 'R1')).rejects.toThrow(
      /contracts\/R1\/explored\.yaml: not found\n.*task-breakdown\.yaml: not found/,
    );
    await expect(mergeRequest(f.env, 'R2')).rejects.toThrow(/the current request is R1, not R2/);
  });
});

describe('#14.3 recording moves the subtask phases as the skill does; counts go to our ledger', () => {
  const contract = (fx: Fixture, name: string, edit: (d: any) => void = () => {}) => {
    const d = parse(fixtureText(fx, name));
    edit(d);
    return y(d);
  };

  it('test-contract → implementation; fail → implementation again (+ ledger); pass → completed, next subtask; all done → complete', async () => {
    f = await planned();
    await mergeRequest(f.env, 'R1');
    await recordContract(f.env, 'design-contract', contract(f, 'contracts/R1/T1/design-contract.yaml'));
    await recordContract(f.env, 'test-contract', contract(f, 'contracts/R1/T1/T1-S1/test-contract.yaml'));
    const sub = () => readState(f.p)!.value.tasks.T1!.subtasks['T1-S1']!;
    expect(sub().phase).toBe('implementation');
    const fail = await recordContract(
      f.env,
      'test-result',
      contract(f, 'contracts/R1/T1/T1-S1/test-result.yaml'),
    );
    expect(fail.askUser).toBe(false);
    expect(sub()).toMatchObject({ status: 'in_progress', phase: 'implementation' });
    const created = readSession(f.p)!.value.created_at;
    const entry = readLedger(f.p).sessions.find((s) => s.created_at === created)!;
    expect(entry.subtasks['R1/T1/T1-S1']!.failed_results).toEqual(['2026-11-20T09:25:00Z']);
    const passing = (d: any) => {
      d.execution.result = 'pass';
      d.execution.timestamp = '2026-11-20T09:40:00Z';
      d.failed_tests = [];
      d.recommendation.action = 'complete';
    };
    const ok = await recordContract(
      f.env,
      'test-result',
      contract(f, 'contracts/R1/T1/T1-S1/test-result.yaml', passing),
    );
    expect(ok.messages).toContain('next: T1/T1-S2 (test_first)');
    expect(sub()).toMatchObject({ status: 'completed', phase: 'complete' });
    const s2 = (d: any) => {
      d.subtask_id = 'T1-S2';
    };
    await recordContract(f.env, 'test-contract', contract(f, 'contracts/R1/T1/T1-S1/test-contract.yaml', s2));
    const done = await recordContract(
      f.env,
      'test-result',
      contract(f, 'contracts/R1/T1/T1-S1/test-result.yaml', (d) => (passing(d), s2(d))),
    );
    expect(done.messages).toContain('R1 is done: every subtask passed');
    const st = readState(f.p, 'strict')!.value;
    expect(st.request).toMatchObject({ status: 'completed', global_phase: 'complete', current_task: null });
    expect(st.tasks.T1!.status).toBe('completed');
  });

  it('after maxRetries failing runs: ask the user; record status --reset clears our counts', async () => {
    f = await planned();
    await mergeRequest(f.env, 'R1');
    await recordContract(f.env, 'test-contract', contract(f, 'contracts/R1/T1/T1-S1/test-contract.yaml'));
    let last;
    for (let i = 0; i < 3; i++)
      last = await recordContract(
        f.env,
        'test-result',
        contract(
          f,
          'contracts/R1/T1/T1-S1/test-result.yaml',
          (d) => (d.execution.timestamp = `2026-11-20T09:2${i}:00Z`),
        ),
      );
    expect(last!.askUser).toBe(true);
    expect(last!.messages.join('\n')).toMatch(/failed 3 time\(s\) \(limit 3\): ask the user/);
    await setSubtaskStatus(f.env, 'T1-S1', 'in_progress', true);
    const created = readSession(f.p)!.value.created_at;
    expect(
      readLedger(f.p).sessions.find((s) => s.created_at === created)!.subtasks['R1/T1/T1-S1'],
    ).toBeUndefined();
  });

  it('contracts for unknown tasks / subtasks, an unmerged request or another request are refused with the field', async () => {
    f = await planned();
    await expect(
      recordContract(f.env, 'design-contract', contract(f, 'contracts/R1/T1/design-contract.yaml')),
    ).rejects.toThrow(/request_id: R1 is not merged/);
    await mergeRequest(f.env, 'R1');
    await expect(
      recordContract(
        f.env,
        'design-contract',
        contract(f, 'contracts/R1/T1/design-contract.yaml', (d) => (d.task_id = 'T9')),
      ),
    ).rejects.toThrow(/task_id: task "T9" is not a task of R1/);
    await expect(
      recordContract(
        f.env,
        'test-contract',
        contract(f, 'contracts/R1/T1/T1-S1/test-contract.yaml', (d) => (d.subtask_id = 'T1-S9')),
      ),
    ).rejects.toThrow(/subtask_id: subtask "T1-S9" is not a subtask of T1/);
    await expect(
      recordContract(
        f.env,
        'explored',
        contract(f, 'contracts/R1/explored.yaml', (d) => (d.request_id = 'R2')),
      ),
    ).rejects.toThrow(/the current request is R1, not R2/);
  });
});

describe('sessions and requests', () => {
  it('<hash> is the first 8 hex of md5 of the resolved project root', () => {
    expect(projectHash('/home/dev/proj')).toBe(
      createHash('md5').update('/home/dev/proj').digest('hex').slice(0, 8),
    );
  });

  it('a new request gets the next R<n> and a fresh state; the old state is kept in our folder', async () => {
    f = await planned();
    await mergeRequest(f.env, 'R1');
    expect(await addRequest(f.env, 'second')).toBe('R2');
    const st = readState(f.p, 'strict')!.value;
    expect(st).toEqual({
      version: 2,
      request: {
        id: 'R2',
        original_request: 'second',
        status: 'active',
        current_task: null,
        global_phase: 'global_discovery',
      },
      tasks: {},
      task_order: [],
    });
    expect(
      JSON.parse(readFileSync(join(f.p.ownDir, 'requests', 'R1.state.json'), 'utf8')).task_order,
    ).toEqual(['T1']);
  });

  it('init resumes an active session; --new stops it; end completes it; the ledger keeps the history', async () => {
    f = makeProject();
    const a = await initSession(f.env, { request: 'one', references: ['../ref'] });
    expect(a.created).toBe(true);
    expect(a.session.manifest).toEqual({ claude_md: null, agents_md: null });
    const b = await initSession(f.env, {});
    expect(b.created).toBe(false);
    expect(b.session.created_at).toBe(a.session.created_at);
    const c = await initSession(f.env, { request: 'two', fresh: true });
    expect(c.created).toBe(true);
    expect(c.state.request.id).toBe('R2');
    await endSession(f.env);
    const l = readLedger(f.p);
    expect(l.references).toEqual(['../ref']);
    expect(l.sessions.map((s) => [s.status, s.request_id])).toEqual([
      ['stopped', 'R1'],
      ['completed', 'R2'],
    ]);
    expect(readSession(f.p, 'strict')!.value.status).toBe('completed');
  });
});
