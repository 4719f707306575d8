// One owner for the names of read-only shell programs: src/common/shell-words.ts. No other module
// under src/ declares its own list of them (a string list or a regex alternation naming three or
// more of ls, cat, grep…), so the inspection (error-kb, fix-policy) and navigation (shared-context) lists
// cannot drift apart again. Run on src/ and on a planted violation (so it is shown to fail).
import { describe, expect, it } from 'vitest';
import { readSources, type Sources } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/env.js';
import { FILE_READERS, READ_ONLY_PROGRAMS } from '../../src/common/shell-words.js';

const OWNER = 'src/common/shell-words.ts';
const MARKERS = new Set([
  'ls',
  'cat',
  'head',
  'tail',
  'grep',
  'rg',
  'find',
  'wc',
  'pwd',
  'less',
  'stat',
  'tree',
]);

/** Lists of string literals (`['ls', 'cat', …]`, comments allowed between items) and regex alternations (`ls|cat|…`). */
const STRING_LIST = /\[((?:\s*(?:\/\/[^\n]*\n\s*)*(?:'[^'\n]*'|"[^"\n]*")\s*,?)+)\s*(?:\/\/[^\n]*\n\s*)*\]/g;
const ALTERNATION = /[\w.[-]+(?:\|[\w.[-]+){2,}/g;

/** `file:line: …` for each list of read-only program names outside the owner. */
export function ownListViolations(files: Sources): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    if (file === OWNER) continue;
    const found = (index: number, names: string[]) => {
      const hits = names.filter((n) => MARKERS.has(n));
      if (new Set(hits).size < 3) return;
      const line = text.slice(0, index).split('\n').length;
      out.push(`${file}:${line}: its own list of read-only programs (${hits.join(', ')}): use ${OWNER}`);
    };
    for (const m of text.matchAll(STRING_LIST))
      found(
        m.index,
        [...m[1]!.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)].map((s) => s[1] ?? s[2] ?? ''),
      );
    for (const m of text.matchAll(ALTERNATION)) found(m.index, m[0].split('|'));
  }
  return out.sort();
}

describe('guard: one owner for the read-only shell program names (src/common/shell-words.ts)', () => {
  it('no module under src/ but the owner declares a list of them', () => {
    expect(ownListViolations(readSources(ROOT))).toEqual([]);
  });

  it('the check finds the owner’s own lists, and a planted list or alternation elsewhere (it can fail)', () => {
    const files = readSources(ROOT);
    const owner = files.get(OWNER)!;
    expect(ownListViolations(new Map([['src/x/owner-copy.ts', owner]])).length).toBeGreaterThanOrEqual(2);
    files.set(
      'src/shared-context/extract.ts',
      `${files.get('src/shared-context/extract.ts')}\nconst NAV = new Set([\n  'ls',\n  // comment\n  'cat',\n  "grep",\n]);\nconst RE = /^(?:ls|cat|head)\\b/;\n`,
    );
    const lines = files.get('src/shared-context/extract.ts')!.split('\n').length;
    expect(ownListViolations(files)).toEqual([
      `src/shared-context/extract.ts:${lines - 7}: its own list of read-only programs (ls, cat, grep): use ${OWNER}`,
      `src/shared-context/extract.ts:${lines - 1}: its own list of read-only programs (ls, cat, head): use ${OWNER}`,
    ]);
  });

  it('navigation (shared-context) is a part of inspection (error-kb): a file reader only looks', () => {
    for (const p of FILE_READERS) expect(READ_ONLY_PROGRAMS.has(p), p).toBe(true);
  });
});
