// #17.1 The MCP tools against a seeded real data home: each tool's data, index → detail by id,
// read-only (no use count bumped), forget_fix changing the database, every answer bounded even
// with thousands of long entries, and error answers (never a throw) on a damaged, locked or
// missing database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { closeDb, openDb } from '../../src/db/db.js';
import { paths } from '../../src/common/paths.js';
import { insertEvent } from '../../src/db/events/write.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { buildRoleContext } from '../../src/orchestrator/context.js';
import { getSection, loadConfig } from '../../src/common/config.js';
import { MAX_ANSWER_CHARS } from '../../src/mcp/bound.js';
import { serverDeps } from '../../src/mcp/server.js';
import { callTool, TOOLS, type McpDeps } from '../../src/mcp/tool-table.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { SECRET_CORPUS } from '../helpers/secrets.js';
import { judgeAll } from '../helpers/fix-policy.js';
import {
  MCP_MARK,
  RAW_ERROR,
  seedMcp,
  seedOrchestrator,
  seedSharedContext,
  type Seeded,
} from '../helpers/mcp-seed.js';

let t: TempEnv;
let deps: McpDeps;
let seeded: Seeded;

beforeEach(() => {
  t = tempEnv('sg-mcp-');
  t.env.CLAUDE_PROJECT_DIR = t.project;
  mkdirSync(t.home, { recursive: true });
  // Never ask a real claude-mem from a test.
  writeFileSync(
    join(t.home, 'config.json'),
    JSON.stringify({ orchestrator: { claudeMem: { enabled: false } } }),
  );
  deps = { ...serverDeps(t.env, t.project), embedder: null };
  seeded = seedMcp(t.env, deps.project);
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are JSON read by field
type Json = Record<string, any>;
async function call(name: string, args: Record<string, unknown> = {}) {
  const r = await callTool(name, args, deps);
  expect(r.text.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
  return { ...r, json: JSON.parse(r.text) as Json };
}

function kbRow(id: number) {
  const db = new Database(paths(t.env).db, { readonly: true });
  try {
    return db.prepare('SELECT * FROM error_kb WHERE id = ?').get(id) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

describe('#17.1 search_errors', () => {
  it('normalises like the hooks (another path and number still match), gives tier, fix and provenance; read-only', async () => {
    const before = kbRow(seeded.kbId)!;
    const other = RAW_ERROR.replace('/home/dev/proj/dist/widget.js', '/tmp/x/y.js').replace('4711', '12');
    const r = await call('search_errors', { query: other });
    expect(r.isError).toBeUndefined();
    expect(r.json.match).toMatchObject({ id: seeded.kbId, tier: 'exact' });
    expect(r.json.match.fix).toContain(MCP_MARK.fix);
    // The seeded fix was typed by the user (recordResolution): advised everywhere, said so.
    expect(r.json.match.provenance).toMatchObject({
      source: 'manual',
      fromAnotherProject: false,
      resolvedBy: 'Bash',
    });
    expect(r.json.match.provenance.text).toBeTruthy();
    expect(r.json.match.toolSequence).toBe('Bash → Bash');
    expect(r.json.query).toBe(seeded.normalized);
    // A look-up is not advice given: the entry's use count and last use stay as they were.
    expect(kbRow(seeded.kbId)).toEqual(before);
  });

  it('words from the error list matching entries in the index; detail=<id> gives the full record', async () => {
    const r = await call('search_errors', { query: MCP_MARK.error });
    // The marker word alone: the lexical tier finds the entry, or the index lists it.
    const found = [r.json.match?.id, ...r.json.entries.map((e: { id: number }) => e.id)];
    expect(found).toContain(seeded.kbId);
    // Words that are no error of their own: the index lists entries containing them.
    const partial = await call('search_errors', { query: 'widget' });
    expect(partial.json.entries.map((e: { id: number }) => e.id)).toContain(seeded.kbId);
    const d = await call('search_errors', { detail: seeded.kbId });
    expect(d.json).toMatchObject({ id: seeded.kbId, errorRaw: RAW_ERROR, toolSequence: 'Bash → Bash' });
    expect(d.json.fix).toBe(MCP_MARK.fix);
    expect(d.json.provenance).toMatchObject({
      source: 'manual',
      resolvedBy: 'Bash',
      fromAnotherProject: false,
    });
  });

  it('an unknown error: no match and says so (no advice); an unknown id is an error answer with a fix', async () => {
    const r = await call('search_errors', { query: 'TypeError: zzqx is not a function' });
    expect(r.json.match).toBeNull();
    expect(r.json.entries).toEqual([]);
    expect(r.json.note).toMatch(/no advice/);
    const d = await call('search_errors', { detail: 999_999 });
    expect(d.isError).toBe(true);
    expect(d.json.error).toContain('#999999');
    expect(d.json.fix).toBeTruthy();
  });
});

describe('#17.1 recent_errors', () => {
  it("this project's errors only, newest first, with the known fix; detail by id", async () => {
    const r = await call('recent_errors');
    const ids = r.json.errors.map((e: { id: number }) => e.id);
    expect(ids).toContain(seeded.errorEventId);
    expect(ids).not.toContain(seeded.otherEventId);
    expect(r.text).not.toContain(MCP_MARK.otherProjectError);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const mine = r.json.errors.find((e: { id: number }) => e.id === seeded.errorEventId);
    expect(mine).toMatchObject({ tool: 'Bash', kbId: seeded.kbId, session: MCP_MARK.session });
    expect(mine.fix).toContain(MCP_MARK.fix);
    const d = await call('recent_errors', { detail: seeded.errorEventId });
    expect(d.json).toMatchObject({ id: seeded.errorEventId, errorRaw: RAW_ERROR, files: [MCP_MARK.file] });
    expect(d.json.fix).toMatchObject({ kbId: seeded.kbId });
  });
});

describe('#17.1 file_history', () => {
  it('errors that named the file (whole path components), relative to the project, with the fix', async () => {
    const r = await call('file_history', { file: MCP_MARK.file });
    expect(r.json.file).toBe(join(t.project, MCP_MARK.file));
    expect(r.json.errors.map((e: { id: number }) => e.id)).toEqual([seeded.errorEventId]);
    expect(r.json.errors[0].fix).toContain(MCP_MARK.fix);
    expect(r.text).not.toContain('NOTMYFILEMARK');
    const none = await call('file_history', { file: 'src/never.ts' });
    expect(none.json.errors).toEqual([]);
  });
});

describe('#17.1 session_findings', () => {
  it('lists the sessions, then the entries of one (newest first), then one entry in full', async () => {
    const empty = await call('session_findings');
    expect(empty.json.sessions).toEqual([]);
    seedSharedContext(t.project, 3);
    const list = await call('session_findings');
    expect(list.json.sessions.map((s: { session: string }) => s.session)).toEqual([MCP_MARK.session]);
    const idx = await call('session_findings', { session_id: MCP_MARK.session });
    expect(idx.json.entries).toHaveLength(3);
    expect(idx.json.entries[0]).toMatchObject({ agentId: MCP_MARK.agentId, agentType: 'code-reviewer' });
    expect(idx.json.entries[0].first).toBe(MCP_MARK.finding);
    // A prefix of 8+ characters is enough.
    const byPrefix = await call('session_findings', { session_id: MCP_MARK.session.slice(0, 12) });
    expect(byPrefix.json.session).toBe(MCP_MARK.session);
    const d = await call('session_findings', { session_id: MCP_MARK.session, detail: MCP_MARK.agentId });
    expect(d.json.sections).toContainEqual({ category: 'findings', items: [MCP_MARK.finding] });
    const missing = await call('session_findings', { session_id: 'no-such-session' });
    expect(missing.isError).toBe(true);
    expect(missing.json.fix).toMatch(/session_findings/);
  });
});

describe('#17.1 orchestrator_context', () => {
  it("gives the role's context exactly as the orchestrator's context builder renders it", async () => {
    seedOrchestrator(t.project, t.env);
    const r = await call('orchestrator_context', { role: 'implementer' });
    expect(r.isError, r.text).toBeUndefined();
    expect(r.json.ids).toEqual({ request: 'R1', task: 'T1', subtask: 'T1-S1' });
    const cfg = loadConfig(t.env);
    const direct = await buildRoleContext(
      {
        projectRoot: t.project,
        projectName: deps.project.name,
        cfg: getSection(cfg, 'orchestrator'),
        locale: cfg.locale === 'en' ? 'en' : 'ko',
        db: deps.db,
        env: t.env,
      },
      { role: 'implementer' },
    );
    const parts: string[] = [r.json.text];
    for (let p = 2; p <= r.json.parts; p++)
      parts.push((await call('orchestrator_context', { role: 'implementer', part: p })).json.text);
    expect(parts.join('')).toBe(direct.text);
    expect(direct.text).toContain('TEST-CODE-MARK');
  });

  it('no orchestrator session: an error answer with the fix, not a crash', async () => {
    const r = await call('orchestrator_context', { role: 'planner' });
    expect(r.isError).toBe(true);
    expect(r.json.fix).toBeTruthy();
  });
});

describe('#17.1 suggestions', () => {
  it('open suggestions only (a dismissed one is not listed); detail gives the skill body', async () => {
    const r = await call('suggestions');
    expect(r.json.suggestions.map((s: { id: string }) => s.id)).toEqual([MCP_MARK.suggestionId]);
    expect(r.json.suggestions[0].rule).toBe(MCP_MARK.suggestion);
    expect(r.text).not.toContain('DISMISSEDMARK');
    const d = await call('suggestions', { detail: MCP_MARK.suggestionId });
    expect(d.json.skill.body).toBe(MCP_MARK.skillBody);
  });
});

describe('#17.1 forget_fix', () => {
  it('deletes the entry: search no longer advises it; a second call is an error answer, nothing changed', async () => {
    const r = await call('forget_fix', { id: seeded.kbId });
    expect(r.json).toMatchObject({ forgotten: seeded.kbId });
    expect(kbRow(seeded.kbId)).toBeUndefined();
    const s = await call('search_errors', { query: RAW_ERROR });
    expect(s.json.match).toBeNull();
    const again = await call('forget_fix', { id: seeded.kbId });
    expect(again.isError).toBe(true);
    expect(again.json.error).toMatch(/nothing was changed/);
  });

  it('is the only tool not marked read-only', () => {
    expect(TOOLS.filter((x) => !x.readOnly).map((x) => x.name)).toEqual(['forget_fix']);
    expect(TOOLS.map((x) => x.name).sort()).toEqual(
      [
        'file_history',
        'forget_fix',
        'orchestrator_context',
        'recent_errors',
        'search_errors',
        'search_history',
        'session_findings',
        'suggestions',
      ].sort(),
    );
  });
});

describe('#17.1 no secret in any answer', () => {
  it('errors and fixes recorded with secrets (through the recording functions) come back redacted', async () => {
    const db = openDb({ env: t.env });
    const ids: { kb: number; ev: number }[] = [];
    for (const c of SECRET_CORPUS) {
      const kb = recordResolution(db, `SECRETMARK ${c.name} failed: ${c.text}`, {
        errorRaw: `SECRETMARK ${c.text}`,
        resolution: `rerun with ${c.text}`,
        projectPath: t.project, // typed in this project: prose is offered where it was typed
      })!;
      const ev = insertEvent(db, {
        type: 'tool_error',
        projectPath: t.project,
        data: { tool: 'Bash', error: `SECRETMARK ${c.text}`, errorRaw: c.text, input: { command: c.text } },
        files: [MCP_MARK.file],
      });
      ids.push({ kb, ev });
    }
    db.close();
    const texts = [
      (await call('search_errors', { query: 'SECRETMARK', limit: 50 })).text,
      (await call('recent_errors', { limit: 50 })).text,
      (await call('file_history', { file: MCP_MARK.file, limit: 50 })).text,
    ];
    for (const { kb, ev } of ids) {
      texts.push((await call('search_errors', { detail: kb })).text);
      texts.push((await call('recent_errors', { detail: ev })).text);
    }
    expect(texts.join('\n')).toContain('SECRETMARK');
    for (const c of SECRET_CORPUS) for (const text of texts) expect(text, c.name).not.toContain(c.secret);
  });
});

describe('#17.1 every answer is bounded', () => {
  it(`a KB of 3,000 long entries and 300 long errors: index and detail answers stay ≤ ${MAX_ANSWER_CHARS} characters`, async () => {
    const db = openDb({ env: t.env });
    const long = 'word '.repeat(400);
    db.transaction(() => {
      for (let i = 0; i < 3000; i++) {
        recordResolution(db, `BOUNDMARK error number ${'n'.repeat(i % 7)} ${i} ${long}`.slice(0, 390) + i, {
          errorRaw: `BOUNDMARK ${long}${long}`,
          resolution: `fix ${i} ${long}${long}`.slice(0, 590), // under the fix policy's cap
          resolvedBy: 'Bash',
          toolSequence: Array.from({ length: 50 }, () => 'Bash'.repeat(20)),
          projectPath: t.project,
        });
      }
      for (let i = 0; i < 300; i++) {
        insertEvent(db, {
          type: 'tool_error',
          sessionId: 's',
          projectPath: t.project,
          data: { tool: 'Bash', error: `BOUNDMARK ${i} ${long}`, errorRaw: `BOUNDMARK ${i} ${long}${long}` },
          files: [MCP_MARK.file],
        });
      }
    })();
    judgeAll(db);
    db.close();
    const idx = await call('search_errors', { query: 'BOUNDMARK', limit: 50 });
    expect(idx.json.entries.length).toBeGreaterThan(5);
    expect(idx.json.more).toBeGreaterThan(0);
    const d = await call('search_errors', { detail: 1 + seeded.kbId });
    expect(d.json.id).toBe(1 + seeded.kbId);
    const recent = await call('recent_errors', { limit: 50 });
    expect(recent.json.errors.length).toBeGreaterThan(5);
    const file = await call('file_history', { file: MCP_MARK.file, limit: 50 });
    expect(file.json.errors.length).toBeGreaterThan(5);
    seedSharedContext(t.project, 200, 250);
    const sc = await call('session_findings', { session_id: MCP_MARK.session });
    expect(sc.json.entries[0].agentId).toBe(MCP_MARK.agentId); // the newest kept
    expect(sc.json.more).toBeGreaterThan(0);
  });
});

describe('#17.1 a damaged, locked or missing database gives an error answer that says what to do', () => {
  it('missing: nothing recorded yet', async () => {
    const fresh = tempEnv('sg-mcp-none-');
    try {
      const d = { ...serverDeps(fresh.env, fresh.project), embedder: null };
      const r = await callTool('recent_errors', {}, d);
      expect(r.isError).toBe(true);
      expect(JSON.parse(r.text)).toMatchObject({ error: expect.stringMatching(/nothing recorded yet/) });
    } finally {
      closeDb();
      fresh.cleanup();
    }
  });

  it('damaged: fix names self-gen repair', async () => {
    closeDb();
    const db = paths(t.env).db;
    for (const s of ['-wal', '-shm']) writeFileSync(db + s, '');
    writeFileSync(db, 'this is not a database '.repeat(200));
    for (const tool of TOOLS.filter((x) => x.name !== 'session_findings')) {
      const r = await callTool(
        tool.name,
        tool.name === 'forget_fix' ? { id: 1 } : { role: 'planner', file: 'a', query: 'x' },
        deps,
      );
      expect(r.isError, `${tool.name}: ${r.text}`).toBe(true);
      closeDb();
    }
    const r = await call('search_errors', { query: 'x' });
    expect(r.json.error).toMatch(/damaged/);
    expect(r.json.fix).toMatch(/self-gen repair/);
  });

  it('locked: says to ask again', async () => {
    closeDb();
    const holder = new Database(paths(t.env).db);
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const r = await call('search_errors', { query: RAW_ERROR });
      expect(r.isError).toBe(true);
      expect(r.json.error).toMatch(/locked/);
      expect(r.json.fix).toMatch(/again/);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });
});
