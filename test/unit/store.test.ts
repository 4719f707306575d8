// Foundation: the store (database, events, queue, retention, config, project identity).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { closeDb, ensureVec, getDb, openDb } from '../../src/db/db.js';
import { insertEvent, prepareEvent, type NewEvent } from '../../src/db/events/write.js';
import { queryEvents } from '../../src/db/events/read.js';
import { drainQueue } from '../../src/db/events/queue.js';
import { queueEvent } from '../../src/db/events/queue.js';
import { getSection, isEnabled, loadConfig } from '../../src/common/config.js';
import { getProjectName, getProjectPath } from '../../src/common/project.js';
import { pruneEvents } from '../../src/db/retention.js';
import { SCHEMA_VERSION } from '../../src/db/schema.js';

describe('database', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv()));
  afterEach(() => {
    closeDb();
    t.cleanup();
  });

  it('creates the home 0700, the database 0600, WAL, busy timeout, schema version, every table', () => {
    const db = getDb({ env: t.env, busyTimeoutMs: 2500 });
    expect(statSync(t.home).mode & 0o777).toBe(0o700);
    expect(statSync(join(t.home, 'data', 'self-gen.db')).mode & 0o777).toBe(0o600);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('busy_timeout', { simple: true })).toBe(2500);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const names = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type IN ('table') ORDER BY name`).all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'events',
        'events_fts',
        'error_kb',
        'error_kb_fts',
        'analysis_cache',
        'feedback',
        'event_files',
        'kv',
      ]),
    );
  });

  it('opening twice (migrations already applied) changes nothing', () => {
    const a = openDb({ env: t.env });
    insertEvent(a, { type: 'prompt', sessionId: 's', data: { text: 'hi' } });
    a.close();
    const b = openDb({ env: t.env });
    expect((b.prepare('SELECT count(*) n FROM events').get() as { n: number }).n).toBe(1);
    b.close();
  });

  it('sqlite-vec loads and vec_error_kb is a cosine vec0 table of 384 floats', async () => {
    const db = getDb({ env: t.env });
    expect(await ensureVec(db)).toBe(true);
    const v = new Float32Array(384).fill(0.1);
    db.prepare('INSERT INTO vec_error_kb (error_kb_id, embedding) VALUES (?, ?)').run(
      BigInt(1),
      Buffer.from(v.buffer),
    );
    const r = db
      .prepare('SELECT error_kb_id, distance FROM vec_error_kb WHERE embedding MATCH ? AND k = 1')
      .get(Buffer.from(v.buffer)) as {
      distance: number;
    };
    expect(r.distance).toBeCloseTo(0, 5);
  });

  it('error_kb rejects a NULL error_normalized (RA-004-1)', () => {
    const db = getDb({ env: t.env });
    expect(() =>
      db
        .prepare('INSERT INTO error_kb (ts, error_normalized) VALUES (?, NULL)')
        .run(new Date().toISOString()),
    ).toThrow(/NOT NULL/);
  });
});

describe('events', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv()));
  afterEach(() => {
    closeDb();
    t.cleanup();
  });

  it('redacts secrets and <private> text before storing', () => {
    const db = getDb({ env: t.env });
    insertEvent(db, {
      type: 'prompt',
      sessionId: 's',
      data: {
        text: 'use sk-ant-api03-abcdefghijklmnop and <private>my diary</private> ok',
        nested: { k: 'ghp_0123456789abcdefghijABCDEFGHIJ0123' },
      },
      text: 'AKIAIOSFODNN7EXAMPLE in fts',
    } as NewEvent);
    const raw = (db.prepare('SELECT data FROM events').get() as { data: string }).data;
    expect(raw).not.toMatch(/sk-ant-api03|my diary|ghp_0123/);
    expect(raw).toContain('[REDACTED:anthropic-key]');
    expect(raw).toContain('[private]');
    expect(queryEvents(db, { search: 'AKIAIOSFODNN7EXAMPLE' })).toHaveLength(0);
    expect(queryEvents(db, { search: 'fts' })).toHaveLength(1);
  });

  it('queryEvents filters by type, session, project, projectPath, since, search, limit (newest first)', () => {
    const db = getDb({ env: t.env });
    const mk = (type: string, session: string, project: string, ts: string, text?: string) =>
      insertEvent(db, {
        type,
        sessionId: session,
        project,
        projectPath: `/p/${project}`,
        ts,
        data: { text },
        text,
      } as NewEvent);
    mk('tool_error', 's1', 'a', '2026-01-01T00:00:00.000Z', 'Cannot find module react');
    mk('tool_error', 's1', 'b', '2026-01-02T00:00:00.000Z', 'permission denied');
    mk('prompt', 's2', 'a', '2026-01-03T00:00:00.000Z', 'please fix the module import');
    mk('tool_error', 's2', 'a', '2026-01-04T00:00:00.000Z', 'Cannot find module lodash');
    const ts = (rows: { ts: string }[]) => rows.map((r) => r.ts.slice(0, 10));
    expect(ts(queryEvents(db, { type: 'tool_error' }))).toEqual(['2026-01-04', '2026-01-02', '2026-01-01']);
    expect(ts(queryEvents(db, { sessionId: 's1' }))).toEqual(['2026-01-02', '2026-01-01']);
    expect(ts(queryEvents(db, { project: 'a', type: 'tool_error' }))).toEqual(['2026-01-04', '2026-01-01']);
    expect(ts(queryEvents(db, { projectPath: '/p/b' }))).toEqual(['2026-01-02']);
    expect(ts(queryEvents(db, { since: '2026-01-03T00:00:00.000Z' }))).toEqual(['2026-01-04', '2026-01-03']);
    expect(ts(queryEvents(db, { search: 'module', type: 'tool_error' }))).toEqual([
      '2026-01-04',
      '2026-01-01',
    ]);
    expect(ts(queryEvents(db, { search: 'module "fix* (' }))).toEqual(['2026-01-03']); // operators are plain words
    expect(queryEvents(db, { limit: 1 })).toHaveLength(1);
    expect(queryEvents(db, { type: 'tool_error' })[0]!.data).toEqual({ text: 'Cannot find module lodash' });
  });

  it('the type/session/project queries the hooks make use an index', () => {
    const db = getDb({ env: t.env });
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ');
    expect(
      plan(`SELECT * FROM events WHERE type = 'tool_error' AND session_id = 'x' ORDER BY ts DESC LIMIT 100`),
    ).toMatch(/USING INDEX/);
    expect(
      plan(`SELECT * FROM events WHERE type = 'tool_error' AND project_path = 'x' ORDER BY ts DESC LIMIT 3`),
    ).toMatch(/USING INDEX idx_events_project_path/);
    expect(
      plan(
        `SELECT data FROM events WHERE type = 'subagent_stop' AND json_extract(data, '$.agentType') = 'x' ORDER BY ts DESC LIMIT 20`,
      ),
    ).toMatch(/USING INDEX idx_events_agent_type/);
    expect(plan(`SELECT event_id FROM event_files WHERE name = 'a.ts'`)).toMatch(
      /USING COVERING INDEX idx_event_files_name/,
    );
    expect(
      plan(
        `SELECT * FROM error_kb WHERE lower(error_normalized) >= 'a' AND lower(error_normalized) < 'b' AND error_normalized LIKE 'a%' ESCAPE '\\' AND resolution IS NOT NULL ORDER BY use_count DESC LIMIT 1`,
      ),
    ).toMatch(/USING INDEX idx_error_kb_lower/);
  });

  it('queued events are stored once even when two drains race', () => {
    const db = getDb({ env: t.env });
    for (let i = 0; i < 30; i++)
      queueEvent(prepareEvent({ type: 'prompt', sessionId: 'q', data: { i } } as NewEvent), t.env);
    const other = openDb({ env: t.env });
    const n1 = drainQueue(db, t.env, 17);
    const n2 = drainQueue(other, t.env);
    other.close();
    expect(n1 + n2).toBe(30);
    expect(
      (db.prepare(`SELECT count(DISTINCT json_extract(data,'$.i')) n FROM events`).get() as { n: number }).n,
    ).toBe(30);
    expect(readdirSync(join(t.home, 'data', 'queue'))).toEqual([]);
  });

  it('retention deletes events past retentionDays (with their index rows) and keeps the rest', () => {
    const db = getDb({ env: t.env });
    const now = new Date('2026-06-01T00:00:00Z');
    insertEvent(db, {
      type: 'tool_error',
      ts: '2026-01-01T00:00:00.000Z',
      data: {},
      files: ['/a/old.ts'],
      text: 'ancient error',
    } as NewEvent);
    insertEvent(db, {
      type: 'tool_error',
      ts: '2026-05-30T00:00:00.000Z',
      data: {},
      files: ['/a/new.ts'],
      text: 'recent error',
    } as NewEvent);
    const r = pruneEvents(db, { retentionDays: 90, maxDbMb: 1024 }, t.env, { now });
    expect(r).toMatchObject({ deletedByAge: 1, skipped: false });
    expect(queryEvents(db, {}).map((e) => e.ts.slice(0, 10))).toEqual(['2026-05-30']);
    expect(queryEvents(db, { search: 'ancient' })).toHaveLength(0);
    expect((db.prepare('SELECT count(*) n FROM event_files').get() as { n: number }).n).toBe(1);
    expect(pruneEvents(db, { retentionDays: 90, maxDbMb: 1024 }, t.env, { now }).skipped).toBe(true);
  });
});

describe('config', () => {
  let t: TempEnv;
  beforeEach(() => {
    t = tempEnv();
    mkdirSync(t.home, { recursive: true });
  });
  afterEach(() => t.cleanup());

  it('defaults without a file', () => {
    const c = loadConfig(t.env);
    expect(c).toMatchObject({
      enabled: true,
      collectPromptText: true,
      retentionDays: 90,
      locale: 'ko',
      busyTimeoutMs: 2000,
    });
    expect(c.embedding.model).toBe('Xenova/paraphrase-multilingual-MiniLM-L12-v2');
    expect(c.problems).toEqual([]);
  });

  it('a bad field falls back to its default; the good ones are kept; the problem is reported', () => {
    writeFileSync(
      join(t.home, 'config.json'),
      JSON.stringify({ locale: 'fr', retentionDays: 30, embedding: { dtype: 'fp32', daemonTimeoutMs: -5 } }),
    );
    const c = loadConfig(t.env);
    expect(c.locale).toBe('ko');
    expect(c.retentionDays).toBe(30);
    expect(c.embedding).toMatchObject({ dtype: 'fp32', daemonTimeoutMs: 60 });
    expect(c.problems.join('\n')).toMatch(/config\.locale/);
    expect(c.problems.join('\n')).toMatch(/config\.embedding\.daemonTimeoutMs/);
  });

  it('invalid JSON: defaults and a clear problem', () => {
    writeFileSync(join(t.home, 'config.json'), '{"enabled": fals');
    const c = loadConfig(t.env);
    expect(c.enabled).toBe(true);
    expect(c.problems[0]).toMatch(/invalid JSON/);
  });

  it('isEnabled honours enabled:false and SELF_GEN_DISABLE', () => {
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ enabled: false }));
    expect(isEnabled(loadConfig(t.env))).toBe(false);
  });

  it('getSection validates a part’s section leniently, with the registry’s schema', () => {
    writeFileSync(
      join(t.home, 'config.json'),
      JSON.stringify({ team: { connectTimeoutMs: 'x', url: 'postgres://u@h/db' } }),
    );
    const c = loadConfig(t.env);
    const s = getSection(c, 'team');
    expect(s).toEqual({ url: 'postgres://u@h/db', muted: [], connectTimeoutMs: 3000 });
    expect(c.problems.join()).toMatch(/config\.team\.connectTimeoutMs/);
  });
});

describe('project identity', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv()));
  afterEach(() => t.cleanup());

  it('CLAUDE_PROJECT_DIR wins, then the git top level of cwd, then cwd', () => {
    const sub = join(t.project, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    expect(getProjectPath(sub, { CLAUDE_PROJECT_DIR: '/x/y' })).toBe('/x/y');
    expect(getProjectPath(sub, {})).toBe(t.project);
    const noGit = join(t.dir, 'plain');
    mkdirSync(noGit);
    expect(getProjectPath(noGit, {})).toBe(noGit);
    expect(getProjectName('/a/b/my-proj')).toBe('my-proj');
  });
});
