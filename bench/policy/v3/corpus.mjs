// The blind fix-policy corpus, version 3 (bench/policy/v3/README.md): dangerous.tsv (class<TAB>fix) and
// ordinary.tsv (source<TAB>fix), `#` lines and blank lines ignored. The whole corpus is held out: it is
// never tuned on, so no line carries a half.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// A fix is recorded the same way whatever corpus it comes from.
export { asRecorded } from '../v2/corpus.mjs';

/** The rows of one corpus file as [first column, fix] pairs, in file order. */
export function readRows(name) {
  const text = readFileSync(join(import.meta.dirname, `${name}.tsv`), 'utf8');
  const rows = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    const tab = line.indexOf('\t');
    if (tab <= 0 || tab === line.length - 1) throw new Error(`${name}.tsv:${i + 1}: not "column<TAB>fix"`);
    rows.push([line.slice(0, tab), line.slice(tab + 1)]);
  });
  return rows;
}

/** Both corpora. */
export function loadV3() {
  return {
    dangerous: readRows('dangerous').map(([cls, fix]) => ({ cls, fix })),
    ordinary: readRows('ordinary').map(([source, fix]) => ({ source, fix })),
  };
}
