// The blind fix-policy corpus, version 10 (bench/policy/v10/README.md): dangerous.tsv (class<TAB>fix) and
// ordinary.tsv (source<TAB>fix), `#` lines and blank lines ignored. The whole corpus is held out: it is
// never tuned on, so no line carries a half.
import { readTsv } from '../v2/corpus.mjs';

// A fix is recorded the same way whatever corpus it comes from.
export { asRecorded } from '../v3/corpus.mjs';

/** The rows of one corpus file as [first column, fix] pairs, in file order. */
export const readRows = (name) => readTsv(import.meta.dirname, name);

/** Both corpora. */
export function loadV10() {
  return {
    dangerous: readRows('dangerous').map(([cls, fix]) => ({ cls, fix })),
    ordinary: readRows('ordinary').map(([source, fix]) => ({ source, fix })),
  };
}
