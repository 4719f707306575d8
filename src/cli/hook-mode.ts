// How the installed hooks run: `process` (each hook is `node dist/hook.cjs <Event>`) or `warm` (each
// hook is `sh dist/hook-warm.sh <Event> <socket>`: curl hands the payload to the warm hook server,
// falling back to the process path). The mode is kept in <data home>/hooks-mode.json; `self-gen
// hooks --mode` rewrites the installed entries (settings files and the plugin's hooks/hooks.json).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ensureHome, writeFileAtomicIn } from '../common/safe-fs.js';
import { hookServerPaths } from '../common/sockets.js';
import { distFile } from '../common/dist.js';
import { paths } from '../common/paths.js';
import type { HookEvent } from '../hook-runtime/types.js';

export const HOOK_MODES = ['process', 'warm'] as const;
export type HookMode = (typeof HOOK_MODES)[number];

/**
 * The mode when none was chosen: warm where it can work (a POSIX shell and curl), else process.
 * docs/performance.md has the measurements behind it: warm halves what our synchronous hooks cost
 * and fails open to the process path.
 */
export function defaultHookMode(): HookMode {
  return warmUnavailable() ? 'process' : 'warm';
}

function modeFile(env: NodeJS.ProcessEnv): string {
  return join(paths(env).home, 'hooks-mode.json');
}

export function readHookMode(env: NodeJS.ProcessEnv = process.env): HookMode {
  try {
    const m = (JSON.parse(readFileSync(modeFile(env), 'utf8')) as { mode?: unknown }).mode;
    if ((HOOK_MODES as readonly unknown[]).includes(m)) return m as HookMode;
  } catch {}
  return defaultHookMode();
}

export function writeHookMode(mode: HookMode, env: NodeJS.ProcessEnv = process.env): void {
  const f = modeFile(env);
  const home = ensureHome(dirname(f), 0o700);
  writeFileAtomicIn(home, join(home, basename(f)), JSON.stringify({ mode }) + '\n', 0o600);
}

let unavailable: string | null | undefined;
/** Why warm mode cannot work here (null when it can): it needs a POSIX shell and curl. */
export function warmUnavailable(): string | null {
  if (unavailable !== undefined) return unavailable;
  unavailable = null;
  if (process.platform === 'win32')
    unavailable = 'warm mode needs a POSIX shell and Unix sockets (not Windows)';
  else {
    try {
      execFileSync('curl', ['--version'], { stdio: 'ignore', timeout: 5000 });
    } catch {
      unavailable = 'warm mode needs curl on the PATH (the hook client hands payloads to the server with it)';
    }
  }
  return unavailable;
}

/** dist/hook-warm.sh next to dist/hook.cjs. */
export function warmScriptFor(hookScript: string): string {
  return join(dirname(hookScript), 'hook-warm.sh');
}

export function warmCommand(
  event: HookEvent,
  hookScript: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return `sh "${warmScriptFor(hookScript)}" ${event} "${hookServerPaths(env).socket}"`;
}

export { WARM_HOOK } from '../common/our-hooks.js';

/** The default data home's hook-server socket is the client's own default (no argument needed). */
export function pluginWarmArgs(event: HookEvent): { command: string; args: string[] } {
  return { command: 'sh', args: ['${CLAUDE_PLUGIN_ROOT}/dist/hook-warm.sh', event] };
}

export function hookScriptDefault(): string {
  return distFile('hook.cjs');
}
