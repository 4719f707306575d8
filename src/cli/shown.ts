// The numbers `self-gen suggestions` / `analyze` printed, remembered per project folder, so that
// `apply 2` / `dismiss 2` act on what was shown as 2, even after an earlier apply or a new analysis
// changed the list. Kept in the data home (data/suggestions-shown.json), a few hundred bytes.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ensureHomeDir, writeFileAtomicIn } from '../common/safe-fs.js';
import { paths } from '../common/paths.js';

interface Listing {
  at: string;
  /** Number shown → suggestion id. */
  ids: Record<string, string>;
}
type ShownFile = Record<string, Listing>;

const MAX_PROJECTS = 50;

function file(env: NodeJS.ProcessEnv): string {
  return join(paths(env).dataDir, 'suggestions-shown.json');
}

function read(env: NodeJS.ProcessEnv): ShownFile {
  try {
    const v = JSON.parse(readFileSync(file(env), 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ShownFile) : {};
  } catch {
    return {};
  }
}

/** Remembers the numbers just printed for the project folder `where` (best effort). */
export function rememberShown(
  where: string,
  numbered: { n: number; id: string }[],
  env: NodeJS.ProcessEnv = process.env,
): void {
  try {
    const all = read(env);
    delete all[where];
    all[where] = {
      at: new Date().toISOString(),
      ids: Object.fromEntries(numbered.map((x) => [String(x.n), x.id])),
    };
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - MAX_PROJECTS))) delete all[k];
    const f = file(env);
    const home = resolve(paths(env).home);
    ensureHomeDir(home, resolve(dirname(f)));
    writeFileAtomicIn(home, resolve(f), JSON.stringify(all) + '\n', 0o600);
  } catch {}
}

/**
 * The id shown as number `n` in the last list printed for `where`: `listed` false when no list
 * was printed there yet.
 */
export function shownId(
  where: string,
  n: number,
  env: NodeJS.ProcessEnv = process.env,
): { id: string | null; listed: boolean } {
  const l = read(env)[where];
  if (!l || typeof l.ids !== 'object') return { id: null, listed: false };
  const id = l.ids[String(n)];
  return { id: typeof id === 'string' ? id : null, listed: true };
}
