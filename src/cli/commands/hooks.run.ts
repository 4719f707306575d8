// `self-gen hooks --mode process|warm`: how the installed hooks run (docs/performance.md).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHookServer, stopHookServer } from '../../hook/host/server-client.js';
import { CliError } from '../errors.js';
import { readHookMode, type HookMode } from '../hook-mode.js';
import { switchHookMode } from '../hook-switch.js';

export interface HooksOptions {
  mode?: HookMode;
  pluginRoot?: string;
}

export async function runHooks(_args: [], o: HooksOptions): Promise<void> {
  if (!o.mode) {
    console.log(`hook mode: ${readHookMode()}`);
    return;
  }
  if (o.pluginRoot && !existsSync(join(o.pluginRoot, 'hooks'))) {
    throw new CliError(
      `${o.pluginRoot} has no hooks/ folder`,
      'pass the plugin folder (the one holding hooks/hooks.json)',
    );
  }
  const r = switchHookMode(o.mode, { pluginRoot: o.pluginRoot });
  for (const f of r.settings) console.log(`${f}: hooks now run in ${r.mode} mode`);
  if (r.plugin) console.log(`${r.plugin}: rewritten for ${r.mode} mode`);
  if (r.settings.length === 0 && !r.plugin)
    console.log(`mode set to ${r.mode}; it applies at the next \`self-gen install\``);
  if (r.mode === 'warm') {
    if (ensureHookServer(process.env)) console.log('hook server starting');
  } else if (await stopHookServer()) console.log('hook server stopped');
}
