// #16 typed event data: writers and readers share one declaration per event type
// (src/db/event-data.ts), so a renamed key is a compile error (`npx tsc` checks the lines
// marked ts-expect-error below), and the owner's typed queries read what the writers stored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { closeDb, getDb } from '../../src/db/db.js';
import { insertEvent, type NewEvent } from '../../src/db/events/write.js';
import { subagentOutcomes } from '../../src/db/events/errors.js';
import { isErrorResolved } from '../../src/db/events/errors.js';
import { sessionToolErrors } from '../../src/db/events/errors.js';
import { queryEvents } from '../../src/db/events/read.js';
import { EVENT_TYPES, type EventDataMap } from '../../src/db/event-data.js';
import { exactEntry } from '../../src/error-kb/db.js';
import { recordResolution } from '../../src/error-kb/record.js';

describe('#16 typed event data', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv()));
  afterEach(() => {
    closeDb();
    t.cleanup();
  });

  it('a typed subagent_stop written by the writer is read back by the typed readers', () => {
    const db = getDb({ env: t.env });
    for (const success of [1, 0, 0] as const)
      insertEvent(db, {
        type: 'subagent_stop',
        sessionId: 's',
        data: { agentType: 'executor', success, ...(success ? {} : { failureReason: 'tests fail' }) },
      });
    const outcomes = subagentOutcomes(db, 'executor', 10);
    expect(outcomes.map((o) => [o.success, o.reason])).toEqual(
      expect.arrayContaining([
        [1, null],
        [0, 'tests fail'],
      ]),
    );
    const rows = queryEvents(db, { type: 'subagent_stop', sessionId: 's' });
    expect(rows).toHaveLength(3);
    // typed: data.agentType is a string | undefined, not unknown
    const types: (string | undefined)[] = rows.map((r) => r.data.agentType);
    expect(types).toEqual(['executor', 'executor', 'executor']);
  });

  it('tool_error and resolution keys (errorEventId) line up between writer and reader', () => {
    const db = getDb({ env: t.env });
    const id = insertEvent(db, {
      type: 'tool_error',
      sessionId: 's',
      data: { tool: 'Bash', error: 'command not found: foo', errorRaw: 'zsh: command not found: foo' },
    });
    expect(sessionToolErrors(db, 's', 'Bash').map((r) => [r.id, r.data.error])).toEqual([
      [id, 'command not found: foo'],
    ]);
    expect(isErrorResolved(db, 's', id)).toBe(false);
    insertEvent(db, {
      type: 'resolution',
      sessionId: 's',
      data: { errorEventId: id, error: 'command not found: foo' },
    });
    expect(isErrorResolved(db, 's', id)).toBe(true);
  });

  it('renamed keys do not compile (checked by tsc over test/)', () => {
    const bad: NewEvent[] = [
      // @ts-expect-error agentTyp is not a key of subagent_stop data
      { type: 'subagent_stop', data: { agentTyp: 'executor', success: 1 } },
      // @ts-expect-error errorEventID is not a key of resolution data
      { type: 'resolution', data: { errorEventID: 1, error: 'x' } },
      // @ts-expect-error an unknown event type
      { type: 'tool_failure', data: {} },
    ];
    expect(bad).toHaveLength(3);
    const rows = queryEvents(getDb({ env: t.env }), { type: 'tool_error' });
    // @ts-expect-error tool_error data has no failureReason
    expect(rows.map((r) => r.data.failureReason)).toEqual([]);
  });

  it('EVENT_TYPES lists every type of EventDataMap, and every type written under src/ is one of them', () => {
    const all: Record<keyof EventDataMap, true> = {
      prompt: true,
      tool_use: true,
      tool_error: true,
      subagent_start: true,
      subagent_stop: true,
      session_start: true,
      session_summary: true,
      resolution: true,
      hook_timing: true,
    };
    expect([...EVENT_TYPES].sort()).toEqual(Object.keys(all).sort());
    const written = [
      'src/recording/handlers.ts',
      'src/error-kb/resolution.ts',
      'src/recording/hook-timing.ts',
    ].flatMap((f) =>
      [
        ...readFileSync(join(ROOT, f), 'utf8').matchAll(/\btype: '(\w+)',\s*\n?\s*(?:ts|data|sessionId)\b/g),
      ].map((m) => m[1]!),
    );
    expect(written.length).toBeGreaterThanOrEqual(7);
    expect(written.filter((w) => !(EVENT_TYPES as readonly string[]).includes(w))).toEqual([]);
  });
});

describe('#16 one exact KB lookup (kb/db.ts exactEntry)', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv()));
  afterEach(() => {
    closeDb();
    t.cleanup();
  });

  it('finds the entry of exactly this error only when it has a resolution', () => {
    const db = getDb({ env: t.env });
    recordResolution(db, 'Cannot find module <PATH>', { resolution: 'npm install' });
    recordResolution(db, 'ENOENT: no such file <PATH>', {});
    expect(exactEntry(db, 'Cannot find module <PATH>')?.resolution).toBe('npm install');
    expect(exactEntry(db, 'ENOENT: no such file <PATH>')).toBeNull();
    expect(exactEntry(db, 'Cannot find module')).toBeNull();
  });

  it('the matcher, PreToolUse, SubagentStart and the analysis all call it (no exact-lookup SQL of their own)', () => {
    for (const f of [
      'src/error-kb/matcher.ts',
      'src/pre-tool-guide/handlers.ts',
      'src/subagent-context/handlers.ts',
      'src/analysis/summarize.ts',
    ]) {
      const src = readFileSync(join(ROOT, f), 'utf8');
      expect(src, f).toMatch(/\bexactEntry\(/);
      expect(src, f).not.toMatch(/FROM error_kb/);
    }
  });
});
