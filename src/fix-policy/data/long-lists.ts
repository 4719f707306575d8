// The fix policy's two long package lists (npm: ~20,000 names, PyPI: ~10,000) are text files read on
// first use, not modules: a command that judges no install (most of them) never reads their 530 KB,
// and the CLI's bundle and code caches stay that much smaller. Found next to this module (sources),
// in `fix-policy-data/` next to a bundle or one folder up (dist/, copied by scripts/build.mjs), or in
// the checkout's src/fix-policy/data/ (benchmarks bundled elsewhere). A list that cannot be read is
// empty: every name on it is then unknown, and a fix installing one stays in its project.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type LongList = 'npm-popular' | 'pypi-ranked';

const lists = new Map<LongList, string>();

function read(name: LongList): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const dirs = [here, join(here, 'fix-policy-data'), join(here, '..', 'fix-policy-data')];
  for (let d = here, i = 0; i < 5; i++, d = dirname(d)) dirs.push(join(d, 'src', 'fix-policy', 'data'));
  for (const dir of dirs) {
    try {
      return readFileSync(join(dir, `${name}.txt`), 'utf8')
        .replace(/^#.*\n/gm, '')
        .trim();
    } catch {
      // not in this folder
    }
  }
  return '';
}

/** The names of a list, separated by single spaces (written by scripts/gen-package-names.mjs and scripts/gen-pypi-names.mjs). */
export function longList(name: LongList): string {
  let s = lists.get(name);
  if (s === undefined) lists.set(name, (s = read(name)));
  return s;
}
