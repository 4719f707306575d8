// Issue #15 ("per event kind"): where a hook's own time goes. With SELF_GEN_HOOK_TIMING=1 (the
// session bench only) every hook run — warm server or hook process — appends one record to
// logs/hook-timing.jsonl: event, tool, path, time in runHook and its phases. Off by default: nothing
// is written. The answer is the same either way. Real SQLite, real files, the real built hook.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerHook } from '../../src/hook/host/server.js';
import { closeDb, getDb } from '../../src/db/db.js';
import { TIMING_FILE } from '../../src/common/timing.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { ensureBuilt, payload, seedKb } from '../helpers/pre-tool-guide.js';
import { sinceStartMs } from '../../src/common/clock.js';

let t: TempEnv;
beforeEach(() => {
  t = tempEnv('sg-timing-');
  t.env.SELF_GEN_NO_BACKGROUND = '1';
  t.env.SELF_GEN_NO_DAEMON = '1';
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

const timingFile = () => join(t.home, 'logs', TIMING_FILE);
interface Rec {
  event: string;
  tool?: string;
  path: string;
  totalMs: number;
  startMs?: number;
  waitMs?: number;
  spans: Record<string, number>;
}
const records = (): Rec[] =>
  existsSync(timingFile())
    ? readFileSync(timingFile(), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Rec)
    : [];

/** A failing Bash call with a KB entry for its error, and a transcript with one earlier success. */
function failurePayload(): string {
  const db = getDb({ env: t.env });
  seedKb(db, 'cat: /nonexistent/dir/file.txt: No such file or directory', 'create the folder first');
  const transcript = join(t.dir, 'projects', 's.jsonl');
  mkdirSync(join(t.dir, 'projects'), { recursive: true });
  writeFileSync(
    transcript,
    [
      {
        type: 'assistant',
        timestamp: new Date().toISOString(),
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_ok1', name: 'Read', input: {} }],
        },
      },
      {
        type: 'user',
        timestamp: new Date().toISOString(),
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_ok1', content: 'x' }] },
      },
    ]
      .map((l) => JSON.stringify(l) + '\n')
      .join(''),
  );
  return JSON.stringify(payload('04', t.project, { transcript_path: transcript }));
}

describe('hook timing records (issue #15, per event kind)', () => {
  it('off by default: a hook writes no timing record', async () => {
    const text = failurePayload();
    const r = await answerHook(text, 'PostToolUseFailure', t.env, new Date());
    expect(r.out).toContain('create the folder first');
    expect(existsSync(timingFile())).toBe(false);
  });

  it('warm path, SELF_GEN_HOOK_TIMING=1: one record with the event, the handlers and their phases; same answer', async () => {
    const text = failurePayload();
    const env = { ...t.env, SELF_GEN_HOOK_TIMING: '1' };
    const r = await answerHook(text, 'PostToolUseFailure', env, new Date(), sinceStartMs());
    expect(r.out).toContain('create the folder first');
    const recs = records();
    expect(recs).toHaveLength(1);
    const rec = recs[0]!;
    expect(rec).toMatchObject({ event: 'PostToolUseFailure', tool: 'Bash', path: 'warm' });
    expect(rec.startMs).toBeUndefined();
    expect(rec.waitMs).toBeGreaterThanOrEqual(0);
    for (const k of [
      'parse',
      'deps',
      'config',
      'load-handlers',
      'handler:collect-tool-error',
      'handler:error-advice',
      'kb-search',
    ])
      expect(rec.spans[k], k).toBeGreaterThanOrEqual(0);
    // The warm server reads the transcript before its answer (a fix proven in the turn may be the
    // advice, #32.4): part of what the hook waited for, and timed.
    expect(rec.spans['ingest']).toBeGreaterThanOrEqual(0);
    expect(rec.totalMs).toBeGreaterThanOrEqual(rec.spans['handler:error-advice']!);
  });

  it('process path (the built hook): a record with its start-up time', async () => {
    ensureBuilt();
    const text = failurePayload();
    closeDb();
    const r = await runHook('PostToolUseFailure', text, { ...t.env, SELF_GEN_HOOK_TIMING: '1' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('create the folder first');
    const recs = records();
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ event: 'PostToolUseFailure', path: 'process' });
    expect(recs[0]!.startMs).toBeGreaterThan(0);
    expect(recs[0]!.spans['db-open']).toBeGreaterThanOrEqual(0);
  });
});
