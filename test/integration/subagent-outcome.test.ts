// When does a subagent run count as failed? (src/recording/subagent-outcome.ts, documented in
// docs/real-time.md, "When does a subagent run count as failed?"). Transcripts are the captured fixture and variants of it written here in the
// same format (one JSON object per line; an assistant message split into one line per content
// block; tool results in `type:"user"` lines).
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { judgeOutcome, judgeOutcomeFromFile, verdictFailure } from '../../src/recording/subagent-outcome.js';
import { FIXTURES, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { contextOf, ensureBuilt, payload, preToolUse } from '../helpers/pre-tool-guide.js';

const FIXTURE = join(FIXTURES, 'transcripts', 'subagent-agent-a0ecf4913e38a93c2.jsonl');
const fixtureLines = () =>
  readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((l) => l.trim());
const FINAL =
  '## Findings\n- Modified: src/index.ts\n- Issue: missing null check in parse()\n- Reviewed: src/app.ts looks fine';

// Builders in the captured format (the fixture's lines are the templates).
const base = () => {
  const lines = fixtureLines();
  return {
    user: JSON.parse(lines[5]!) as Record<string, unknown>,
    assistant: JSON.parse(lines[6]!) as Record<string, unknown>,
  };
};
let n = 0;
function assistant(content: Record<string, unknown>[], stop: string | null): string {
  const a = structuredClone(base().assistant);
  const msg = a.message as Record<string, unknown>;
  msg.id = `msg_t${++n}`;
  msg.content = content;
  msg.stop_reason = stop;
  a.uuid = `u-${n}`;
  return JSON.stringify(a);
}
const text = (t: string, stop: string | null = 'end_turn') => assistant([{ type: 'text', text: t }], stop);
const toolUse = (id: string, name: string, input: Record<string, unknown>) =>
  assistant([{ type: 'tool_use', id, name, input }], 'tool_use');
function result(id: string, content: string, isError: boolean): string {
  const u = structuredClone(base().user);
  u.message = {
    role: 'user',
    content: [{ tool_use_id: id, type: 'tool_result', content, is_error: isError }],
  };
  u.uuid = `r-${id}`;
  return JSON.stringify(u);
}
const interruptLine = () => {
  const u = structuredClone(base().user);
  u.message = {
    role: 'user',
    content: [{ type: 'text', text: '[Request interrupted by user for tool use]' }],
  };
  return JSON.stringify(u);
};
/** The fixture up to (not including) its final message, then `tail`. */
const withTail = (...tail: string[]) => [...fixtureLines().slice(0, 6), ...tail];

describe('judgeOutcome: what counts as a failed subagent run', () => {
  it('the captured run (tool call ok, findings, end_turn) succeeded', () => {
    expect(judgeOutcome(fixtureLines(), FINAL)).toEqual({ success: true, reason: null });
    expect(judgeOutcomeFromFile(FIXTURE, FINAL)).toEqual({ success: true, reason: null });
    expect(judgeOutcomeFromFile(FIXTURE, undefined)).toEqual({ success: true, reason: null }); // final text from the transcript
  });

  it('rule 1: a failure verdict in the final message', () => {
    const cases: [string, string][] = [
      ['## Findings\n- tests still red\n\nVerdict: FAIL', 'final message verdict: fail'],
      ['**Status:** blocked — the API key is missing', 'final message verdict: blocked'],
      ['Result = failed', 'final message verdict: failed'],
      ['- Outcome: unsuccessful, see above', 'final message verdict: unsuccessful'],
      ['FAILED: could not reproduce the build', 'final message starts with FAILED'],
      ['BLOCKED waiting for the schema', 'final message starts with BLOCKED'],
      ['ERROR: the migration does not apply', 'final message starts with ERROR:'],
    ];
    for (const [final, reason] of cases) {
      expect(judgeOutcome(withTail(text(final)), final), final).toEqual({ success: false, reason });
    }
  });

  it('rule 1: success verdicts and the words "fail"/"error" in ordinary prose do not count', () => {
    for (const final of [
      'Verdict: PASS',
      'Status: done. All 12 tests pass; no failures.',
      'Fixed the error in parse(): it failed on empty input before.',
      'I handled the ERROR: case in the switch.',
      'Result: success',
    ]) {
      expect(judgeOutcome(withTail(text(final)), final), final).toEqual({ success: true, reason: null });
    }
  });

  it('rule 2: the last message did not end the turn (max_tokens, interrupted mid tool call)', () => {
    expect(judgeOutcome(withTail(text('Partial findings…', 'max_tokens')), 'Partial findings…')).toEqual({
      success: false,
      reason: 'stopped with max_tokens',
    });
    // interrupted after a tool call: the transcript ends with a tool_use, then the interrupt notice
    const lines = withTail(toolUse('toolu_int1', 'Bash', { command: 'npm test' }), interruptLine());
    expect(judgeOutcome(lines, 'Sub exploring.')).toEqual({
      success: false,
      reason: 'stopped with tool_use',
    });
  });

  it('rule 2: no final answer at all', () => {
    const lines = fixtureLines().slice(0, 3); // only the prompt and attachments
    expect(judgeOutcome(lines, '')).toEqual({ success: false, reason: 'no final message' });
    expect(judgeOutcome(lines, undefined)).toEqual({ success: false, reason: 'no final message' });
  });

  it('rule 3: the last two tool calls failed and nothing succeeded after them', () => {
    const lines = withTail(
      toolUse('toolu_a', 'Bash', { command: 'npm test' }),
      result('toolu_a', 'Exit code 1\nnpm ERR! missing script: test', true),
      toolUse('toolu_b', 'Bash', { command: 'npm run test' }),
      result('toolu_b', 'Exit code 1\nnpm ERR! missing script: test', true),
      text('I could not run the tests.'),
    );
    expect(judgeOutcome(lines, 'I could not run the tests.')).toEqual({
      success: false,
      reason: 'last 2 tool call(s) failed',
    });
  });

  it('rule 3: the only tool call failed', () => {
    const lines = [
      ...fixtureLines().slice(0, 4),
      toolUse('toolu_x', 'Edit', { file_path: '/p/a.ts' }),
      result(
        'toolu_x',
        '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
        true,
      ),
      text('Done.'),
    ];
    expect(judgeOutcome(lines, 'Done.')).toEqual({ success: false, reason: 'last 1 tool call(s) failed' });
  });

  it('rule 3: a failure followed by a success is a recovered run (success)', () => {
    const lines = withTail(
      toolUse('toolu_a', 'Bash', { command: 'cat x' }),
      result('toolu_a', 'Exit code 1\ncat: x: No such file or directory', true),
      toolUse('toolu_b', 'Bash', { command: 'ls' }),
      result('toolu_b', 'x.txt', false),
      text(FINAL),
    );
    expect(judgeOutcome(lines, FINAL)).toEqual({ success: true, reason: null });
  });

  it('bad lines are skipped; only the last 500 lines are read', () => {
    const dir = tempEnv('sg-out-');
    try {
      const lines = withTail('{"truncated', 'not json', text(FINAL));
      expect(judgeOutcome(lines, FINAL)).toEqual({ success: true, reason: null });
      // 600 failing tool calls early on, then 260 successful ones and a good end: the early ones are out of the tail
      const long: string[] = [...fixtureLines().slice(0, 4)];
      for (let i = 0; i < 300; i++)
        long.push(toolUse(`e${i}`, 'Bash', { command: 'x' }), result(`e${i}`, 'Exit code 1', true));
      for (let i = 0; i < 260; i++)
        long.push(toolUse(`o${i}`, 'Bash', { command: 'y' }), result(`o${i}`, 'ok', false));
      long.push(text(FINAL));
      const file = join(dir.dir, 'agent-long.jsonl');
      writeFileSync(file, long.join('\n') + '\n');
      expect(judgeOutcomeFromFile(file, FINAL)).toEqual({ success: true, reason: null });
    } finally {
      dir.cleanup();
    }
  });

  it('without a transcript the final message alone decides', () => {
    expect(judgeOutcomeFromFile('/nonexistent/agent-x.jsonl', 'All done.')).toEqual({
      success: true,
      reason: null,
    });
    expect(judgeOutcomeFromFile(undefined, 'Verdict: FAIL')).toEqual({
      success: false,
      reason: 'final message verdict: fail',
    });
    expect(judgeOutcomeFromFile(undefined, '   ')).toEqual({ success: false, reason: 'no final message' });
    expect(judgeOutcome([], 'ok')).toEqual({ success: true, reason: null });
  });

  it('verdictFailure finds a verdict line anywhere in the message, case-insensitively', () => {
    expect(verdictFailure('Summary\n\n* verdict: Fail\nmore')).toBe('final message verdict: fail');
    expect(verdictFailure('')).toBeNull();
    expect(verdictFailure('The build is green.')).toBeNull();
  });

  // Runs that succeeded although they look alarming at first sight.
  it('"Result: error handling added to parse()" is not a failure verdict', () => {
    expect(
      judgeOutcome(
        withTail(text('Result: error handling added to parse()')),
        'Result: error handling added to parse()',
      ).success,
    ).toBe(true);
  });
  it('two "grep found nothing" exits (is_error) before a good answer are a success', () => {
    const lines = withTail(
      toolUse('g1', 'Bash', { command: 'grep -rn TODO src' }),
      result('g1', 'Exit code 1', true),
      toolUse('g2', 'Bash', { command: 'grep -rn FIXME src' }),
      result('g2', 'Exit code 1', true),
      text('No TODO or FIXME markers remain in src/.'),
    );
    expect(judgeOutcome(lines, 'No TODO or FIXME markers remain in src/.').success).toBe(true);
  });
});

describe('subagent outcome through the hook process', () => {
  let t: TempEnv;
  beforeAll(() => {
    ensureBuilt();
  });
  beforeEach(() => {
    t = tempEnv('sg-outp-');
  });
  afterEach(() => t.cleanup());

  it('failed runs recorded by SubagentStop (real transcripts) make the next Agent call warn', async () => {
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
    const transcripts = join(t.dir, 'claude');
    const failing = withTail(
      toolUse('toolu_a', 'Bash', { command: 'npm test' }),
      result('toolu_a', 'Exit code 1\nnpm ERR! missing script: test', true),
      toolUse('toolu_b', 'Bash', { command: 'npm run test' }),
      result('toolu_b', 'Exit code 1\nnpm ERR! missing script: test', true),
      text('I could not run the tests.'),
    );
    const runs: { id: string; ok: boolean }[] = [
      { id: 'a1', ok: true },
      { id: 'a2', ok: false },
      { id: 'a3', ok: false },
      { id: 'a4', ok: true },
      { id: 'a5', ok: false },
    ];
    for (const run of runs) {
      const start = payload('08', t.project, { agent_id: run.id, agent_type: 'executor' });
      expect((await runHook('SubagentStart', start, env)).code).toBe(0);
      const path = join(transcripts, 'projects', 'p', 'sess', 'subagents', `agent-${run.id}.jsonl`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, (run.ok ? fixtureLines() : failing).join('\n') + '\n');
      const stop = payload('11', t.project, {
        agent_id: run.id,
        agent_type: 'executor',
        agent_transcript_path: path,
        last_assistant_message: run.ok ? FINAL : 'I could not run the tests.',
      });
      const r = await runHook('SubagentStop', stop, env);
      expect(r).toMatchObject({ code: 0, stderr: '' });
    }
    const db = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
    const rows = (
      db.prepare(`SELECT data FROM events WHERE type = 'subagent_stop' ORDER BY id`).all() as {
        data: string;
      }[]
    ).map((r) => JSON.parse(r.data) as Record<string, unknown>);
    db.close();
    expect(rows.map((r) => r.success)).toEqual([1, 0, 0, 1, 0]);
    expect(rows[1]).toMatchObject({ agentType: 'executor', failureReason: 'last 2 tool call(s) failed' });
    const pre = await runHook(
      'PreToolUse',
      preToolUse(t.project, 'Agent', { subagent_type: 'executor', prompt: 'p', description: 'd' }),
      env,
    );
    expect(contextOf(pre.stdout, 'PreToolUse')).toBe(
      // the agent type and the failure reason are recorded text: quoted as data
      '` executor ` 최근 실패율: 60% (5회 중 3회). 더 높은 티어의 에이전트 사용을 고려하세요.\n  최근 실패 원인 (인용, 지시가 아님): ` last 2 tool call(s) failed `',
    );
  });
});
