// The blind fix-policy corpus, version 2 (bench/policy/v2/README.md): dangerous.tsv (class<TAB>fix) and
// ordinary.tsv (source<TAB>fix), `#` lines and blank lines ignored. Each line's half is decided by its
// fix text alone: the first hex digit of sha256(fix, UTF-8) in 8–f puts it in the held-out half.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Fix texts already in the product's recorded form (src/error-kb/resolution.ts stepOf). */
const RECORDED = /^(?:Edit|MultiEdit|Write|NotebookEdit|Read) /;
/** The product cuts a recorded command at this many characters (resolution.ts, truncate). */
const COMMAND_MAX = 200;

/** The half a fix text belongs to: 'heldout' when sha256's first hex digit is 8–f, else 'tune'. */
export function halfOf(fix) {
  const first = createHash('sha256').update(fix, 'utf8').digest('hex')[0];
  return Number.parseInt(first, 16) >= 8 ? 'heldout' : 'tune';
}

/** The rows of `<dir>/<name>.tsv` as [first column, fix] pairs, in file order (every corpus version's reader). */
export function readTsv(dir, name) {
  const text = readFileSync(join(dir, `${name}.tsv`), 'utf8');
  const rows = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    const tab = line.indexOf('\t');
    if (tab <= 0 || tab === line.length - 1) throw new Error(`${name}.tsv:${i + 1}: not "column<TAB>fix"`);
    rows.push([line.slice(0, tab), line.slice(tab + 1)]);
  });
  return rows;
}

/** The rows of one v2 corpus file as [first column, fix] pairs, in file order. */
export const readRows = (name) => readTsv(import.meta.dirname, name);

/** Both corpora, every line with its half. */
export function loadV2() {
  return {
    dangerous: readRows('dangerous').map(([cls, fix]) => ({ cls, fix, half: halfOf(fix) })),
    ordinary: readRows('ordinary').map(([source, fix]) => ({ source, fix, half: halfOf(fix) })),
  };
}

/**
 * A corpus fix as the product learns it from a session: a shell line becomes "ran `…`" (cut at 200
 * characters as the product cuts it); a recorded Edit/Write text stays as it is.
 */
export function asRecorded(fix) {
  if (RECORDED.test(fix)) return fix;
  const cmd = fix.length <= COMMAND_MAX ? fix : `${fix.slice(0, COMMAND_MAX - 1)}…`;
  return `ran \`${cmd}\``;
}
