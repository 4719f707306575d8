// `uninstall --purge`: deletes the data home, but only when it is recognisably ours, and only our
// own entries in it; symbolic links are removed as links, never followed.
import { lstatSync, readdirSync, rmdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, parse, resolve } from 'node:path';
import { hasMarker, HOME_ENTRIES, HOME_MARKER } from '../common/home.js';
import { paths } from '../common/paths.js';
import { removeTreeIn, unlinkIn } from '../common/safe-fs.js';
import { CliError } from './errors.js';

export interface PurgePlan {
  home: string;
  /** Our entries present in the home (deleted). */
  ours: string[];
  /** Anything else in it (kept; the folder itself is then kept too). */
  others: string[];
  /** Recognised by the marker file (false: by the layout of a home made before the marker). */
  marked: boolean;
}

function lstatOrNull(p: string): ReturnType<typeof lstatSync> | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

const isFile = (p: string) => lstatOrNull(p)?.isFile() ?? false;

/**
 * What `--purge` would delete, or a CliError (with the fix) when the folder is not recognisably a
 * self-generation data home. Changes nothing.
 */
export function planPurge(env: NodeJS.ProcessEnv = process.env): PurgePlan {
  const home = resolve(paths(env).home);
  const fixHint = `check SELF_GEN_HOME (now ${home}); to remove our data by hand, delete only ${HOME_ENTRIES.filter((e) => e !== HOME_MARKER).join(', ')} in it`;
  const st = lstatOrNull(home);
  if (!st) return { home, ours: [], others: [], marked: false };
  if (st.isSymbolicLink())
    throw new CliError(
      `${home} is a symbolic link: --purge never follows links; nothing was deleted`,
      'set SELF_GEN_HOME to the real folder and run it again',
    );
  if (!st.isDirectory()) throw new CliError(`${home} is not a folder; nothing was deleted`, fixHint);
  const guarded = new Set([parse(home).root, resolve(homedir())]);
  if (env.HOME) guarded.add(resolve(env.HOME));
  if (guarded.has(home))
    throw new CliError(
      `${home} is your home folder (or the file system root), not a data home; nothing was deleted`,
      fixHint,
    );
  const entries = readdirSync(home);
  const ours = entries.filter((e) => HOME_ENTRIES.includes(e));
  const others = entries.filter((e) => !HOME_ENTRIES.includes(e));
  const marked = hasMarker(home);
  if (!marked) {
    // A home made before the marker existed: only our own entries, and our database or install record.
    const ourData = isFile(join(home, 'data', 'self-gen.db')) || isFile(join(home, 'install.json'));
    if (others.length > 0 || !ourData) {
      const what = others.length
        ? `it also holds ${others
            .slice(0, 5)
            .map((o) => `"${o}"`)
            .join(', ')}${others.length > 5 ? ` and ${others.length - 5} more` : ''}`
        : 'it has neither our marker file nor our database';
      throw new CliError(
        `${home} does not look like a self-generation data home (${what}); nothing was deleted`,
        fixHint,
      );
    }
  }
  return { home, ours, others, marked };
}

/** Deletes the planned entries (links as links), then the folder when nothing else is in it. */
export function runPurge(plan: PurgePlan): { deleted: string[]; keptFolder: boolean } {
  const deleted: string[] = [];
  // The marker last: an interrupted purge can be run again.
  const order = [
    ...plan.ours.filter((e) => e !== HOME_MARKER),
    ...plan.ours.filter((e) => e === HOME_MARKER),
  ];
  for (const name of order) {
    const target = join(plan.home, name);
    const st = lstatOrNull(target);
    if (!st) continue;
    // Contained in the home and never following a link: a link inside is unlinked, its target is
    // left alone (safe-fs.ts).
    if (st.isDirectory() && !st.isSymbolicLink()) removeTreeIn(plan.home, target);
    else unlinkIn(plan.home, target);
    deleted.push(name);
  }
  let keptFolder = plan.others.length > 0;
  if (!keptFolder) {
    try {
      // safe: plan.home was lstat()ed as a real folder (not a link) by planPurge; rmdir only
      // removes it when empty.
      // fs-safe: (see above) rmdir of the lstat()-checked real home folder, only when empty
      rmdirSync(plan.home);
    } catch {
      keptFolder = true;
    }
  }
  return { deleted, keptFolder };
}
