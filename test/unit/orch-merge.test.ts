// Seed 003 "Merge 로직" and the settled points of DESIGN §9: assumption verification, one
// design-brief per task, state.json v2 initialisation, the ≥ 50 % re-plan signal, retries and
// their limit, the next free R<n>.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { buildRoleContext } from '../../src/orchestrator/context.js';
import { verifyAssumptions } from '../../src/orchestrator/merge.js';
import {
  addRequest,
  endSession,
  initSession,
  mergeRequest,
  recordContract,
  recordRetry,
  setSubtaskStatus,
} from '../../src/orchestrator/ops.js';
import { contractPath, orchPaths, projectHash } from '../../src/orchestrator/paths.js';
import type { DesignBriefT, StateFileT, TaskBreakdownT } from '../../src/orchestrator/schemas.js';
import { readSession, readState } from '../../src/orchestrator/store.js';
import { EXPLORED, breakdown, fullProject, makeProject, yaml, type Fixture } from './orch-fixtures.js';
import { createHash } from 'node:crypto';

let f: Fixture;
afterEach(() => f?.cleanup());

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function planned(wrong: number): Promise<Fixture> {
  const fx = makeProject();
  await initSession(fx.env, { request: 'rate limit the login' });
  await recordContract(fx.env, 'explored', yaml(EXPLORED));
  await recordContract(fx.env, 'task-breakdown', yaml(breakdown(wrong)));
  return fx;
}

const brief = (fx: Fixture, task: string): DesignBriefT =>
  parse(
    readFileSync(contractPath(orchPaths(fx.root), 'design-brief', { request: 'R1', task }), 'utf8'),
  ) as DesignBriefT;

describe('merge: assumption verification', () => {
  it('match / mismatch with a correction naming the closest explored file; absent; unverified', () => {
    const b = breakdown(2) as unknown as TaskBreakdownT;
    b.assumptions.push({ id: 'A6', statement: 'the code is clean' });
    const checks = verifyAssumptions(b, EXPLORED as never);
    expect(checks.map((c) => c.verdict)).toEqual([
      'mismatch',
      'mismatch',
      'match',
      'match',
      'match',
      'unverified',
    ]);
    expect(checks[0]!.correction).toBe(
      'src/routes/login.ts is not among the explored files (closest: src/auth/login.ts)',
    );
    expect(checks[1]!.correction).toBe('checkPassword was not found in src/auth/login.ts');
    // A4 "there is no rate limiter" (expect: absent) holds
    expect(checks[3]!.verdict).toBe('match');
    const absentWrong = verifyAssumptions(
      {
        request_id: 'R1',
        tasks: [],
        assumptions: [{ id: 'X', statement: 's', files: ['src/server.ts'], expect: 'absent' }],
      } as never,
      EXPLORED as never,
    );
    expect(absentWrong[0]).toMatchObject({
      verdict: 'mismatch',
      correction: 'src/server.ts already exists (explored)',
    });
  });

  it('files named only in the statement text are checked too', () => {
    const checks = verifyAssumptions(
      {
        request_id: 'R1',
        tasks: [],
        assumptions: [
          { id: 'A', statement: 'handlers live in src/server.ts' },
          { id: 'B', statement: 'see lib/nope.ts' },
        ],
      } as never,
      EXPLORED as never,
    );
    expect(checks.map((c) => c.verdict)).toEqual(['match', 'mismatch']);
  });
});

describe('merge: 2 of 5 wrong → briefs written, state initialised', () => {
  it('writes one design-brief per task and state.json v2', async () => {
    f = await planned(2);
    const r = await mergeRequest(f.env, 'R1');
    expect(r.replan).toBe(false);
    expect(r.ratio).toBeCloseTo(0.4);
    expect(r.briefs).toHaveLength(2);

    const t1 = brief(f, 'T1');
    expect(t1.task_id).toBe('T1');
    // subtask_order follows depends_on (T1-S2 depends on T1-S1, listed first)
    expect(t1.subtask_order).toEqual(['T1-S1', 'T1-S2']);
    // scope_in: the task's own scope + the files it names; scope_out: its own + other tasks' files
    expect(t1.scope_in).toEqual(['count failed logins', 'src/auth/rate-limit.ts', 'src/auth/login.ts']);
    expect(t1.scope_out).toEqual(['captcha', 'src/ui/form.tsx (task T2)']);
    // file_refs: named files (explored or new) and explored files of the task's domain
    expect(t1.file_refs).toEqual([
      {
        path: 'src/auth/rate-limit.ts',
        exists: false,
        reason: 'named by the task; not among the explored files (a new file?)',
      },
      {
        path: 'src/auth/login.ts',
        exists: true,
        reason: 'named by the task',
        summary: 'login handler',
        symbols: ['login', 'verifyPassword'],
      },
      {
        path: 'src/auth/session.ts',
        exists: true,
        reason: 'related: matches "auth"',
        summary: 'sessions',
        symbols: ['createSession'],
      },
    ]);
    // the minor mismatch about a T1 file is recorded in T1's brief (the orchestrator adjusts)
    expect(t1.corrections?.map((c) => c.assumption)).toEqual(['A1', 'A2']);
    const t2 = brief(f, 'T2');
    expect(t2.scope_out).toEqual(['src/auth/rate-limit.ts (task T1)', 'src/auth/login.ts (task T1)']);
    expect(t2.corrections).toBeUndefined();

    const st = readState(orchPaths(f.root))!.value;
    expect(st.version).toBe(2);
    expect(st.request_id).toBe('R1');
    expect(st.task_order).toEqual(['T1', 'T2']);
    expect(st.current_task).toBe('T1');
    expect(st.current_subtask).toBe('T1-S1');
    expect(st.tasks.T1!.subtask_order).toEqual(['T1-S1', 'T1-S2']);
    expect(st.tasks.T1!.subtasks['T1-S1']).toMatchObject({
      status: 'pending',
      retries: { implementation: 0, design: 0 },
      test_failures: 0,
      files: ['src/auth/rate-limit.ts'],
    });
    expect(st.updated_at).toMatch(ISO_UTC);
    const report = parse(readFileSync(join(f.root, r.report), 'utf8')) as {
      replan: boolean;
      mismatch_ratio: number;
    };
    expect(report).toMatchObject({ replan: false, mismatch_ratio: 0.4 });
    expect(readSession(orchPaths(f.root))!.value.requests[0]!.status).toBe('merged');
  });
});

describe('merge: 3 of 5 wrong → re-plan', () => {
  it('signals a re-plan and writes no brief and no state', async () => {
    f = await planned(3);
    const r = await mergeRequest(f.env, 'R1');
    expect(r.replan).toBe(true);
    expect(r.ratio).toBeCloseTo(0.6);
    expect(r.briefs).toEqual([]);
    expect(existsSync(contractPath(orchPaths(f.root), 'design-brief', { request: 'R1', task: 'T1' }))).toBe(
      false,
    );
    const st = readState(orchPaths(f.root))!.value;
    expect(st.request_id).toBeNull();
    expect(st.tasks).toEqual({});
    expect(readSession(orchPaths(f.root))!.value.requests[0]!.status).toBe('replan');
  });

  it('the re-run planner gets the explored files and the corrections (sequential mode); a good plan then merges', async () => {
    f = await planned(3);
    await mergeRequest(f.env, 'R1');
    const c = await buildRoleContext(
      { projectRoot: f.root, projectName: 'proj', cfg: f.cfg, locale: 'ko', db: null },
      { role: 'planner' },
    );
    expect(c.text).toContain('Re-plan (sequential mode): 3 of 5 assumptions');
    expect(c.text).toContain(
      '- A1: "login lives in src/routes/login.ts" → src/routes/login.ts is not among the explored files (closest: src/auth/login.ts)',
    );
    expect(c.text).toContain('- src/auth/session.ts — sessions (symbols: createSession)');
    await recordContract(f.env, 'task-breakdown', yaml(breakdown(1)));
    const r = await mergeRequest(f.env, 'R1');
    expect(r.replan).toBe(false);
    const again = await buildRoleContext(
      { projectRoot: f.root, projectName: 'proj', cfg: f.cfg, locale: 'ko', db: null },
      { role: 'planner' },
    );
    expect(again.text).not.toContain('Re-plan');
  });

  it('the threshold is configurable', async () => {
    f = makeProject({ replanThreshold: 0.3 });
    await initSession(f.env, { request: 'x' });
    await recordContract(f.env, 'explored', yaml(EXPLORED));
    await recordContract(f.env, 'task-breakdown', yaml(breakdown(2)));
    expect((await mergeRequest(f.env, 'R1')).replan).toBe(true);
  });

  it('merge without explored / task-breakdown names the missing files', async () => {
    f = makeProject();
    await initSession(f.env, { request: 'x' });
    await expect(mergeRequest(f.env, 'R1')).rejects.toThrow(
      /contracts\/R1\/explored\.yaml: not found\n.*contracts\/R1\/task-breakdown\.yaml: not found/,
    );
  });
});

describe('results, retries and limits (state.json v2)', () => {
  const result = (sub: string, status: 'passed' | 'failed', task = 'T1') =>
    yaml({
      request_id: 'R1',
      task_id: task,
      subtask_id: sub,
      status,
      ...(status === 'failed' ? { failures: [{ message: 'boom' }] } : {}),
    });

  it('passed results walk the subtasks and tasks in order until the request is done', async () => {
    f = await fullProject();
    await recordContract(f.env, 'test-result', result('T1-S1', 'passed'));
    let st = readState(orchPaths(f.root))!.value;
    expect([st.current_task, st.current_subtask]).toEqual(['T1', 'T1-S2']);
    await recordContract(f.env, 'test-result', result('T1-S2', 'passed'));
    st = readState(orchPaths(f.root))!.value;
    expect(st.tasks.T1!.status).toBe('done');
    expect([st.current_task, st.current_subtask]).toEqual(['T2', 'T2-S1']);
    const r = await recordContract(f.env, 'test-result', result('T2-S1', 'passed', 'T2'));
    expect(r.messages).toContain('R1 is done: every subtask passed');
    st = readState(orchPaths(f.root))!.value;
    expect(st.status).toBe('done');
    expect(readSession(orchPaths(f.root))!.value.requests[0]!.status).toBe('done');
  });

  it('failures count test_failures; after 3 implementation retries the next failure fails the subtask (ask the user)', async () => {
    f = await fullProject();
    for (let i = 1; i <= 3; i++) {
      const r = await recordContract(f.env, 'test-result', result('T1-S1', 'failed'));
      expect(r.askUser).toBe(false);
      const retry = await recordRetry(f.env, 'T1-S1', 'implementation');
      expect(retry).toMatchObject({ count: i, failed: false });
    }
    let sub = readState(orchPaths(f.root))!.value.tasks.T1!.subtasks['T1-S1']!;
    expect(sub).toMatchObject({
      retries: { implementation: 3, design: 0 },
      test_failures: 3,
      status: 'in_progress',
    });
    const last = await recordContract(f.env, 'test-result', result('T1-S1', 'failed'));
    expect(last.askUser).toBe(true);
    expect(last.messages.join('\n')).toMatch(/is now failed\. Ask the user/);
    sub = readState(orchPaths(f.root))!.value.tasks.T1!.subtasks['T1-S1']!;
    expect(sub.status).toBe('failed');
    expect(sub.test_failures).toBe(4);
    // a 4th retry is refused too
    expect((await recordRetry(f.env, 'T1-S1', 'implementation')).failed).toBe(true);
    // after asking the user: continue by hand
    const st = await setSubtaskStatus(f.env, 'T1-S1', 'in_progress', true);
    expect(st.tasks.T1!.subtasks['T1-S1']).toMatchObject({
      status: 'in_progress',
      retries: { implementation: 0, design: 0 },
      test_failures: 0,
    });
  });

  it('design retries are limited to 3 as well', async () => {
    f = await fullProject();
    for (let i = 1; i <= 3; i++) expect((await recordRetry(f.env, 'T1-S1', 'design')).failed).toBe(false);
    const r = await recordRetry(f.env, 'T1-S1', 'design');
    expect(r.failed).toBe(true);
    expect(r.message).toContain('Ask the user');
    const st = readState(orchPaths(f.root))!.value as StateFileT;
    expect(st.tasks.T1!.subtasks['T1-S1']!.status).toBe('failed');
    expect(st.tasks.T1!.status).toBe('failed');
    // a failed task stays current: the orchestrator must not skip ahead
    expect(st.current_task).toBe('T1');
  });

  it('a re-merge keeps the progress of subtasks that remain', async () => {
    f = await fullProject();
    await recordContract(f.env, 'test-result', result('T1-S1', 'failed'));
    await recordRetry(f.env, 'T1-S1', 'implementation');
    await mergeRequest(f.env, 'R1');
    const sub = readState(orchPaths(f.root))!.value.tasks.T1!.subtasks['T1-S1']!;
    expect(sub).toMatchObject({ retries: { implementation: 1, design: 0 }, test_failures: 1 });
  });

  it('contracts for unknown tasks/subtasks or unmerged requests are refused with the field', async () => {
    f = await fullProject();
    await expect(recordContract(f.env, 'test-result', result('T9-S1', 'passed'))).rejects.toThrow(
      /subtask_id: subtask "T9-S1" is not a subtask of T1/,
    );
    await expect(
      recordContract(
        f.env,
        'design-contract',
        yaml({ request_id: 'R1', task_id: 'T7', interfaces: [], invariants: [] }),
      ),
    ).rejects.toThrow(/task_id: task "T7" is not a task of R1/);
    await expect(recordContract(f.env, 'explored', yaml({ ...EXPLORED, request_id: 'R5' }))).rejects.toThrow(
      /request_id: unknown request R5/,
    );
    await expect(
      recordContract(f.env, 'test-result', result('T1-S1', 'passed'), { subtask: 'T1-S2' }),
    ).rejects.toThrow(/subtask_id: is "T1-S1" but --subtask says "T1-S2"/);
  });
});

describe('requests and sessions', () => {
  it('<hash> is the first 8 hex of md5 of the resolved project root', () => {
    const root = '/tmp/some/project';
    expect(projectHash(root)).toBe(createHash('md5').update(root).digest('hex').slice(0, 8));
    expect(projectHash('/tmp/some/../some/project/')).toBe(projectHash(root));
    expect(orchPaths(root).sessionDir).toBe(
      `/tmp/some/project/.claude/orchestrator/sessions/${projectHash(root)}`,
    );
    expect(orchPaths(root).knowledgeFile).toBe(
      `/tmp/some/project/.claude/orchestrator/knowledge/${projectHash(root)}/knowledge.yaml`,
    );
  });

  it('a new request gets the next free R<n>, also across sessions and existing folders', async () => {
    f = makeProject();
    const a = await initSession(f.env, { request: 'first' });
    expect(a.requestId).toBe('R1');
    expect(await addRequest(f.env, 'second')).toBe('R2');
    await endSession(f.env);
    const b = await initSession(f.env, { request: 'third' });
    expect(b.created).toBe(true);
    expect(b.requestId).toBe('R3');
    expect(b.session.history).toHaveLength(1);
    expect(b.session.history[0]).toMatchObject({ status: 'completed', requests: ['R1', 'R2'] });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(orchPaths(f.root).contractsDir, 'R7'), { recursive: true });
    expect(await addRequest(f.env, 'fourth')).toBe('R8');
  });

  it('init resumes an active session; --new ends it as aborted; timestamps are ISO 8601 UTC', async () => {
    f = makeProject();
    const a = await initSession(f.env, {});
    const again = await initSession(f.env, {});
    expect(again.created).toBe(false);
    expect(again.session.session_id).toBe(a.session.session_id);
    const fresh = await initSession(f.env, { fresh: true });
    expect(fresh.session.session_id).not.toBe(a.session.session_id);
    expect(fresh.session.history[0]).toMatchObject({ session_id: a.session.session_id, status: 'aborted' });
    for (const ts of [fresh.session.started_at, fresh.session.updated_at, fresh.session.history[0]!.ended_at])
      expect(ts).toMatch(ISO_UTC);
  });
});
