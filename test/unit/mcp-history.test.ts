// #23.8 search_history (src/mcp/tool-handlers/history.ts over src/db/history.ts): full-text search over the
// prompts, tool calls and errors of past sessions, this project only unless scope="all"; index
// first, then one event in full with its session around it, or a session's timeline; bounded and
// redacted. The events are stored as the recorder stores them (insertEvent with the indexed text).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, openDb } from '../../src/db/db.js';
import { insertEvent } from '../../src/db/events/write.js';
import { MAX_ANSWER_CHARS } from '../../src/mcp/bound.js';
import { serverDeps } from '../../src/mcp/server.js';
import { callTool, type McpDeps } from '../../src/mcp/tool-table.js';
import { searchHistory } from '../../src/db/history.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let deps: McpDeps;
const OTHER = '/work/another-project';
const SECRET = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const ids: Record<string, number> = {};

beforeEach(() => {
  t = tempEnv('sg-history-');
  t.env.CLAUDE_PROJECT_DIR = t.project;
  deps = { ...serverDeps(t.env, t.project), embedder: null };
  const db = openDb({ env: t.env });
  const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 9, m)).toISOString();
  const ev = (
    key: string,
    type: 'prompt' | 'tool_use' | 'tool_error' | 'session_start',
    m: number,
    data: Record<string, unknown>,
    text: string | undefined,
    o: { session?: string; path?: string } = {},
  ) => {
    ids[key] = insertEvent(db, {
      type,
      ts: at(m),
      sessionId: o.session ?? 'sess-login-1',
      project: o.path === OTHER ? 'another-project' : 'proj',
      projectPath: o.path ?? t.project,
      data: data as never,
      text,
    });
  };
  ev('start', 'session_start', 0, { source: 'startup' }, undefined);
  ev(
    'prompt',
    'prompt',
    1,
    { text: 'the flaky login test fails again, fix it' },
    'the flaky login test fails again, fix it',
  );
  ev(
    'call',
    'tool_use',
    2,
    { tool: 'Bash', input: { command: 'npm test -- login.spec.ts' }, success: 1 },
    'Bash npm test -- login.spec.ts',
  );
  ev(
    'error',
    'tool_error',
    3,
    {
      tool: 'Bash',
      error: 'Error: timeout of <N>ms exceeded',
      errorRaw: `Error: timeout of 5000ms exceeded in login.spec.ts token=${SECRET}`,
    },
    `Bash Error: timeout of 5000ms exceeded in login.spec.ts token=${SECRET}`,
  );
  ev(
    'fix',
    'tool_use',
    4,
    { tool: 'Edit', input: { file_path: 'test/login.spec.ts' }, success: 1 },
    'Edit test/login.spec.ts',
  );
  ev(
    'elsewhere',
    'prompt',
    5,
    { text: 'the flaky login page in the admin app' },
    'the flaky login page in the admin app',
    {
      session: 'sess-other',
      path: OTHER,
    },
  );
  for (let i = 0; i < 300; i++)
    ev(
      `bulk${i}`,
      'tool_error',
      10 + i,
      { tool: 'Bash', error: 'BULKWORD', errorRaw: `BULKWORD ${'x'.repeat(3000)}` },
      `Bash BULKWORD ${'long words '.repeat(200)}`,
      {
        session: 'sess-bulk',
      },
    );
  db.close();
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are JSON read by field
type Json = Record<string, any>;
async function call(args: Record<string, unknown>) {
  const r = await callTool('search_history', args, deps);
  expect(r.text.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
  return { ...r, json: JSON.parse(r.text) as Json };
}

describe('#23.8 search_history', () => {
  it('finds prompts, tool calls and errors of this project (every word, any order), best first, one line each', async () => {
    const r = await call({ query: 'login flaky' });
    expect(r.isError).toBeFalsy();
    expect(r.json.hits.map((h: Json) => h.id)).toEqual([ids.prompt]);
    expect(r.json.hits[0]).toMatchObject({
      type: 'prompt',
      session: 'sess-login-1',
      line: 'the flaky login test fails again, fix it',
    });
    const spec = await call({ query: 'login.spec.ts' });
    expect(spec.json.hits.map((h: Json) => h.id).sort()).toEqual([ids.call, ids.error, ids.fix].sort());
    const errorsOnly = await call({ query: 'login spec', types: ['error'] });
    expect(errorsOnly.json.hits.map((h: Json) => h.id)).toEqual([ids.error]);
    expect(errorsOnly.json.hits[0].line).toContain('Bash failed: Error: timeout of 5000ms exceeded');
  });

  it('this project only unless scope="all"; another project\'s event needs scope="all"', async () => {
    const here = await call({ query: 'flaky admin' });
    expect(here.json.hits).toEqual([]);
    expect(here.json.note).toMatch(/scope="all"/);
    const all = await call({ query: 'flaky admin', scope: 'all' });
    expect(all.json.hits).toEqual([
      expect.objectContaining({ id: ids.elsewhere, projectPath: OTHER, session: 'sess-other' }),
    ]);
    const refused = await call({ detail: ids.elsewhere });
    expect(refused.isError).toBe(true);
    expect(refused.json).toMatchObject({
      error: expect.stringMatching(/another project/),
      fix: expect.stringMatching(/scope="all"/),
    });
    expect((await call({ detail: ids.elsewhere, scope: 'all' })).json.event.id).toBe(ids.elsewhere);
    expect((await call({ session_id: 'sess-other' })).isError).toBe(true);
  });

  it('detail=<id>: the event in full, redacted, with its session around it; session_id: the timeline', async () => {
    const d = await call({ detail: ids.error });
    expect(d.json.event).toMatchObject({ id: ids.error, type: 'tool_error', tool: 'Bash' });
    expect(d.json.event.text).toContain('timeout of 5000ms exceeded in login.spec.ts');
    expect(d.text).not.toContain(SECRET);
    expect(d.json.timeline.map((e: Json) => e.id)).toEqual([
      ids.start,
      ids.prompt,
      ids.call,
      ids.error,
      ids.fix,
    ]);
    expect(d.json.hint).toContain('session_id="sess-login-1"');
    const s = await call({ session_id: 'sess-login-1' });
    expect(s.json.events.map((e: Json) => e.type)).toEqual([
      'session_start',
      'prompt',
      'tool_use',
      'tool_error',
      'tool_use',
    ]);
    expect(s.json.events[4].line).toBe('Edit test/login.spec.ts');
  });

  it('bounded: at most 50 hits, and the answer within the MCP size bound', async () => {
    const r = await call({ query: 'BULKWORD', limit: 50 });
    expect(r.json.hits.length + (r.json.more ?? 0)).toBe(50);
    expect(r.json.hits.every((h: Json) => h.line.length <= 200)).toBe(true);
    expect((await call({ query: 'BULKWORD', limit: 51 })).isError).toBe(true);
    const db = openDb({ env: t.env });
    expect(searchHistory(db, { query: 'BULKWORD', projectPath: t.project, limit: 500 })).toHaveLength(50);
    db.close();
    const s = await call({ session_id: 'sess-bulk', limit: 50 });
    expect(s.json.events.length + (s.json.more ?? 0)).toBe(50);
  });

  it('no query: an error answer that says what to give; FTS syntax in the query is only words', async () => {
    const r = await call({});
    expect(r.isError).toBe(true);
    expect(r.json.fix).toMatch(/query=/);
    expect((await call({ query: 'login" OR NEAR(' })).isError).toBeFalsy();
  });
});
