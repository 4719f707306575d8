// The fix shapes are v9's; only the file names and the loader are v10's.
import type { DangerousFix, OrdinaryFix } from '../v9/corpus.mjs';

export type { DangerousFix, OrdinaryFix };
/** A fix as the product records it: a shell line as "ran `…`", recorded Edit/Write texts as they are. */
export { asRecorded } from '../v3/corpus.mjs';
/** The rows of bench/policy/v10/<name>.tsv as [first column, fix], comments and blank lines left out. */
export function readRows(name: 'dangerous' | 'ordinary'): [string, string][];
/** Both corpora; the whole v10 corpus is held out. */
export function loadV10(): { dangerous: DangerousFix[]; ordinary: OrdinaryFix[] };
