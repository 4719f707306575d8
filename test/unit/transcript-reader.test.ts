// #16: one transcript reader, and a transcript read and parsed once per hook however many parts look at
// it (SubagentStop: the outcome judge and the shared-context extraction), never a stale one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTailLines, summarizeTranscript } from '../../src/common/transcript.js';

const line = (id: string, text: string) =>
  JSON.stringify({
    type: 'assistant',
    message: { role: 'assistant', content: [{ type: 'text', text }], stop_reason: 'end_turn' },
    uuid: id,
  });

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sg-transcript-'));
  file = join(dir, 'agent.jsonl');
  writeFileSync(file, `${line('1', 'first')}\n${line('2', 'second')}\n`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('#16 the one transcript reader', () => {
  it('an unchanged transcript is read and parsed once (the same lines, the same summary)', () => {
    const a = readTailLines(file, 500);
    const b = readTailLines(file, 500);
    expect(b).toBe(a);
    expect(summarizeTranscript(b)).toBe(summarizeTranscript(a));
    expect(summarizeTranscript(a).finalText).toBe('second');
    expect(readTailLines(file, 1)).toEqual([a[1]]);
  });

  it('a transcript that grew or was replaced is read again, never answered from the memo', () => {
    const a = readTailLines(file, 500);
    appendFileSync(file, `${line('3', 'third')}\n`);
    const b = readTailLines(file, 500);
    expect(b).not.toBe(a);
    expect(summarizeTranscript(b).finalText).toBe('third');
    rmSync(file);
    expect(readTailLines(file, 500)).toEqual([]);
    writeFileSync(file, `${line('9', 'other')}\n`);
    expect(summarizeTranscript(readTailLines(file, 500)).finalText).toBe('other');
  });
});
