// The data home's own marker: a file created in every new data home, so that `uninstall --purge`
// can tell a self-generation data home from any other folder SELF_GEN_HOME might name.
import { lstatSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const HOME_MARKER = '.self-generation-home';

/** Every top-level entry self-generation creates in its data home (see paths.ts and docs/privacy.md). */
export const HOME_ENTRIES: readonly string[] = [
  'data',
  'logs',
  'run',
  'models',
  'install',
  'templates',
  'cache',
  'orchestrator',
  'config.json',
  'install.json',
  'hooks-mode.json',
  HOME_MARKER,
];

const MARKER_TEXT =
  'This folder is a self-generation data home (SELF_GEN_HOME).\n' +
  '`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n';

export function hasMarker(home: string): boolean {
  try {
    return lstatSync(join(home, HOME_MARKER)).isFile();
  } catch {
    return false;
  }
}

/**
 * Marks `home` as ours when it holds nothing but our own entries (a home being set up now).
 * Called where the data home is first populated; never marks a folder with other content.
 */
export function markHome(home: string): void {
  try {
    if (hasMarker(home)) return;
    if (!readdirSync(home).every((e) => HOME_ENTRIES.includes(e))) return;
    // fs-safe: 'wx' (O_CREAT|O_EXCL) never follows or reuses an existing entry; home is the user's own folder
    writeFileSync(join(home, HOME_MARKER), MARKER_TEXT, { flag: 'wx', mode: 0o600 });
  } catch {}
}
