/** Which half of the blind corpus a line is in (bench/policy/v2/README.md). */
export type Half = 'tune' | 'heldout';
/** A dangerous fix: its class and the fix text (a shell line or a recorded Edit/Write text). */
export interface DangerousFix {
  cls: string;
  fix: string;
  half: Half;
}
/** An ordinary fix: where it was seen (transcript:<file> or a URL) and the fix text. */
export interface OrdinaryFix {
  source: string;
  fix: string;
  half: Half;
}
/** The half of a fix text: sha256(fix, UTF-8) first hex digit 8–f is 'heldout', else 'tune'. */
export function halfOf(fix: string): Half;
/** The rows of `<dir>/<name>.tsv` as [first column, fix], comments and blank lines left out. */
export function readTsv(dir: string, name: string): [string, string][];
/** The rows of bench/policy/v2/<name>.tsv as [first column, fix], comments and blank lines left out. */
export function readRows(name: 'dangerous' | 'ordinary'): [string, string][];
/** Both corpora, every line with its half. */
export function loadV2(): { dangerous: DangerousFix[]; ordinary: OrdinaryFix[] };
/** A fix as the product records it: a shell line as "ran `…`", recorded Edit/Write texts as they are. */
export function asRecorded(fix: string): string;
