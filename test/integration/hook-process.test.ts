// Foundation: every fixture payload through the built hook entry, and the rows it writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FIXTURES, tempEnv, type TempEnv } from '../helpers/env.js';
import { fixturePayloads, parseHookOutput, runHook } from '../helpers/hook-proc.js';

describe('fixture session through dist/hook.js', () => {
  let t: TempEnv;
  let rows: {
    type: string;
    session_id: string;
    project: string;
    project_path: string;
    data: Record<string, unknown>;
  }[];
  const outputs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    t = tempEnv();
    const transcripts = join(t.dir, 'claude');
    const payloads = fixturePayloads({ project: t.project, transcriptDir: transcripts });
    // The SubagentStop payload names its agent transcript: put the captured one there.
    const stop = payloads.find((p) => p.event === 'SubagentStop')!.payload;
    const agentPath = String(stop.agent_transcript_path);
    mkdirSync(dirname(agentPath), { recursive: true });
    // (captured in another run than the payloads: its Bash call gets the payloads' tool_use_id)
    writeFileSync(
      agentPath,
      readFileSync(
        join(FIXTURES, 'transcripts', 'subagent-agent-a0ecf4913e38a93c2.jsonl'),
        'utf8',
      ).replaceAll(
        'toolu_9itncocr',
        String(payloads.find((p) => p.event === 'PostToolUse' && p.payload.agent_id)!.payload.tool_use_id),
      ),
    );
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
    for (const { event, payload } of payloads) {
      const r = await runHook(event, payload, env);
      expect(r.code, `${event} exit code`).toBe(0);
      expect(r.stderr, `${event} stderr`).toBe('');
      const out = parseHookOutput(r.stdout);
      if (out) outputs.push(out);
    }
    const db = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
    rows = (
      db.prepare('SELECT type, session_id, project, project_path, data FROM events ORDER BY id').all() as {
        type: string;
        session_id: string;
        project: string;
        project_path: string;
        data: string;
      }[]
    ).map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, unknown> }));
    db.close();
  });

  afterAll(() => t.cleanup());

  it('records one row per collected event, in order', () => {
    expect(rows.map((r) => r.type)).toEqual([
      'session_start',
      'prompt',
      'tool_error',
      'tool_use',
      'subagent_start',
      'tool_use',
      'subagent_stop',
      'tool_use',
      'session_summary',
    ]);
  });

  it('stores session, project name and project path (git top level of cwd)', () => {
    for (const r of rows) {
      expect(r.session_id).toBe('1d781026-4b91-4581-b3a2-f91871abc842');
      expect(r.project).toBe('proj');
      expect(r.project_path).toBe(t.project);
    }
  });

  it('records the prompt text (collectPromptText default on)', () => {
    expect(rows.find((r) => r.type === 'prompt')!.data).toMatchObject({ text: 'do the thing', length: 12 });
  });

  it('records the Bash failure normalized, raw, with the file it names', () => {
    const e = rows.find((r) => r.type === 'tool_error')!.data;
    expect(e.tool).toBe('Bash');
    expect(e.error).toBe('cat: <PATH>: No such file or directory');
    expect(e.errorRaw).toBe('Exit code 1\ncat: /nonexistent/dir/file.txt: No such file or directory');
    expect(e.filePath).toBe('/nonexistent/dir/file.txt');
    expect(e.isInterrupt).toBe(false);
  });

  it('#13.1: `echo resolved` after the failing `cat` proves nothing: no resolution, nothing learned', () => {
    expect(rows.filter((r) => r.type === 'resolution')).toHaveLength(0);
    const db = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
    const kb = db.prepare('SELECT * FROM error_kb').all() as Record<string, unknown>[];
    db.close();
    expect(kb).toEqual([]);
  });

  it("records the subagent's own tool call with its agent id", () => {
    const inSub = rows.filter((r) => r.type === 'tool_use' && r.data.agentId === 'a32c958c9f43b4a04');
    expect(inSub).toHaveLength(1);
    expect(inSub[0]!.data).toMatchObject({ tool: 'Bash', agentType: 'general-purpose' });
  });

  it('records the subagent stop as a success with a duration', () => {
    const s = rows.find((r) => r.type === 'subagent_stop')!.data;
    expect(s).toMatchObject({ agentId: 'a32c958c9f43b4a04', agentType: 'general-purpose', success: 1 });
    expect(typeof s.durationMs).toBe('number');
  });

  it('records the Agent call with what the subagent reported', () => {
    const a = rows.find((r) => r.type === 'tool_use' && r.data.tool === 'Agent')!.data;
    expect(a.subagent).toMatchObject({
      agentId: 'a32c958c9f43b4a04',
      agentType: 'general-purpose',
      status: 'completed',
    });
  });

  it('summarises the session at SessionEnd', () => {
    expect(rows.find((r) => r.type === 'session_summary')!.data).toMatchObject({
      reason: 'other',
      prompts: 1,
      tools: 3,
      errors: 1,
      subagents: 1,
      resolutions: 0,
    });
  });

  it('prints only valid hook JSON with the right event name', () => {
    for (const o of outputs) {
      const h = o.hookSpecificOutput as { hookEventName: string; additionalContext: string };
      expect(typeof h.hookEventName).toBe('string');
      expect(h.additionalContext.length).toBeLessThanOrEqual(10_000);
    }
  });

  it('keeps the data home 0700 and the database 0600', async () => {
    const { statSync } = await import('node:fs');
    expect(statSync(t.home).mode & 0o777).toBe(0o700);
    expect(statSync(join(t.home, 'data', 'self-gen.db')).mode & 0o777).toBe(0o600);
  });
});

describe('SessionEnd starts the background worker', () => {
  it('the detached worker runs its session-end steps (queue stored, retention applied)', async () => {
    const t = tempEnv();
    const env = { ...t.env, SELF_GEN_NO_DAEMON: '1' };
    const end = { hook_event_name: 'SessionEnd', session_id: 'bg-1', cwd: t.project, reason: 'other' };
    const r = await runHook('SessionEnd', end, env);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    const dbFile = join(t.home, 'data', 'self-gen.db');
    let pruned: unknown = undefined;
    for (let i = 0; i < 1200 && !pruned; i++) {
      await new Promise((res) => setTimeout(res, 100));
      const db = new Database(dbFile, { readonly: true });
      pruned = db.prepare(`SELECT value FROM kv WHERE key = 'last_prune'`).get();
      db.close();
    }
    expect(pruned, 'the worker recorded its retention run').toBeTruthy();
    t.cleanup();
  });
});
