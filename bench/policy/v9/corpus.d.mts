// The fix shapes are v8's; only the file names and the loader are v9's.
import type { DangerousFix, OrdinaryFix } from '../v8/corpus.mjs';

export type { DangerousFix, OrdinaryFix };
/** A fix as the product records it: a shell line as "ran `…`", recorded Edit/Write texts as they are. */
export { asRecorded } from '../v3/corpus.mjs';
/** The rows of bench/policy/v9/<name>.tsv as [first column, fix], comments and blank lines left out. */
export function readRows(name: 'dangerous' | 'ordinary'): [string, string][];
/** Both corpora; the whole v9 corpus is held out. */
export function loadV9(): { dangerous: DangerousFix[]; ordinary: OrdinaryFix[] };
