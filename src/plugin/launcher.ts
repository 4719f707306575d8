// `self-gen` for plugin users: plugin-bootstrap writes ${CLAUDE_PLUGIN_DATA}/bin/self-gen once the
// native dependencies are ready, a shell script that runs the plugin's own CLI (dist/cli.js) with
// them. The plugin folder changes with every plugin update (…/cache/<marketplace>/<plugin>/<version>),
// so the script reads it from ${CLAUDE_PLUGIN_DATA}/plugin-root, which the hook gate keeps current
// (one small read per SessionStart). Put it on the PATH with one link:
//   ln -sf ~/.claude/plugins/data/self-generation-self-generation/bin/self-gen ~/.local/bin/self-gen
import { join } from 'node:path';
import { ensureDirIn, writeFileAtomicIn } from '../common/safe-fs.js';

/** A single-quoted shell word. */
const sh = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export const launcherPath = (data: string): string => join(data, 'bin', 'self-gen');
export const rootFile = (data: string): string => join(data, 'plugin-root');

export function launcherScript(data: string, pluginRoot: string, node = process.execPath): string {
  return [
    '#!/bin/sh',
    '# self-gen of the Claude Code plugin self-generation (written by its plugin-bootstrap; do not edit).',
    `data=${sh(data)}`,
    `root=$(cat "$data/plugin-root" 2>/dev/null)`,
    `[ -f "$root/dist/cli.js" ] || root=${sh(pluginRoot)}`,
    `CLAUDE_PLUGIN_DATA="$data" SELF_GEN_NATIVE_DIR="$data/native" exec ${sh(node)} "$root/dist/cli.js" "$@"`,
    '',
  ].join('\n');
}

export function writeLauncher(data: string, pluginRoot: string): string {
  const file = launcherPath(data);
  ensureDirIn(data, join(data, 'bin'), 0o700);
  writeFileAtomicIn(data, file, launcherScript(data, pluginRoot), 0o700);
  writeFileAtomicIn(data, rootFile(data), pluginRoot, 0o600);
  return file;
}
