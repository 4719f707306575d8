// The fix-policy corpus (bench/policy/*.txt): one fix per line, `#` comments. A line that is not
// already a recorded fix text (Edit …, Write …, Read …) is judged as the learned form "ran `…`".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function loadCorpus(name) {
  return readFileSync(join(import.meta.dirname, `${name}.txt`), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

const RECORDED = /^(?:Edit|MultiEdit|Write|NotebookEdit|Read) /;

/** A line as a learned fix: "ran `…`" (recorded fix texts as they are). */
export const asFix = (line) => (RECORDED.test(line) ? line : `ran \`${line}\``);

/** A line as a fix typed by the user (`kb add -r`): "Bash: …" (recorded fix texts as they are). */
export const asTyped = (line) => (RECORDED.test(line) ? line : `Bash: ${line}`);
