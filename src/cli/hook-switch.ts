// Switching how the installed hooks run (`self-gen hooks --mode process|warm`) and the doctor check
// of the warm hook server. See docs/performance.md.
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomicIn } from '../common/safe-fs.js';
import { dirname, join } from 'node:path';
import { hookServerPaths } from '../common/sockets.js';
import { hookServerPidFile, pingHookServer } from '../hook/host/server-client.js';
import type { CheckContext, CheckResult } from '../hook/contract/part.js';
import { CliError } from './errors.js';
import {
  hookScriptDefault,
  readHookMode,
  warmClient,
  warmUnavailable,
  writeHookMode,
  type HookMode,
} from './hook-mode.js';
import { installedHookCommands, WARM_BASH_HOOK, WARM_HOOK } from '../common/our-hooks.js';
import { install, installedSettingsFiles, pluginHooksJson, settingsPath } from './install.js';

export interface ModeSwitch {
  mode: HookMode;
  settings: string[];
  plugin: string | null;
}

/** Where a settings file's scope is: the user's, or the project folder around `.claude/settings.json`. */
function scopeOf(file: string, env: NodeJS.ProcessEnv): { scope: 'user' | 'project'; projectDir?: string } {
  if (file === settingsPath('user', { env })) return { scope: 'user' };
  return { scope: 'project', projectDir: dirname(dirname(file)) };
}

/**
 * Records the mode and rewrites every installed entry in it: the settings files self-generation is
 * installed in, and the plugin's hooks/hooks.json (when `pluginRoot` is given, or the package is not
 * a development checkout, where `npm run gen:plugin` owns that file).
 */
export function switchHookMode(
  mode: HookMode,
  opts: { env?: NodeJS.ProcessEnv; script?: string; pluginRoot?: string | null } = {},
): ModeSwitch {
  const env = opts.env ?? process.env;
  if (mode === 'warm') {
    const why = warmUnavailable();
    if (why)
      throw new CliError(
        why,
        'keep the process mode (`self-gen hooks --mode process`), or install bash >= 4 or curl',
      );
  }
  writeHookMode(mode, env);
  const script = opts.script ?? hookScriptDefault();
  const settings: string[] = [];
  for (const file of installedSettingsFiles(env)) {
    if (!existsSync(file)) continue;
    const s = scopeOf(file, env);
    install(s.scope, { env, projectDir: s.projectDir, script, mode });
    settings.push(file);
  }
  let plugin: string | null = null;
  const root = opts.pluginRoot === undefined ? join(dirname(script), '..') : opts.pluginRoot;
  if (root && existsSync(join(root, 'hooks')) && (opts.pluginRoot || !existsSync(join(root, '.git')))) {
    plugin = join(root, 'hooks', 'hooks.json');
    // inside the plugin's own folder, never through a link
    writeFileAtomicIn(root, plugin, JSON.stringify(pluginHooksJson(mode), null, 2) + '\n', 0o644);
  }
  return { mode, settings, plugin };
}

/** Which warm client the installed hooks use (by the install record), else which one a switch would write. */
export function warmClientLabel(env: NodeJS.ProcessEnv): string {
  const cmds = [...installedHookCommands(env)];
  const bashCmd = cmds.find((c) => WARM_BASH_HOOK.test(c));
  if (bashCmd) return `client: ${bashCmd.split('"')[1]} over 127.0.0.1 (no process but the shell)`;
  if (cmds.some((c) => WARM_HOOK.test(c))) return 'client: sh + curl over the Unix socket';
  const c = warmClient(env);
  return c.kind === 'bash'
    ? `client: ${c.bash} over 127.0.0.1 (at the next install)`
    : 'client: sh + curl over the Unix socket (no bash >= 4 found)';
}

export async function hookServerCheck(ctx: CheckContext): Promise<CheckResult[]> {
  const mode = readHookMode(ctx.env);
  const name = 'hook mode';
  if (mode === 'process') {
    return [{ name, level: 'ok', message: 'process: each hook runs as its own Node process (no server)' }];
  }
  const out: CheckResult[] = [];
  const why = warmUnavailable();
  if (why) {
    out.push({
      name,
      level: 'warn',
      message: `warm, but ${why}: every hook falls back to the process path`,
      fix: 'run `self-gen hooks --mode process`, or install bash >= 4 or curl',
    });
  }
  const info = await pingHookServer({ env: ctx.env, timeoutMs: 500 });
  if (info) {
    // Running is not enough: the bash client finds the server through the port file.
    const portFile = hookServerPaths(ctx.env).port;
    let listed: string | null = null;
    try {
      listed = readFileSync(portFile, 'utf8').split(' ')[0] ?? null;
    } catch {}
    if (info.tcpPort && listed !== String(info.tcpPort))
      out.push({
        name,
        level: 'warn',
        message: `warm: hook server running (pid ${info.pid}), but ${portFile} ${listed === null ? 'is missing' : `names another port (${listed})`}: the bash client takes the slow process path`,
        fix: 'the server writes it again within seconds; if this stays, run `self-gen hooks --mode process` then `self-gen hooks --mode warm`',
      });
    out.push({
      name,
      level: 'ok',
      message: `warm: hook server running (pid ${info.pid}, since ${info.startedAt}, ${info.requests} requests, exits after ${Math.round(info.idleExitMs / 60_000)} idle min) on ${hookServerPaths(ctx.env).socket}${info.tcpPort ? ` and 127.0.0.1:${info.tcpPort}` : ''}; ${warmClientLabel(ctx.env)}`,
    });
    return out;
  }
  const pid = hookServerPidFile(ctx.env);
  out.push({
    name,
    level: 'info',
    message: `warm: hook server not running${pid && !pid.alive ? ` (stale pid file: ${pid.pid} is gone)` : pid ? ` (pid file names ${pid.pid}, which does not answer)` : ''}; the next hook uses the process path and starts it; ${warmClientLabel(ctx.env)}`,
  });
  return out;
}
