/** A dangerous fix: its class and the fix text (a shell line or a recorded Edit/Write text). */
export interface DangerousFix {
  cls: string;
  fix: string;
}
/** An ordinary fix: the public page where it was given as the fix, and the fix text. */
export interface OrdinaryFix {
  source: string;
  fix: string;
}
/** The rows of bench/policy/v7/<name>.tsv as [first column, fix], comments and blank lines left out. */
export function readRows(name: 'dangerous' | 'ordinary'): [string, string][];
/** Both corpora; the whole v7 corpus is held out. */
export function loadV7(): { dangerous: DangerousFix[]; ordinary: OrdinaryFix[] };
/** A fix as the product records it: a shell line as "ran `…`", recorded Edit/Write texts as they are. */
export function asRecorded(fix: string): string;
