// #17 hook latency: the session-end `hook-timing` step reads the ended session's transcript (the
// hook_* attachments Claude Code writes, with durationMs), keeps our hooks' records and stores one
// hook_timing event per session; hookLatency() reads their samples for the dashboard.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { closeDb, getDb } from '../../src/db/db.js';
import { insertEvent, type NewEvent } from '../../src/db/events/write.js';
import { queryEvents } from '../../src/db/events/read.js';
import { hookLatency } from '../../src/db/overview.js';
import { loadBackground } from '../../src/parts/index.js';
import {
  hookRecords,
  hookTimingData,
  isOurHookCommand,
  MAX_SAMPLES,
  recordHookTiming,
} from '../../src/recording/hook-timing.js';

const OURS = {
  node: (ev: string) => `node "${join(ROOT, 'dist', 'hook.cjs')}" ${ev}`,
  warm: (ev: string) => `sh "${join(ROOT, 'dist', 'hook-warm.sh')}" ${ev} "/tmp/sg-hook.sock"`,
  warmBash: (ev: string) =>
    `"/usr/bin/bash" "${join(ROOT, 'dist', 'hook-warm.bash')}" ${ev} "/tmp/sg/run/hook-server.port"`,
  cli: (ev: string) => `self-gen hook ${ev}`,
  plugin: (ev: string) => `node \${CLAUDE_PLUGIN_ROOT}/dist/hook.cjs ${ev}`,
  pluginWarm: (ev: string) => `sh "\${CLAUDE_PLUGIN_ROOT}/dist/hook-warm.sh" ${ev}`,
};

/** The fixture's hook_success attachment lines (Claude Code 2.1.197), and its other lines. */
function fixtureLines(): { hooks: Record<string, unknown>[]; other: string[] } {
  const lines = readFileSync(join(FIXTURES, 'transcripts', 'session.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const hooks: Record<string, unknown>[] = [];
  const other: string[] = [];
  for (const l of lines) {
    const e = JSON.parse(l) as { type?: string; attachment?: { type?: string; durationMs?: unknown } };
    if (
      e.type === 'attachment' &&
      e.attachment?.type === 'hook_success' &&
      typeof e.attachment.durationMs === 'number'
    )
      hooks.push(e as Record<string, unknown>);
    else other.push(l);
  }
  return { hooks, other };
}

/** One fixture hook line with its command and duration replaced. */
function hookLine(
  base: Record<string, unknown>,
  command: string,
  durationMs: number,
  hookEvent?: string,
  type = 'hook_success',
): string {
  const a = base.attachment as Record<string, unknown>;
  return JSON.stringify({
    ...base,
    attachment: { ...a, type, command, durationMs, hookEvent: hookEvent ?? a.hookEvent },
  });
}

/**
 * A transcript built from the fixture: its non-hook lines, then hook lines with our commands
 * (durations 10..) and other tools' (durations 900..) interleaved.
 */
function buildTranscript(file: string): { ours: number[]; byEvent: Record<string, number[]> } {
  const { hooks, other } = fixtureLines();
  expect(hooks.length).toBeGreaterThanOrEqual(5);
  const out = [...other];
  const ours: number[] = [];
  const byEvent: Record<string, number[]> = {};
  const kinds = Object.values(OURS);
  hooks.forEach((h, i) => {
    const ev = String((h.attachment as { hookEvent: string }).hookEvent);
    const ms = 10 + i * 7;
    out.push(hookLine(h, kinds[i % kinds.length]!(ev), ms));
    ours.push(ms);
    (byEvent[ev] ??= []).push(ms);
    // The fixture's own hook (someone else's script) and a look-alike outside this package.
    out.push(hookLine(h, String((h.attachment as { command: string }).command), 900 + i));
    out.push(hookLine(h, `node "/opt/other-tool/dist/hook.cjs" ${ev}`, 950 + i));
  });
  // A non-success hook record of ours counts too; a line that is not JSON is skipped.
  out.push(hookLine(hooks[0]!, OURS.cli('Stop'), 3, 'Stop', 'hook_non_blocking_error'));
  ours.push(3);
  byEvent.Stop = [3];
  out.push('{"type":"attachment", not json');
  writeFileSync(file, out.join('\n') + '\n');
  return { ours, byEvent };
}

const rank = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};

describe('hook-timing step', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv()));
  afterEach(() => {
    closeDb();
    t.cleanup();
  });

  it('recognises our hook commands and not others', () => {
    for (const f of Object.values(OURS))
      expect(isOurHookCommand(f('PreToolUse')), f('PreToolUse')).toBe(true);
    expect(isOurHookCommand('/home/dev/bin/inject.sh SessionStart')).toBe(false);
    expect(isOurHookCommand('node "/opt/other-tool/dist/hook.cjs" PreToolUse')).toBe(false);
    expect(isOurHookCommand('node /opt/x/dist/hook.cjs; rm -rf / PreToolUse')).toBe(false);
    expect(isOurHookCommand(42)).toBe(false);
    expect(isOurHookCommand('my-hook Pre', new Set(['my-hook Pre']))).toBe(true);
  });

  it('is registered as a session-end step after the queue is stored', async () => {
    const names = (await loadBackground()).sessionEnd.map((s) => s.name);
    expect(names).toContain('hook-timing');
    expect(names.indexOf('hook-timing')).toBeGreaterThan(names.indexOf('drain-queue'));
  });

  it('stores exactly one hook_timing event with our hooks’ samples (others excluded); twice → still one', () => {
    const file = join(t.dir, 'session.jsonl');
    const want = buildTranscript(file);
    const db = getDb({ env: t.env });
    insertEvent(db, { type: 'prompt', sessionId: 's1', project: 'proj', projectPath: t.project, data: {} });
    expect(recordHookTiming(db, { sessionId: 's1', transcriptPath: file, env: t.env })).toBe('recorded');
    expect(recordHookTiming(db, { sessionId: 's1', transcriptPath: file, env: t.env })).toBe('exists');
    const rows = queryEvents(db, { type: 'hook_timing' });
    expect(rows).toHaveLength(1);
    const e = rows[0]!;
    expect(e).toMatchObject({ session_id: 's1', project: 'proj', project_path: t.project });
    expect(e.data.samples).toEqual(want.ours);
    const byEvent = e.data.byEvent as Record<string, { n: number; p50: number; p95: number; max: number }>;
    expect(Object.keys(byEvent).sort()).toEqual(Object.keys(want.byEvent).sort());
    for (const [ev, xs] of Object.entries(want.byEvent))
      expect(byEvent[ev]).toEqual({
        n: xs.length,
        p50: rank(xs, 0.5),
        p95: rank(xs, 0.95),
        max: Math.max(...xs),
      });
    // Nothing of the other tools' hooks (900 ms and more) is in the event.
    expect((e.data.samples as number[]).every((ms) => ms < 900)).toBe(true);
  });

  it('uses the transcript SessionStart recorded when none is given', () => {
    const file = join(t.dir, 'session.jsonl');
    const want = buildTranscript(file);
    const db = getDb({ env: t.env });
    insertEvent(db, { type: 'session_start', sessionId: 's2', data: { transcriptPath: file } });
    expect(recordHookTiming(db, { sessionId: 's2', env: t.env })).toBe('recorded');
    expect(queryEvents(db, { type: 'hook_timing', sessionId: 's2' })[0]!.data.samples).toEqual(want.ours);
  });

  it('keeps at most the last 1000 samples', () => {
    const { hooks } = fixtureLines();
    const file = join(t.dir, 'long.jsonl');
    const lines: string[] = [];
    for (let i = 0; i < MAX_SAMPLES + 250; i++)
      lines.push(hookLine(hooks[0]!, OURS.node('PostToolUse'), i % 97, 'PostToolUse'));
    writeFileSync(file, lines.join('\n') + '\n');
    const db = getDb({ env: t.env });
    expect(recordHookTiming(db, { sessionId: 's3', transcriptPath: file, env: t.env })).toBe('recorded');
    const e = queryEvents(db, { type: 'hook_timing' })[0]!;
    const samples = e.data.samples as number[];
    expect(samples).toHaveLength(MAX_SAMPLES);
    expect(samples[samples.length - 1]).toBe((MAX_SAMPLES + 249) % 97);
    expect((e.data.byEvent as Record<string, { n: number }>).PostToolUse!.n).toBe(MAX_SAMPLES + 250);
  });

  it('a FIFO, a missing transcript, a folder or one without our hooks → no event, no hang, no throw', () => {
    const db = getDb({ env: t.env });
    const fifo = join(t.dir, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    expect(recordHookTiming(db, { sessionId: 'f', transcriptPath: fifo, env: t.env })).toBe('no-transcript');
    expect(
      recordHookTiming(db, { sessionId: 'm', transcriptPath: join(t.dir, 'nope.jsonl'), env: t.env }),
    ).toBe('no-transcript');
    expect(recordHookTiming(db, { sessionId: 'd', transcriptPath: t.dir, env: t.env })).toBe('no-transcript');
    expect(recordHookTiming(db, { sessionId: 'n', env: t.env })).toBe('no-transcript');
    const others = join(t.dir, 'others.jsonl');
    writeFileSync(
      others,
      fixtureLines()
        .hooks.map((h) => JSON.stringify(h))
        .join('\n') + '\n',
    );
    expect(recordHookTiming(db, { sessionId: 'o', transcriptPath: others, env: t.env })).toBe('no-samples');
    expect(queryEvents(db, { type: 'hook_timing' })).toHaveLength(0);
  });

  it('parses only hook_* attachments with a duration and a command', () => {
    const { hooks } = fixtureLines();
    const h = hooks[0]!;
    const recs = hookRecords([
      hookLine(h, OURS.cli('SessionStart'), 5),
      JSON.stringify({ type: 'attachment', attachment: { type: 'hook_additional_context', hookEvent: 'X' } }),
      JSON.stringify({ type: 'attachment', attachment: { type: 'file', command: 'x', durationMs: 1 } }),
      JSON.stringify({ type: 'user', attachment: { type: 'hook_success', command: 'x', durationMs: 1 } }),
      hookLine(h, OURS.cli('SessionStart'), -1),
      hookLine(h, OURS.cli('SessionStart'), 7, 'bad event!'),
    ]);
    expect(recs).toEqual([
      { hookEvent: 'SessionStart', command: OURS.cli('SessionStart'), durationMs: 5 },
      { hookEvent: 'unknown', command: OURS.cli('SessionStart'), durationMs: 7 },
    ]);
    expect(hookTimingData([])).toBeNull();
  });
});

describe('hookLatency()', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv()));
  afterEach(() => {
    closeDb();
    t.cleanup();
  });

  it('is null without hook_timing events', () => {
    expect(hookLatency(getDb({ env: t.env }))).toBeNull();
  });

  it('p50 / p95 / max over the samples of the recent hook_timing events, with a per-event breakdown', () => {
    const db = getDb({ env: t.env });
    const a = Array.from({ length: 60 }, (_, i) => i + 1); // 1..60
    const b = Array.from({ length: 40 }, (_, i) => 100 + i); // 100..139
    const dataA = hookTimingData(
      a.map((ms) => ({ hookEvent: 'PreToolUse', command: OURS.cli('PreToolUse'), durationMs: ms })),
    )!;
    const dataB = hookTimingData(
      b.map((ms) => ({ hookEvent: 'PostToolUse', command: OURS.cli('PostToolUse'), durationMs: ms })),
    )!;
    insertEvent(db, {
      type: 'hook_timing',
      sessionId: 'a',
      ts: '2026-11-20T00:00:00.000Z',
      data: { ...dataA },
    });
    insertEvent(db, {
      type: 'hook_timing',
      sessionId: 'b',
      ts: '2026-11-21T00:00:00.000Z',
      data: { ...dataB },
    });
    insertEvent(db, { type: 'tool_use', sessionId: 'b', data: { samples: [99999] } } as unknown as NewEvent); // not a hook_timing
    const all = [...a, ...b];
    const l = hookLatency(db)!;
    expect(l).toMatchObject({ n: 100, p50: rank(all, 0.5), p95: rank(all, 0.95), max: 139, sessions: 2 });
    expect(l.p50).toBe(51);
    expect(l.p95).toBe(135);
    expect(l.byEvent.PreToolUse).toEqual({ n: 60, p50: rank(a, 0.5), p95: rank(a, 0.95), max: 60 });
    expect(l.byEvent.PostToolUse).toEqual({ n: 40, p50: rank(b, 0.5), p95: rank(b, 0.95), max: 139 });
    // Only the most recent sessions are read.
    expect(hookLatency(db, { sessions: 1 })).toMatchObject({
      n: 40,
      p50: rank(b, 0.5),
      max: 139,
      sessions: 1,
    });
  });
});

describe('through the real SessionEnd hook and the detached worker', () => {
  it('SessionEnd with transcript_path → the worker stores one hook_timing event', async () => {
    const t = tempEnv();
    try {
      const file = join(t.dir, 'session.jsonl');
      const want = buildTranscript(file);
      const env = { ...t.env, SELF_GEN_NO_DAEMON: '1' };
      const end = {
        hook_event_name: 'SessionEnd',
        session_id: 'bg-hook-timing',
        transcript_path: file,
        cwd: t.project,
        reason: 'other',
      };
      const r = await runHook('SessionEnd', end, env);
      expect(r).toMatchObject({ code: 0, stdout: '' });
      const dbFile = join(t.home, 'data', 'self-gen.db');
      let rows: { data: string }[] = [];
      for (let i = 0; i < 1200 && rows.length === 0; i++) {
        await new Promise((res) => setTimeout(res, 100));
        const db = new Database(dbFile, { readonly: true });
        rows = db.prepare(`SELECT data FROM events WHERE type = 'hook_timing'`).all() as { data: string }[];
        db.close();
      }
      expect(rows).toHaveLength(1);
      expect((JSON.parse(rows[0]!.data) as { samples: number[] }).samples).toEqual(want.ours);
    } finally {
      t.cleanup();
    }
  });
});
