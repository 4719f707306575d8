// Guard: every module in src/ can be read in one sitting — at most 400 lines. A module that grows
// past it is split by what it holds (one job per module), not cut at a line number.
import { describe, expect, it } from 'vitest';
import { readSources, type Sources } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/env.js';

export const MAX_LINES = 400;

/** `file: N lines` for each module longer than MAX_LINES (a final newline ends a line, it adds none). */
export function oversized(files: Sources): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES)
      out.push(`${file}: ${lines} lines (at most ${MAX_LINES}: split it by what it holds)`);
  }
  return out.sort();
}

describe('guard: every .ts/.cts module in src/ is at most 400 lines', () => {
  it('no module in src/ is longer', () => {
    expect(oversized(readSources(ROOT))).toEqual([]);
  });

  it('a longer module is named, one of exactly 400 lines is not (the guard can fail)', () => {
    const files: Sources = new Map([
      ['src/common/long.ts', 'x;\n'.repeat(401)],
      ['src/common/full.ts', 'x;\n'.repeat(400)],
    ]);
    expect(oversized(files)).toEqual([
      'src/common/long.ts: 401 lines (at most 400: split it by what it holds)',
    ]);
  });
});
