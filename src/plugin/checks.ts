// `self-gen doctor` / `status` lines for the plugin form: is the plugin installed (Claude Code's
// ~/.claude/plugins/installed_plugins.json), and where is its native-dependency install (the status
// file in each of its data folders, ~/.claude/plugins/data/self-generation-*/, or CLAUDE_PLUGIN_DATA).
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult } from '../hook/contract/part.js';
import { redact, truncate } from '../common/redact.js';
import { readRegularText } from '../common/safe-fs.js';
import { spoolCount } from './spool.js';
import { nativePaths, pluginPins, readSmallJson, readStatus, retryCommand, samePins } from './state.js';

export const PLUGIN_NAME = 'self-generation';

function claudeDir(env: NodeJS.ProcessEnv): string {
  return join(env.CLAUDE_CONFIG_DIR?.trim() || join(env.HOME ?? '', '.claude'));
}

/** Install paths of our plugin (any marketplace, any scope), from Claude Code's own record. */
export function installedPlugin(env: NodeJS.ProcessEnv = process.env): { id: string; path: string }[] {
  const rec = readSmallJson(join(claudeDir(env), 'plugins', 'installed_plugins.json'), 4 * 1024 * 1024) as {
    plugins?: Record<string, { installPath?: string }[]>;
  } | null;
  const out: { id: string; path: string }[] = [];
  for (const [id, list] of Object.entries(rec?.plugins ?? {})) {
    if (!id.startsWith(`${PLUGIN_NAME}@`) || !Array.isArray(list)) continue;
    for (const e of list) if (typeof e?.installPath === 'string') out.push({ id, path: e.installPath });
  }
  return out;
}

/** Our plugin's data folders: CLAUDE_PLUGIN_DATA inside a hook, else every ~/.claude/plugins/data/self-generation-*. */
export function pluginDataDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const named = env.CLAUDE_PLUGIN_DATA?.trim();
  if (named) return [named];
  const base = join(claudeDir(env), 'plugins', 'data');
  try {
    return readdirSync(base)
      .filter((n) => n.startsWith(`${PLUGIN_NAME}-`))
      .map((n) => join(base, n))
      .filter((d) => lstatSync(d).isDirectory());
  } catch {
    return [];
  }
}

/** How long an install runs and the last line npm (or the compiler it started) wrote: a build from source takes minutes. */
function progress(startedAt: string, log: string): string {
  const min = Math.max(0, Math.round((Date.now() - Date.parse(startedAt)) / 60_000));
  const last =
    (readRegularText(log, { maxBytes: 4096, tail: true }) ?? '').trim().split('\n').pop()?.trim() ?? '';
  return `running for ${min} min${last ? `; last output: ${truncate(redact(last), 120)}` : ''}`;
}

/** The bootstrap refreshes its lock every 5 s; one not refreshed for a minute belongs to no live install. */
function lockFresh(lock: string): boolean {
  try {
    return Date.now() - lstatSync(lock).mtimeMs < 60_000;
  } catch {
    return false;
  }
}

export function pluginChecks(env: NodeJS.ProcessEnv = process.env): CheckResult[] {
  const installed = installedPlugin(env);
  const dirs = pluginDataDirs(env);
  if (installed.length === 0 && dirs.length === 0) return [];
  const out: CheckResult[] = [];
  for (const i of installed) {
    out.push({
      name: 'plugin',
      level: 'ok',
      message: `installed as the Claude Code plugin ${i.id} (${i.path})`,
    });
  }
  const pins = installed.length ? pluginPins(installed[0]!.path) : {};
  const root = installed.length ? installed[0]!.path : '<plugin folder>';
  if (installed.length && dirs.length === 0) {
    out.push({
      name: 'plugin',
      level: 'info',
      message:
        'native dependencies not installed yet: the first session starts their install in the background',
    });
  }
  for (const data of dirs) {
    const p = nativePaths(data);
    const s = readStatus(data);
    const versions = Object.entries(s?.pins ?? {})
      .map(([n, v]) => `${n} ${v}`)
      .join(', ');
    if (!s) {
      out.push({
        name: 'plugin',
        level: 'info',
        message: `native dependencies not installed yet in ${data}: the next session starts their install in the background`,
      });
    } else if (s.state === 'ready' && (!installed.length || samePins(s.pins, pins)) && existsSync(p.dir)) {
      out.push({
        name: 'plugin',
        level: 'ok',
        message: `native dependencies ready in ${p.dir} (${versions}) since ${s.finishedAt ?? '?'}`,
      });
    } else if (s.state === 'ready') {
      out.push({
        name: 'plugin',
        level: 'info',
        message: `the plugin now pins other native versions; the next session installs them (hooks stay silent until then)`,
      });
    } else if (s.state === 'installing' && !lockFresh(p.lock)) {
      out.push({
        name: 'plugin',
        level: 'warn',
        message: `an install of the native dependencies started at ${s.startedAt} was interrupted (pid ${s.pid ?? '?'}); hooks stay silent until one completes`,
        fix: `start a session (it restarts the install), or run ${retryCommand(data, root)}`,
      });
    } else if (s.state === 'installing') {
      out.push({
        name: 'plugin',
        level: 'info',
        message: `installing native dependencies (${versions}) since ${s.startedAt} (${progress(s.startedAt, p.log)}, pid ${s.pid ?? '?'}); ${spoolCount(data)} event(s) kept, recorded once it is ready; npm output: ${p.log}`,
      });
    } else {
      out.push({
        name: 'plugin',
        level: 'error',
        message: `installing native dependencies failed at ${s.finishedAt ?? '?'}: ${(s.error ?? '').split('\n')[0]}; hooks record nothing until it succeeds (${spoolCount(data)} event(s) kept, for a day)`,
        fix: `${s.fix ?? `read ${p.log}, fix the cause (network, npm registry, build tools), then run ${retryCommand(data, root)}`} (a session retries after 10 minutes)`,
      });
    }
  }
  return out;
}
