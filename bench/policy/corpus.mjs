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

export const asFix = (line) =>
  /^(?:Edit|MultiEdit|Write|NotebookEdit|Read) /.test(line) ? line : `ran \`${line}\``;
