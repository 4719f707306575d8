// better-sqlite3, loaded on first use (a native addon: a hook with nothing to record or look up never
// pays for it), with its addon file named to it directly: its own lookup (the `bindings` package)
// reads a stack trace and tries a dozen paths at every start. Where the file is not where an npm
// install puts it, better-sqlite3 looks it up itself, as before.
import type BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { nativeRequire, nativeResolve } from '../common/native.js';

const requireCjs = nativeRequire(import.meta.url);
let ctor: typeof BetterSqlite3 | null = null;
let addon: string | null | undefined;

function addonFile(): string | null {
  try {
    const file = join(
      dirname(nativeResolve(import.meta.url)('better-sqlite3/package.json')),
      'build',
      'Release',
      'better_sqlite3.node',
    );
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

function load(): typeof BetterSqlite3 {
  // The CLI's bundle carries better-sqlite3's JavaScript (scripts/build.mjs), so that it is part of the
  // command's code cache; it then needs its addon named. Elsewhere it is loaded from node_modules.
  if (process.env.SG_CLI_BUNDLE === '1' && addon)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('better-sqlite3') as typeof BetterSqlite3;
  return requireCjs('better-sqlite3') as typeof BetterSqlite3;
}

/** A better-sqlite3 connection to `file` (`:memory:` for one in memory). */
export function openSqlite(file: string, options: BetterSqlite3.Options = {}): BetterSqlite3.Database {
  if (addon === undefined) addon = addonFile();
  ctor ??= load();
  return new ctor(file, addon && !options.nativeBinding ? { ...options, nativeBinding: addon } : options);
}
