// The names check (issue #13, wrong advice is worse than none): the key masks every quoted name and
// path (seed rule 3), so `Cannot find module 'express'` and `… '/app/dist/server.js'` are one key,
// and `near "RETURNING": syntax error` is `near "FROM": syntax error`. The stored raw error still
// has the names, and the query's extracted message has its own: a stored fix that names what the
// stored error was about (the package, file, header, keyword, target) is not the fix of an error
// about another name, and a path is not the same kind of thing as a bare name.
import { extractErrorMessage, maskedNames } from './normalize.js';
import { tokens } from './keywords.js';

/** Parts of a path that say where, not what (never taken as the name a fix is about). */
const PLACE = new Set(
  'home users user usr var tmp temp src lib lib64 bin sbin opt app apps srv etc local share node_modules dist build out www root mnt workspace runner main index test tests'.split(
    ' ',
  ),
);
export type NameKind = 'path' | 'name';

/**
 * What a masked name is: a path (`/app/x`, `./src`, `~/x`, `C:\\x`, `lib/a.rake`, `src/version.h`)
 * or a bare name (`express`, `@tanstack/react-query`, `install`, `stdio.h`, `RETURNING`). (A file
 * extension alone does not make a path: `stdio.h` and `iostream` are both headers.)
 */
export function nameKind(name: string): NameKind {
  if (/^(?:\/|\.{1,2}\/|~\/|[A-Za-z]:\\)/.test(name)) return 'path';
  if (/^@[\w.-]+\/[\w.-]+$/.test(name)) return 'name'; // a scoped package
  if (name.includes('/')) return 'path';
  return 'name';
}

/** The name a fix would write: the name itself and, for a path, its last part (`index.lock`, `routes`). */
function forms(name: string): string[] {
  const n = name.toLowerCase().replace(/[\\/]+$/, '');
  const base = n.split(/[\\/]/).pop() ?? n;
  const out = new Set([n, base, base.replace(/\.[a-z0-9]{1,10}$/, '')]);
  return [...out].filter((f) => f.length >= 3 && /\p{L}/u.test(f) && !PLACE.has(f));
}

/** Whether the fix writes `form` as a whole name (`tmp_path` is not in `tmp_path_factory`). */
function writes(fix: string, form: string): boolean {
  let at = fix.indexOf(form);
  while (at >= 0) {
    const before = fix[at - 1];
    const after = fix[at + form.length];
    if (!(before && /[\p{L}\p{N}_]/u.test(before)) && !(after && /[\p{L}\p{N}_]/u.test(after))) return true;
    at = fix.indexOf(form, at + 1);
  }
  return false;
}

export interface StoredError {
  error_raw: string | null;
  error_normalized: string;
  resolution: string | null;
}

/**
 * False when the query (its extracted, unmasked message) is about another name than the stored
 * error in a way that makes the stored fix wrong for it:
 * 1. the two carry as many masked names and one pair differs in kind (a path where the stored error
 *    had a bare module name: `Cannot find module '/app/dist/server.js'` vs `… 'express'`);
 * 2. the stored fix writes a stored masked name (whole, or a path's last part; not a word the key
 *    shows unmasked) that the query does not have, and none of the query's own names
 *    (`RETURNING` of `near "RETURNING"` in its fix, the query says `near "FROM"`; `delete
 *    .git/index.lock` for `'…/.git/index.lock'`, the query names `'…/refs/heads/main.lock'`).
 * True when either side has no names (nothing to compare) or no stored raw error is kept.
 */
export function namesAgree(queryMessage: string | undefined, stored: StoredError): boolean {
  if (!queryMessage || !stored.error_raw || !stored.resolution) return true;
  const storedNames = maskedNames(extractErrorMessage(stored.error_raw));
  if (storedNames.length === 0) return true;
  const queryNames = maskedNames(queryMessage);
  if (queryNames.length === 0) return true;
  if (storedNames.length === queryNames.length)
    for (let i = 0; i < storedNames.length; i++)
      if (nameKind(storedNames[i]!) !== nameKind(queryNames[i]!)) return false;
  const fix = stored.resolution.toLowerCase();
  // a name the key shows unmasked (`git` of `known to git`) is not what the masked name is about
  const keyWords = tokens(stored.error_normalized);
  const named = (name: string) => forms(name).filter((f) => !keyWords.has(f) && writes(fix, f));
  // the fix names the query's own name too (`the np.float/np.int/np.bool aliases`): it covers both
  if (queryNames.some((n) => named(n).length > 0)) return true;
  const queryForms = new Set(queryNames.flatMap(forms));
  for (const name of storedNames) if (named(name).some((f) => !queryForms.has(f))) return false;
  return true;
}
