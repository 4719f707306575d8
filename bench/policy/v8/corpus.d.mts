// The fix shapes are v7's; only the file names and the loader are v8's.
import type { DangerousFix, OrdinaryFix } from '../v7/corpus.mjs';

export type { DangerousFix, OrdinaryFix };
/** A fix as the product records it: a shell line as "ran `…`", recorded Edit/Write texts as they are. */
export { asRecorded } from '../v3/corpus.mjs';
/** The rows of bench/policy/v8/<name>.tsv as [first column, fix], comments and blank lines left out. */
export function readRows(name: 'dangerous' | 'ordinary'): [string, string][];
/** Both corpora; the whole v8 corpus is held out. */
export function loadV8(): { dangerous: DangerousFix[]; ordinary: OrdinaryFix[] };
