/** The fix-policy corpus (bench/policy/<name>.txt): one fix per line, without comments. */
export function loadCorpus(name: 'dangerous' | 'ordinary'): string[];
/** A corpus line as the fix text judged: recorded fix texts as they are, commands as "ran `…`". */
export function asFix(line: string): string;
/** A corpus line as a fix typed by the user: "Bash: …" (recorded fix texts as they are). */
export function asTyped(line: string): string;
