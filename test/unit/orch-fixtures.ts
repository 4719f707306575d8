// Shared fixtures of the orchestrator tests: a temporary project with a session, contracts and
// knowledge whose every value carries a marker, so a test can tell which file or field reached
// which role.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { OrchestratorConfig, type OrchestratorConfigT } from '../../src/orchestrator/schemas.js';
import {
  addKnowledge,
  initSession,
  mergeRequest,
  recordContract,
  type OpsEnv,
} from '../../src/orchestrator/ops.js';

export interface Fixture {
  dir: string;
  root: string;
  home: string;
  env: OpsEnv;
  cfg: OrchestratorConfigT;
  cleanup: () => void;
}

export function makeCfg(over: Record<string, unknown> = {}): OrchestratorConfigT {
  return OrchestratorConfig.parse({ claudeMem: { enabled: false }, ...over });
}

export function makeProject(over: Record<string, unknown> = {}): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'orch-test-'));
  const root = join(dir, 'proj');
  const home = join(dir, 'home');
  mkdirSync(root, { recursive: true });
  mkdirSync(home, { recursive: true });
  // Hooks read the config from the data home: never ask a real claude-mem from a test.
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ orchestrator: { claudeMem: { enabled: false } } }),
  );
  const cfg = makeCfg(over);
  let t = Date.parse('2025-03-01T10:00:00.000Z');
  return {
    dir,
    root,
    home,
    cfg,
    env: { projectRoot: root, projectName: 'proj', cfg, now: () => new Date((t += 1000)) },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const yaml = (v: unknown): string => stringify(v);

export function write(root: string, rel: string, text: string): void {
  const f = join(root, rel);
  mkdirSync(join(f, '..'), { recursive: true });
  writeFileSync(f, text);
}

export const MARK = {
  ref: 'REF-PROJ-MARK',
  claudeMd: 'CLAUDEMD-MARK',
  request: 'USER-REQUEST-MARK',
  explored: 'EXPLORED-SUMMARY-MARK',
  brief: 'BRIEF-TITLE-MARK',
  dcSummary: 'DC-SUMMARY-MARK',
  dcIface: 'DC-IFACE-MARK',
  dcInvariant: 'DC-INVARIANT-MARK',
  tcCase: 'TC-CASE-MARK',
  testCode: 'TEST-CODE-MARK',
  pattern: 'KN-PATTERN-MARK',
  decision: 'KN-DECISION-MARK',
  pitfall: 'KN-PITFALL-MARK',
  /** Only the rendering of state.json → current_subtask has this key. */
  state: 'test_failures:',
};

export const EXPLORED = {
  request_id: 'R1',
  summary: MARK.explored,
  explored_files: [
    { path: 'src/auth/login.ts', summary: 'login handler', symbols: ['login', 'verifyPassword'] },
    { path: 'src/auth/session.ts', summary: 'sessions', symbols: ['createSession'] },
    { path: 'src/server.ts', summary: 'routes', symbols: ['handle'] },
    { path: 'src/ui/form.tsx', summary: 'login form', symbols: ['LoginForm'] },
    { path: 'test/login.test.ts', summary: 'tests', symbols: [] },
  ],
};

const A_OK = [
  {
    id: 'A1',
    statement: 'login lives in src/auth/login.ts',
    files: ['src/auth/login.ts'],
    symbols: ['login'],
  },
  {
    id: 'A2',
    statement: 'sessions are created by createSession',
    files: ['src/auth/session.ts'],
    symbols: ['createSession'],
  },
  { id: 'A3', statement: 'routing is in src/server.ts', files: ['src/server.ts'] },
  { id: 'A4', statement: 'there is no rate limiter', files: ['src/auth/rate-limit.ts'], expect: 'absent' },
  { id: 'A5', statement: 'the form is LoginForm', files: ['src/ui/form.tsx'], symbols: ['LoginForm'] },
];
const A_BAD = [
  { id: 'A1', statement: 'login lives in src/routes/login.ts', files: ['src/routes/login.ts'] },
  {
    id: 'A2',
    statement: 'passwords are checked by checkPassword',
    files: ['src/auth/login.ts'],
    symbols: ['checkPassword'],
  },
  { id: 'A3', statement: 'config is in src/config.ts', files: ['src/config.ts'], tasks: ['T2'] },
];

/** A task-breakdown whose first `wrong` assumptions (of 5) do not match EXPLORED. */
export function breakdown(wrong: number, request = 'R1'): Record<string, unknown> {
  const assumptions = [...A_BAD.slice(0, wrong), ...A_OK.slice(wrong)];
  return {
    request_id: request,
    assumptions,
    tasks: [
      {
        id: 'T1',
        title: MARK.brief,
        domain: 'auth',
        files: ['src/auth/rate-limit.ts', 'src/auth/login.ts'],
        scope_in: ['count failed logins'],
        scope_out: ['captcha'],
        subtasks: [
          {
            id: 'T1-S2',
            title: 'block after 5 failures',
            files: ['src/auth/rate-limit.ts'],
            depends_on: ['T1-S1'],
          },
          { id: 'T1-S1', title: 'SUBTASK-TITLE count failures', files: ['src/auth/rate-limit.ts'] },
        ],
      },
      {
        id: 'T2',
        title: 'Show the lockout in the form',
        domain: 'ui',
        depends_on: ['T1'],
        files: ['src/ui/form.tsx'],
        subtasks: [{ id: 'T2-S1', title: 'render the lockout message', files: ['src/ui/form.tsx'] }],
      },
    ],
  };
}

export const DESIGN_CONTRACT = {
  request_id: 'R1',
  task_id: 'T1',
  summary: MARK.dcSummary,
  interfaces: [
    { name: MARK.dcIface, signature: 'recordFailure(user: string): number', file: 'src/auth/rate-limit.ts' },
  ],
  invariants: [MARK.dcInvariant],
  decisions: ['in-memory window'],
  subtasks: [{ id: 'T1-S1', files: ['src/auth/rate-limit.ts'] }],
};

export const TEST_CONTRACT = {
  request_id: 'R1',
  task_id: 'T1',
  subtask_id: 'T1-S1',
  test_file_path: 'test/rate-limit.test.ts',
  cases: [{ name: MARK.tcCase, expected: 'counts per user' }],
};

/**
 * A project through merge, with a design contract and a test contract for T1-S1, the test file on
 * disk and one entry in each knowledge field.
 */
export async function fullProject(over: Record<string, unknown> = {}): Promise<Fixture> {
  const f = makeProject(over);
  write(f.root, 'CLAUDE.md', `# rules\n${MARK.claudeMd}\n`);
  write(f.root, 'test/rate-limit.test.ts', `// ${MARK.testCode}\n`);
  await initSession(f.env, { request: `please: ${MARK.request}`, references: [`../${MARK.ref}`] });
  await recordContract(f.env, 'explored', yaml(EXPLORED));
  await recordContract(f.env, 'task-breakdown', yaml(breakdown(0)));
  const m = await mergeRequest(f.env, 'R1');
  if (m.replan) throw new Error('fixture: unexpected re-plan');
  await recordContract(f.env, 'design-contract', yaml(DESIGN_CONTRACT));
  await recordContract(f.env, 'test-contract', yaml(TEST_CONTRACT));
  await addKnowledge(f.env, 'patterns', MARK.pattern);
  await addKnowledge(f.env, 'decisions', MARK.decision);
  await addKnowledge(f.env, 'pitfalls', MARK.pitfall);
  return f;
}
