// Seed 003 "claude-mem 검색 트리거 조건": the trigger table (each trigger fires only on its own
// condition), the sources (own database: events FTS + error KB + past contracts; a claude-mem
// worker on its local port), the fallback warning and the empty mem_context.
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { normalizeError } from '../../src/kb/normalize.js';
import { recordResolution } from '../../src/kb/record.js';
import { closeDb, openDb, type DB } from '../../src/store/db.js';
import { insertEvent } from '../../src/store/events.js';
import { buildRoleContext } from '../../src/orchestrator/context.js';
import {
  evaluateTriggers,
  fallbackWarning,
  gatherTriggerFacts,
  parseClaudeMem,
  runMemorySearch,
  type Trigger,
  type TriggerFacts,
} from '../../src/orchestrator/memory.js';
import { endSession, initSession, recordContract, recordRetry } from '../../src/orchestrator/ops.js';
import { orchPaths } from '../../src/orchestrator/paths.js';
import type { Role, SubtaskStateT } from '../../src/orchestrator/schemas.js';
import { readSession } from '../../src/orchestrator/store.js';
import {
  EXPLORED,
  breakdown,
  fullProject,
  makeCfg,
  makeProject,
  yaml,
  type Fixture,
} from './orch-fixtures.js';

const sub = (o: Partial<SubtaskStateT> = {}): SubtaskStateT => ({
  title: 'count failures',
  files: ['src/a.ts'],
  status: 'in_progress',
  retries: { implementation: 0, design: 0 },
  test_failures: 0,
  ...o,
});

const base = (role: Role, o: Partial<TriggerFacts> = {}): TriggerFacts => ({
  role,
  projectName: 'proj',
  locale: 'ko',
  completedSessions: 1,
  domain: 'auth',
  pastDomains: new Set(['billing']),
  subtaskId: 'T1-S1',
  subtask: sub(),
  changedBefore: [],
  ...o,
});

const ids = (t: Trigger[]) => t.map((x) => x.id);
const ALL_ROLES: Role[] = [
  'code-explore',
  'planner',
  'architect',
  'qa-test-first',
  'implementer',
  'qa-verification',
];

describe('trigger table', () => {
  it('no condition → no trigger, for every role', () => {
    for (const role of ALL_ROLES) expect(ids(evaluateTriggers(base(role)))).toEqual([]);
  });

  it('Architect | 첫 세션 (이전 완료된 세션 없음) | "{project_name} 설계 결정"', () => {
    const t = evaluateTriggers(base('architect', { completedSessions: 0 }));
    expect(t.map((x) => [x.id, x.query])).toEqual([['architect-first-session', 'proj 설계 결정']]);
    for (const role of ALL_ROLES.filter((r) => r !== 'architect'))
      expect(ids(evaluateTriggers(base(role, { completedSessions: 0 })))).toEqual([]);
  });

  it('Architect | 동일 도메인 Task가 이전 세션에 있음 | "{project_name} {domain} 설계"', () => {
    const t = evaluateTriggers(base('architect', { pastDomains: new Set(['auth']) }));
    expect(t.map((x) => [x.id, x.query])).toEqual([['architect-same-domain', 'proj auth 설계']]);
    expect(
      ids(evaluateTriggers(base('architect', { pastDomains: new Set(['auth']), domain: undefined }))),
    ).toEqual([]);
    expect(ids(evaluateTriggers(base('implementer', { pastDomains: new Set(['auth']) })))).toEqual([]);
  });

  it('Implementer | 동일 Subtask 재시도 (retry_count > 0) | "{project_name} {subtask} 실패"', () => {
    const retried = sub({ retries: { implementation: 1, design: 0 } });
    const t = evaluateTriggers(base('implementer', { subtask: retried }));
    expect(t.map((x) => [x.id, x.query])).toEqual([['implementer-retry', 'proj count failures 실패']]);
    // a design retry is not an implementation retry
    expect(
      ids(
        evaluateTriggers(
          base('implementer', { subtask: sub({ retries: { implementation: 0, design: 2 } }) }),
        ),
      ),
    ).toEqual([]);
    for (const role of ALL_ROLES.filter((r) => r !== 'implementer'))
      expect(ids(evaluateTriggers(base(role, { subtask: retried })))).toEqual([]);
  });

  it('Implementer | 이전 세션에서 같은 파일 수정 이력 | "{project_name} {file} 수정"', () => {
    const t = evaluateTriggers(base('implementer', { changedBefore: ['src/a.ts'] }));
    expect(t.map((x) => [x.id, x.query])).toEqual([['implementer-same-file', 'proj src/a.ts 수정']]);
    expect(ids(evaluateTriggers(base('qa-verification', { changedBefore: ['src/a.ts'] })))).toEqual([]);
  });

  it('QA Engineer | 테스트 2회 이상 실패 | "{project_name} 테스트 실패 패턴"', () => {
    expect(ids(evaluateTriggers(base('qa-verification', { subtask: sub({ test_failures: 1 }) })))).toEqual(
      [],
    );
    for (const role of ['qa-test-first', 'qa-verification'] as Role[]) {
      const t = evaluateTriggers(base(role, { subtask: sub({ test_failures: 2 }) }));
      expect(t.map((x) => [x.id, x.query])).toEqual([['qa-test-failures', 'proj 테스트 실패 패턴']]);
    }
    expect(ids(evaluateTriggers(base('implementer', { subtask: sub({ test_failures: 5 }) })))).toEqual([]);
  });

  it('locale en uses English queries', () => {
    expect(evaluateTriggers(base('architect', { completedSessions: 0, locale: 'en' }))[0]!.query).toBe(
      'proj design decisions',
    );
  });
});

describe('trigger facts from files and the database', () => {
  let f: Fixture;
  afterEach(() => {
    closeDb();
    f?.cleanup();
  });

  it('earlier sessions: completed count and their task domains', async () => {
    f = makeProject();
    await initSession(f.env, { request: 'one' });
    await recordContract(f.env, 'explored', yaml(EXPLORED));
    await recordContract(f.env, 'task-breakdown', yaml(breakdown(0)));
    let session = readSession(orchPaths(f.root))!.value;
    let facts = await gatherTriggerFacts({
      p: orchPaths(f.root),
      role: 'architect',
      projectName: 'proj',
      locale: 'ko',
      session,
      domain: 'Auth',
      subtaskFiles: [],
      db: null,
    });
    expect(facts.completedSessions).toBe(0);
    expect([...facts.pastDomains]).toEqual([]); // R1 belongs to the current session
    await endSession(f.env);
    await initSession(f.env, { request: 'two' });
    session = readSession(orchPaths(f.root))!.value;
    facts = await gatherTriggerFacts({
      p: orchPaths(f.root),
      role: 'architect',
      projectName: 'proj',
      locale: 'ko',
      session,
      domain: 'Auth',
      subtaskFiles: [],
      db: null,
    });
    expect(facts.completedSessions).toBe(1);
    expect([...facts.pastDomains].sort()).toEqual(['auth', 'ui']);
    expect(ids(evaluateTriggers(facts))).toEqual(['architect-same-domain']);
  });

  it('same file changed before: Edit/Write events before the session started count, later ones do not', async () => {
    f = makeProject();
    const env = { SELF_GEN_HOME: f.home };
    await initSession(f.env, { request: 'one' });
    const session = readSession(orchPaths(f.root))!.value;
    const db = openDb({ env });
    const edit = (file: string, ts: string, tool = 'Edit') =>
      insertEvent(db, {
        type: 'tool_use',
        ts,
        projectPath: f.root,
        project: 'proj',
        data: { tool },
        files: [join(f.root, file)],
        text: `${tool} ${file}`,
      });
    edit('src/old.ts', '2024-01-01T00:00:00.000Z');
    edit('src/read.ts', '2024-01-01T00:00:00.000Z', 'Read');
    edit('src/new.ts', '2099-01-01T00:00:00.000Z');
    const facts = await gatherTriggerFacts({
      p: orchPaths(f.root),
      role: 'implementer',
      projectName: 'proj',
      locale: 'ko',
      session,
      subtaskId: 'T1-S1',
      subtask: sub(),
      subtaskFiles: ['src/old.ts', 'src/read.ts', 'src/new.ts'],
      db: () => db,
    });
    expect(facts.changedBefore).toEqual(['src/old.ts']);
    db.close();
  });
});

describe('sources, fallback warning, empty mem_context', () => {
  let f: Fixture;
  let server: Server;
  let port: number;
  let closedPort: number;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          observations: [
            {
              id: 42,
              created_at: '2025-01-02T00:00:00Z',
              title: 'CLAUDE-MEM-HIT auth design',
              narrative: 'chose sessions',
            },
          ],
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    const tmp = createServer();
    await new Promise<void>((r) => tmp.listen(0, '127.0.0.1', r));
    closedPort = (tmp.address() as AddressInfo).port;
    await new Promise<void>((r) => tmp.close(() => r()));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  afterEach(() => {
    closeDb();
    f?.cleanup();
  });

  const trig: Trigger = {
    id: 'architect-first-session',
    query: 'proj 설계 결정',
    terms: ['설계', '결정', 'design', 'decision'],
  };

  it('claude-mem on its port is asked with the seed query; its hits go into mem_context', async () => {
    f = makeProject();
    await initSession(f.env, {});
    const session = readSession(orchPaths(f.root))!.value;
    asked.length = 0;
    const cfg = makeCfg({ claudeMem: { port, timeoutMs: 1000 }, memorySearch: { local: false } });
    const out = await runMemorySearch({
      triggers: [trig],
      p: orchPaths(f.root),
      projectName: 'proj',
      session,
      knowledge: null,
      cfg,
      locale: 'ko',
      db: null,
    });
    expect(asked[0]).toContain('/api/search?query=proj+%EC%84%A4%EA%B3%84+%EA%B2%B0%EC%A0%95&project=proj');
    expect(out.warning).toBeNull();
    expect(out.context).toContain('- [architect-first-session] "proj 설계 결정"');
    expect(out.context).toContain('(claude-mem) #42 2025-01-02 CLAUDE-MEM-HIT auth design — chose sessions');
  });

  it('the own database answers: events FTS and error KB hits, scoped to the project', async () => {
    f = await fullProject();
    const db: DB = openDb({ env: { SELF_GEN_HOME: f.home } });
    insertEvent(db, {
      type: 'prompt',
      projectPath: f.root,
      project: 'proj',
      data: { text: 'EVENT-HIT design decision: keep sessions in memory' },
      text: 'EVENT-HIT design decision: keep sessions in memory',
    });
    insertEvent(db, {
      type: 'prompt',
      projectPath: '/other/project',
      project: 'other',
      data: { text: 'OTHER-PROJECT design decision' },
      text: 'OTHER-PROJECT design decision',
    });
    const failure = 'AssertionError: expected 2 to equal 1';
    recordResolution(db, normalizeError(failure), {
      resolution: 'KB-HIT reset the window on expiry',
      resolvedBy: 'Edit',
    });
    const session = readSession(orchPaths(f.root))!.value;
    const cfg = makeCfg({ claudeMem: { enabled: true, port: closedPort, timeoutMs: 300 } });
    const out = await runMemorySearch({
      triggers: [trig],
      p: orchPaths(f.root),
      projectName: 'proj',
      session,
      knowledge: null,
      cfg,
      locale: 'ko',
      db: () => db,
    });
    expect(out.context).toContain('(events)');
    expect(out.context).toContain('EVENT-HIT');
    expect(out.context).not.toContain('OTHER-PROJECT');
    expect(out.warning).toBeNull(); // claude-mem is down but the database answered
    expect(out.sources).toEqual([
      { name: 'local', ok: true },
      { name: 'claude-mem', ok: false, reason: `127.0.0.1:${closedPort} ECONNREFUSED` },
    ]);
    const retry: Trigger = {
      id: 'implementer-retry',
      query: 'proj x 실패',
      terms: ['window'],
      subtaskId: 'T1-S1',
    };
    const kb = await runMemorySearch({
      triggers: [retry],
      p: orchPaths(f.root),
      projectName: 'proj',
      session,
      knowledge: null,
      lastResult: {
        request_id: 'R1',
        task_id: 'T1',
        subtask_id: 'T1-S1',
        status: 'failed',
        failures: [{ message: failure }],
      },
      cfg,
      locale: 'ko',
      db: () => db,
    });
    expect(kb.context).toContain('(error-kb)');
    expect(kb.context).toContain('KB-HIT reset the window on expiry');
    db.close();
  });

  it('no source answers → the seed warning, and mem_context stays empty', async () => {
    f = makeProject();
    await initSession(f.env, {});
    const session = readSession(orchPaths(f.root))!.value;
    const cfg = makeCfg({ claudeMem: { enabled: true, port: closedPort, timeoutMs: 300 } });
    const out = await runMemorySearch({
      triggers: [trig],
      p: orchPaths(f.root),
      projectName: 'proj',
      session,
      knowledge: null,
      cfg,
      locale: 'ko',
      db: () => {
        throw new Error('SQLITE_CANTOPEN: unable to open database file');
      },
    });
    expect(out.context).toBe('');
    expect(out.warning).toBe(
      `[Warning] claude-mem 검색 불가: self-gen database: SQLITE_CANTOPEN: unable to open database file; 127.0.0.1:${closedPort} ECONNREFUSED\n` +
        '파일 기반 지식(knowledge.yaml)만 사용하여 계속 진행합니다.',
    );
    expect(fallbackWarning('en', 'x')).toBe(
      '[Warning] claude-mem search unavailable: x\nContinuing with file-based knowledge (knowledge.yaml) only.',
    );
  });

  it('sources answer without results → empty mem_context, no warning; no trigger → no search at all', async () => {
    f = makeProject();
    await initSession(f.env, {});
    const session = readSession(orchPaths(f.root))!.value;
    const db = openDb({ env: { SELF_GEN_HOME: f.home } });
    const cfg = makeCfg();
    const out = await runMemorySearch({
      triggers: [trig],
      p: orchPaths(f.root),
      projectName: 'proj',
      session,
      knowledge: null,
      cfg,
      locale: 'ko',
      db: () => db,
    });
    expect(out).toMatchObject({ context: '', warning: null });
    let opened = false;
    const none = await runMemorySearch({
      triggers: [],
      p: orchPaths(f.root),
      projectName: 'proj',
      session,
      knowledge: null,
      cfg,
      locale: 'ko',
      db: () => ((opened = true), db),
    });
    expect(none).toMatchObject({ context: '', warning: null, sources: [] });
    expect(opened).toBe(false);
    db.close();
  });

  it('through the role context: the implementer retry pulls the last failure from past contracts; the warning reaches the injection', async () => {
    f = await fullProject();
    await recordContract(
      f.env,
      'test-result',
      yaml({
        request_id: 'R1',
        task_id: 'T1',
        subtask_id: 'T1-S1',
        status: 'failed',
        failures: [{ case: 'resets', message: 'PAST-FAILURE-MARK' }],
      }),
    );
    const env = { projectRoot: f.root, projectName: 'proj', locale: 'ko' as const };
    const before = await buildRoleContext(
      { ...env, cfg: f.cfg, db: () => openDb({ env: { SELF_GEN_HOME: f.home } }) },
      { role: 'implementer' },
    );
    expect(before.memory?.triggers).toEqual([]); // no retry yet
    expect(before.vars.mem_context).toBe('');
    await recordRetry(f.env, 'T1-S1', 'implementation');
    const c = await buildRoleContext(
      { ...env, cfg: f.cfg, db: () => openDb({ env: { SELF_GEN_HOME: f.home } }) },
      { role: 'implementer' },
    );
    expect(c.memory?.triggers.map((t) => t.id)).toEqual(['implementer-retry']);
    expect(c.text).toContain('(contracts) R1/T1/T1-S1 failed: resets: PAST-FAILURE-MARK');
    // every source down: the seed warning, empty mem_context, the files still come through
    const down = await buildRoleContext(
      { ...env, cfg: makeCfg({ claudeMem: { enabled: true, port: closedPort, timeoutMs: 200 } }), db: null },
      { role: 'implementer' },
    );
    expect(down.vars.mem_context).toBe('');
    expect(down.warnings.join('\n')).toContain('[Warning] claude-mem 검색 불가:');
    expect(down.text).toContain('TEST-CODE-MARK');
  });

  it('parses claude-mem answers in JSON arrays or MCP text form', () => {
    expect(
      parseClaudeMem(
        JSON.stringify({
          content: [{ type: 'text', text: '| ID | Title |\n|----|----|\n| #1 | fixed auth |' }],
        }),
        5,
      ),
    ).toEqual(['| ID | Title |', '| #1 | fixed auth |']);
    expect(
      parseClaudeMem(
        JSON.stringify({
          sessions: [{ id: 'S1', request: 'add login' }],
          prompts: [{ prompt_text: 'hello' }],
        }),
        5,
      ),
    ).toEqual(['#S1 add login', 'hello']);
  });
});
