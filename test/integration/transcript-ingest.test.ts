// Issue #15: no PostToolUse hook for ordinary tool calls. Successes are read from the session
// transcript (hooks/ingest.ts) at PostToolUseFailure, before the Bash guide, at Stop, SubagentStop
// and SessionEnd: idempotent, in the order of the transcript's own times, bounded, never blocking.
// Real SQLite, real files (a FIFO, a symlink, a huge line), real concurrent hook processes.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  collectSessionEnd,
  collectStop,
  collectSubagentStop,
  collectToolError,
  collectToolUse,
} from '../../src/recording/handlers.js';
import { partDeps } from '../helpers/deps.js';
import { ingestTranscript } from '../../src/recording/ingest.js';
import { preToolGuide } from '../../src/pre-tool-guide/handlers.js';
import type { HookInput } from '../../src/hook/contract/types.js';
import { readTranscriptFrom } from '../../src/common/transcript.js';
import { closeDb, getDb, type DB } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { ensureBuilt, norm, seedKb } from '../helpers/pre-tool-guide.js';

let t: TempEnv;
let db: DB;
let transcript: string;
const SESSION = 'sess-ingest-1';
const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

beforeEach(() => {
  t = tempEnv('sg-ingest-');
  db = getDb({ env: { ...t.env, SELF_GEN_NO_BACKGROUND: '1' } });
  t.env.SELF_GEN_NO_BACKGROUND = '1';
  transcript = join(t.dir, 'projects', `${SESSION}.jsonl`);
  mkdirSync(join(t.dir, 'projects'), { recursive: true });
  writeFileSync(transcript, '');
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

// ---- a transcript as Claude Code 2.1.197 writes it (see test/fixtures/claude-code-2.1.197/transcripts/session.jsonl)

function callLine(id: string, name: string, input: Record<string, unknown>, s: number, agentId?: string) {
  return JSON.stringify({
    type: 'assistant',
    timestamp: at(s),
    ...(agentId ? { agentId, isSidechain: true } : {}),
    message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
  });
}
function resultLine(id: string, ok: boolean, s: number, raw: unknown = { stdout: '' }, agentId?: string) {
  return JSON.stringify({
    type: 'user',
    timestamp: at(s),
    ...(agentId ? { agentId, isSidechain: true } : {}),
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: ok ? 'ok' : 'Exit code 1', is_error: !ok }],
    },
    toolUseResult: raw,
  });
}
function append(file: string, ...lines: string[]) {
  appendFileSync(file, lines.map((l) => l + '\n').join(''));
}
/** A Bash call and its result (at second s, the result half a second later). */
function bash(file: string, id: string, command: string, ok: boolean, s: number, agentId?: string) {
  append(file, callLine(id, 'Bash', { command }, s, agentId), resultLine(id, ok, s + 0.5, {}, agentId));
}

function input(event: HookInput['hook_event_name'], over: Partial<HookInput> = {}): HookInput {
  return {
    hook_event_name: event,
    session_id: SESSION,
    cwd: t.project,
    transcript_path: transcript,
    ...over,
  } as HookInput;
}
function deps(i: HookInput, s: number) {
  const d = partDeps(i, t.env);
  d.now = () => new Date(T0 + s * 1000);
  return d;
}
/** The PostToolUseFailure hook of a failed Bash call (fired at second s). */
function failHook(id: string, command: string, error: string, s: number, over: Partial<HookInput> = {}) {
  const i = input('PostToolUseFailure', {
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: id,
    error,
    ...over,
  });
  collectToolError(i, deps(i, s));
}
async function stopHook(s: number) {
  const i = input('Stop');
  await collectStop(i, deps(i, s));
}

const calls = () =>
  (
    db
      .prepare(
        `SELECT type, ts, json_extract(data, '$.toolUseId') AS id, json_extract(data, '$.input.command') AS command
         FROM events WHERE type IN ('tool_use', 'tool_error') ORDER BY ts, id`,
      )
      .all() as { type: string; id: string; command: string | null }[]
  ).map((r) => `${r.type}:${r.id}`);
const resolutions = () =>
  db.prepare(`SELECT data FROM events WHERE type = 'resolution'`).all() as { data: string }[];
const kb = (raw: string) =>
  db.prepare('SELECT resolution FROM error_kb WHERE error_normalized = ?').get(norm(raw)) as
    { resolution: string | null } | undefined;

const ERR = 'Exit code 1\nError: build/ready marker missing (run `mkdir -p build`)';
const CHECK = 'node check.mjs';
const FIX = 'mkdir -p build && touch build/ready';

describe('#15 tool successes from the transcript', () => {
  it('scenario 1: a failing then succeeding command learns the proven fix with no PostToolUse hook', async () => {
    bash(transcript, 't1', CHECK, false, 1);
    failHook('t1', CHECK, ERR, 1.6);
    bash(transcript, 't2', FIX, true, 2);
    bash(transcript, 't3', CHECK, true, 3);
    await stopHook(4);
    expect(calls()).toEqual(['tool_error:t1', 'tool_use:t2', 'tool_use:t3']);
    expect(resolutions()).toHaveLength(1);
    expect(kb(ERR)?.resolution).toContain(FIX);
  });

  it('is idempotent: Stop twice, SessionEnd and the error hook again record nothing twice', async () => {
    bash(transcript, 't1', CHECK, false, 1);
    failHook('t1', CHECK, ERR, 1.6);
    bash(transcript, 't2', FIX, true, 2);
    bash(transcript, 't3', CHECK, true, 3);
    await stopHook(4);
    await stopHook(5);
    const end = input('SessionEnd', { reason: 'other' });
    collectSessionEnd(end, deps(end, 6));
    // the offset forgotten (another key, a restarted state): the ids still dedupe
    db.prepare(`DELETE FROM kv WHERE key LIKE 'ingest:%'`).run();
    await stopHook(7);
    expect(calls()).toEqual(['tool_error:t1', 'tool_use:t2', 'tool_use:t3']);
    expect(resolutions()).toHaveLength(1);
    const summary = db.prepare(`SELECT data FROM events WHERE type = 'session_summary'`).get() as {
      data: string;
    };
    expect(JSON.parse(summary.data)).toMatchObject({ tools: 2, errors: 1, resolutions: 1 });
  });

  it('records the successes before an error first, so their order is the order of the calls', async () => {
    bash(transcript, 't1', 'ls src', true, 1);
    bash(transcript, 't2', CHECK, false, 2);
    failHook('t2', CHECK, ERR, 2.6);
    const ids = db
      .prepare(`SELECT type, json_extract(data, '$.toolUseId') AS id FROM events ORDER BY id`)
      .all();
    expect(ids).toEqual([
      { type: 'tool_use', id: 't1' },
      { type: 'tool_error', id: 't2' },
    ]);
  });

  it('a success read after a later error (same command) keeps its own time and does not resolve it', async () => {
    bash(transcript, 't1', CHECK, true, 1); // succeeded first …
    bash(transcript, 't2', FIX, true, 2);
    // … the error hook of a later call ran without reading the transcript (no path in its payload)
    failHook('t3', CHECK, ERR, 3, { transcript_path: undefined });
    await stopHook(4);
    expect(calls()).toEqual(['tool_use:t1', 'tool_use:t2', 'tool_error:t3']);
    expect(resolutions()).toHaveLength(0);
    expect(kb(ERR)?.resolution ?? null).toBeNull();
  });

  it('a call whose result comes after a read is recorded once its result is written', async () => {
    append(transcript, callLine('t1', 'Bash', { command: CHECK }, 1));
    failHook('t0', 'other', 'Exit code 2\nother error', 1.2); // reads the call, not its result yet
    expect(calls()).toEqual(['tool_error:t0']);
    append(transcript, resultLine('t1', true, 1.5));
    await stopHook(2);
    expect(calls()).toEqual(['tool_error:t0', 'tool_use:t1']);
    const row = db.prepare(`SELECT ts, data FROM events WHERE type = 'tool_use'`).get() as {
      ts: string;
      data: string;
    };
    expect(row.ts).toBe(at(1.5)); // the transcript's time of the result
    expect(JSON.parse(row.data)).toMatchObject({ tool: 'Bash', input: { command: CHECK }, success: 1 });
  });

  it('Stop waits only for recent calls without a result (an interrupted call long ago is not waited for)', () => {
    append(transcript, callLine('old', 'Bash', { command: 'sleep 100' }, 1)); // never answered
    append(transcript, callLine('new', 'Bash', { command: 'ls' }, 100));
    const i = input('Stop');
    expect(ingestTranscript(i, deps(i, 100.2), db, { path: transcript }).pending).toBe(1); // `new` only
    append(transcript, resultLine('new', true, 100.5));
    const r = ingestTranscript(i, deps(i, 100.6), db, { path: transcript });
    expect([r.recorded, r.pending]).toEqual([1, 0]);
  });

  it('a call waiting for its result is kept redacted (no secret in the stored state or the event)', async () => {
    const secret = 'AKIAIOSFODNN7EXAMPLE';
    const command = `AWS_ACCESS_KEY_ID=${secret} aws s3 ls`;
    append(transcript, callLine('t1', 'Bash', { command }, 1));
    const i = input('Stop');
    ingestTranscript(i, deps(i, 1.2), db, { path: transcript });
    const state = db.prepare(`SELECT value FROM kv WHERE key LIKE 'ingest:%'`).get() as { value: string };
    expect(state.value).toContain('aws s3 ls');
    expect(state.value).not.toContain(secret);
    append(transcript, resultLine('t1', true, 1.5));
    ingestTranscript(i, deps(i, 1.6), db, { path: transcript });
    const all = db.prepare(`SELECT data FROM events`).all() as { data: string }[];
    expect(all.length).toBeGreaterThan(0);
    expect(JSON.stringify(all)).not.toContain(secret);
  });

  it('an Agent call recorded by its PostToolUse hook is not recorded again from the transcript', async () => {
    const raw = { agentId: 'a1', agentType: 'general-purpose', status: 'completed', totalToolUseCount: 1 };
    const agentCall = (id: string, s: number) =>
      append(
        transcript,
        callLine(id, 'Agent', { subagent_type: 'general-purpose', description: 'sub', prompt: 'x' }, s),
        resultLine(id, true, s + 1, raw),
      );
    const post = (id: string, s: number) => {
      const i = input('PostToolUse', {
        tool_name: 'Agent',
        tool_input: { subagent_type: 'general-purpose' },
        tool_response: raw,
        tool_use_id: id,
      });
      collectToolUse(i, deps(i, s));
    };
    agentCall('t1', 1);
    post('t1', 2); // the hook first, then the transcript
    await stopHook(3);
    agentCall('t2', 4);
    await stopHook(5); // the transcript first, then the hook
    post('t2', 5.5);
    expect(calls()).toEqual(['tool_use:t1', 'tool_use:t2']);
    const sub = db
      .prepare(`SELECT json_extract(data, '$.subagent.agentId') AS a FROM events WHERE type = 'tool_use'`)
      .all();
    expect(sub).toEqual([{ a: 'a1' }, { a: 'a1' }]);
  });

  it("a subagent's calls come from its own transcript, with its agentId (SubagentStop, PostToolUseFailure)", async () => {
    const agentFile = join(t.dir, 'projects', SESSION, 'subagents', 'agent-ab12.jsonl');
    mkdirSync(join(t.dir, 'projects', SESSION, 'subagents'), { recursive: true });
    bash(agentFile, 's1', CHECK, false, 1, 'ab12');
    // the subagent's error hook: transcript_path is the main one; the agent's file is derived
    failHook('s1', CHECK, ERR, 1.6, { agent_id: 'ab12', agent_type: 'general-purpose' });
    bash(agentFile, 's2', FIX, true, 2, 'ab12');
    bash(agentFile, 's3', CHECK, true, 3, 'ab12');
    bash(transcript, 'm1', CHECK, true, 3.2); // the main agent's: never proves the subagent's error
    const stop = input('SubagentStop', {
      agent_id: 'ab12',
      agent_type: 'general-purpose',
      agent_transcript_path: agentFile,
      last_assistant_message: 'done',
    });
    collectSubagentStop(stop, deps(stop, 4));
    const rows = db
      .prepare(
        `SELECT json_extract(data, '$.toolUseId') AS id, json_extract(data, '$.agentId') AS agent FROM events WHERE type = 'tool_use' ORDER BY ts`,
      )
      .all();
    expect(rows).toEqual([
      { id: 's2', agent: 'ab12' },
      { id: 's3', agent: 'ab12' },
    ]);
    expect(resolutions()).toHaveLength(1);
    expect(kb(ERR)?.resolution).toContain(FIX);
    const end = input('SessionEnd', { reason: 'other' });
    collectSessionEnd(end, deps(end, 5)); // main transcript + every subagent file
    expect(calls().sort()).toEqual(['tool_error:s1', 'tool_use:m1', 'tool_use:s2', 'tool_use:s3']);
  });

  it('REQ-RA-302: the Bash guide does not show an error a later call already fixed (read before it speaks)', async () => {
    seedKb(db, ERR, `ran \`${FIX}\``);
    bash(transcript, 't1', CHECK, false, 1);
    failHook('t1', CHECK, ERR, 1.6);
    const pre = (id: string, s: number) => {
      const i = input('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: id });
      return preToolGuide(i, deps(i, s));
    };
    expect((await pre('t2', 2))?.additionalContext).toContain(FIX); // open: the guide speaks
    bash(transcript, 't2', FIX, true, 2);
    bash(transcript, 't3', CHECK, true, 3);
    expect(await pre('t4', 4)).toBeNull(); // fixed by t2 + t3 (read from the transcript): silent
    expect(resolutions()).toHaveLength(1);
  });

  it('#15: an open error the KB has no fix for: the Bash guide stays silent without reading the transcript', async () => {
    bash(transcript, 't1', CHECK, false, 1);
    failHook('t1', CHECK, ERR, 1.6);
    bash(transcript, 't2', 'ls', true, 2);
    const i = input('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'pwd' }, tool_use_id: 't3' });
    expect(await preToolGuide(i, deps(i, 3))).toBeNull();
    expect(calls()).not.toContain('tool_use:t2'); // not read now: Stop reads it
    await stopHook(4);
    expect(calls()).toContain('tool_use:t2');
  });
});

describe('#15 the session-end job reads what the hooks left', () => {
  it('records the calls of a session whose SessionEnd never read the transcript (idempotent)', async () => {
    const { loadBackground } = await import('../../src/parts/index.js');
    const step = (await loadBackground()).sessionEnd.find((s) => s.name === 'ingest-transcript')!;
    const { collectSessionStart } = await import('../../src/recording/handlers.js');
    const start = input('SessionStart', { source: 'startup' });
    collectSessionStart(start, deps(start, 0));
    bash(transcript, 't1', CHECK, false, 1);
    failHook('t1', CHECK, ERR, 1.6);
    bash(transcript, 't2', FIX, true, 2);
    bash(transcript, 't3', CHECK, true, 3); // the CLI exited before any later hook read these
    const { loadConfig } = await import('../../src/common/config.js');
    const ctx = { env: t.env, config: loadConfig(t.env), args: [SESSION, transcript], log: () => {} };
    await step.run(ctx);
    await step.run(ctx);
    expect(calls()).toEqual(['tool_error:t1', 'tool_use:t2', 'tool_use:t3']);
    expect(kb(ERR)?.resolution).toContain(FIX);
    const where = db.prepare(`SELECT DISTINCT project_path AS p FROM events`).all();
    expect(where).toEqual([{ p: t.project }]);
  });
});

describe('#15 Stop never waits', () => {
  it('a call whose result is not in the transcript yet is left to the detached ingest-pending job', async () => {
    append(transcript, callLine('p1', 'Bash', { command: FIX }, 5));
    const i = input('Stop');
    const d = deps(i, 5.2);
    const spawned: [string, string[]][] = [];
    d.spawnBackground = (job, args = []) => void spawned.push([job, args]);
    collectStop(i, d);
    expect(spawned).toEqual([['ingest-pending', [SESSION, transcript]]]);
    expect(calls()).toEqual([]);
    append(transcript, resultLine('p1', true, 5.5));
    const { loadBackground } = await import('../../src/parts/index.js');
    const job = (await loadBackground()).jobs['ingest-pending']!;
    const { loadConfig } = await import('../../src/common/config.js');
    await job({ env: t.env, config: loadConfig(t.env), args: [SESSION, transcript], log: () => {} });
    expect(calls()).toEqual(['tool_use:p1']);
    // a Stop with every result written starts nothing
    spawned.length = 0;
    collectStop(i, deps(i, 6));
    expect(spawned).toEqual([]);
  });
});

describe('#15 PostToolUseFailure in the warm server: the calls before the error are read before the answer', () => {
  it('the earlier success is recorded before the answer (a fix it proves may be the advice, #32.4), stamped before the error, and does not resolve it', async () => {
    const { answerHook } = await import('../../src/hook/host/server.js');
    bash(transcript, 'a1', 'ls', true, 1);
    bash(transcript, 'a2', CHECK, false, 2);
    const i = input('PostToolUseFailure', {
      tool_name: 'Bash',
      tool_input: { command: CHECK },
      tool_use_id: 'a2',
      error: ERR,
    });
    const r = await answerHook(JSON.stringify(i), 'PostToolUseFailure', t.env, new Date(T0 + 2600));
    expect(r.failed).toBe(false);
    // read before the answer: the success is there when the hook has answered
    expect(calls()).toEqual(['tool_use:a1', 'tool_error:a2']);
    expect(resolutions()).toHaveLength(0);
  });
});

describe('#15 Stop in the warm server: the server reads again itself, no worker process', () => {
  it('a result written after the answer is recorded by the server, as the ingest-pending job would', async () => {
    const { answerHook } = await import('../../src/hook/host/server.js');
    const { TIMING_FILE } = await import('../../src/common/timing.js');
    bash(transcript, 'w0', 'ls', true, 1);
    // A call of just now (so its result is waited for), its result not written yet.
    const now = Date.now();
    append(
      transcript,
      JSON.stringify({
        type: 'assistant',
        timestamp: new Date(now - 100).toISOString(),
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'w1', name: 'Bash', input: { command: FIX } }],
        },
      }),
    );
    const env = { ...t.env, SELF_GEN_HOOK_TIMING: '1' };
    const text = JSON.stringify(input('Stop'));
    const r = await answerHook(text, 'Stop', env, new Date(now));
    expect(r).toEqual({ out: '', failed: false });
    // Answered with what was there; no worker process was started for the rest.
    expect(calls()).toEqual(['tool_use:w0']);
    const rec = JSON.parse(readFileSync(join(t.home, 'logs', TIMING_FILE), 'utf8').trim()) as {
      spans: Record<string, number>;
    };
    expect(Object.keys(rec.spans).filter((k) => k.startsWith('spawn:'))).toEqual([]);
    // The result arrives (Claude Code writes in batches): the server records it within its wait.
    append(
      transcript,
      JSON.stringify({
        type: 'user',
        timestamp: new Date(now + 200).toISOString(),
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'w1', content: 'ok' }] },
        toolUseResult: {},
      }),
    );
    await vi.waitFor(() => expect(calls()).toEqual(['tool_use:w0', 'tool_use:w1']), {
      timeout: 120_000,
      interval: 50,
    });
    // once only, whoever reads next
    collectStop(input('Stop'), deps(input('Stop'), 9));
    expect(calls()).toEqual(['tool_use:w0', 'tool_use:w1']);
  });
});

describe('#15 Stop in the warm server, database locked by another process', () => {
  it('the re-reads wait only briefly for the lock, leave the connection as it was, and record once it is free', async () => {
    const { answerHook } = await import('../../src/hook/host/server.js');
    const { holdWriteLock } = await import('../helpers/db-lock.js');
    const busyBefore = db.pragma('busy_timeout', { simple: true }) as number;
    const now = Date.now();
    append(
      transcript,
      JSON.stringify({
        type: 'assistant',
        timestamp: new Date(now - 100).toISOString(),
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'l1', name: 'Bash', input: { command: FIX } }],
        },
      }),
    );
    const r = await answerHook(JSON.stringify(input('Stop')), 'Stop', t.env, new Date(now));
    expect(r).toEqual({ out: '', failed: false });
    const lock = holdWriteLock(join(t.home, 'data', 'self-gen.db'));
    await lock.ready;
    append(
      transcript,
      JSON.stringify({
        type: 'user',
        timestamp: new Date(now + 200).toISOString(),
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'l1', content: 'ok' }] },
        toolUseResult: {},
      }),
    );
    // While the lock is held the re-reads fail and are tried again; the connection's own wait is kept.
    await new Promise((res) => setTimeout(res, 400));
    expect(lock.held()).toBe(true);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(busyBefore);
    lock.release();
    await lock.done;
    await vi.waitFor(() => expect(calls()).toEqual(['tool_use:l1']), { timeout: 120_000, interval: 50 });
  });
});

describe('#15 reading the transcript: bounded, never blocking', () => {
  const ingest = (path: string) =>
    ingestTranscript(input('Stop', { transcript_path: path }), deps(input('Stop'), 9), db, { path });

  it('a FIFO, a symlink, a folder or a missing file is skipped at once', async () => {
    const fifo = join(t.dir, 'fifo.jsonl');
    const made = spawnSync('mkfifo', [fifo]);
    const real = join(t.dir, 'real.jsonl');
    bash(real, 'x1', 'ls', true, 1);
    const link = join(t.dir, 'link.jsonl');
    symlinkSync(real, link);
    for (const p of [...(made.status === 0 ? [fifo] : []), link, t.dir, join(t.dir, 'missing.jsonl')])
      expect(ingest(p), p).toEqual({ recorded: 0, resolved: 0, more: false, pending: 0 });
    expect(calls()).toEqual([]);
  });

  it('a partial last line waits for its newline; a file cut shorter is read again from the start', async () => {
    const line = resultLine('t1', true, 1.5);
    append(transcript, callLine('t1', 'Bash', { command: 'ls' }, 1));
    appendFileSync(transcript, line.slice(0, 40)); // Claude Code is still writing it
    expect(ingest(transcript).recorded).toBe(0);
    appendFileSync(transcript, line.slice(40) + '\n');
    expect(ingest(transcript).recorded).toBe(1);
    // rewritten shorter (a new transcript at the same path): read from 0; known calls not repeated
    truncateSync(transcript, 0);
    bash(transcript, 't1', 'ls', true, 1);
    bash(transcript, 't9', 'pwd', true, 2);
    expect(ingest(transcript).recorded).toBe(1);
    expect(calls()).toEqual(['tool_use:t1', 'tool_use:t9']);
  });

  it('reads at most maxBytes a time; a line longer than that is skipped and reading goes on', async () => {
    const huge = JSON.stringify({ type: 'user', timestamp: at(0), message: { content: 'x'.repeat(5000) } });
    append(transcript, huge);
    bash(transcript, 't1', 'ls', true, 1);
    let offset = 0;
    let mark = '';
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      const c = readTranscriptFrom(transcript, offset, 1024, mark)!;
      mark = c.mark;
      expect(c.end).toBeGreaterThan(offset); // always advances
      expect(c.end - c.start).toBeLessThanOrEqual(1024);
      seen.push(...c.lines.map((l) => l.text));
      offset = c.end;
      if (offset >= c.size) break;
    }
    expect(seen.some((l) => l.includes('"t1"'))).toBe(true);
    expect(seen.some((l) => l.includes('xxxx'))).toBe(false);
  });
});

describe('#15 concurrent ingestion (real hook processes at once)', () => {
  it('Stop, SubagentStop-less Stop and SessionEnd started together record each call once, one resolution', async () => {
    ensureBuilt();
    bash(transcript, 't1', CHECK, false, 1);
    failHook('t1', CHECK, ERR, 1.6);
    for (let i = 0; i < 15; i++) bash(transcript, `ok${i}`, `echo ${i}`, true, 2 + i * 0.1);
    bash(transcript, 't2', FIX, true, 4);
    bash(transcript, 't3', CHECK, true, 5);
    closeDb();
    const payload = {
      hook_event_name: 'Stop',
      session_id: SESSION,
      cwd: t.project,
      transcript_path: transcript,
    };
    const runs = await Promise.all([
      ...[1, 2, 3, 4].map(() => runHook('Stop', payload, t.env)),
      runHook('SessionEnd', { ...payload, hook_event_name: 'SessionEnd', reason: 'other' }, t.env),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
    }
    db = getDb({ env: t.env });
    const c = calls();
    expect(c).toHaveLength(18);
    expect(new Set(c).size).toBe(18);
    expect(c.at(-1)).toBe('tool_use:t3');
    expect(resolutions()).toHaveLength(1);
    expect(kb(ERR)?.resolution).toContain(FIX);
  });
});
