// The hooks self-generation registers and how each is written: the settings entry (process path or
// warm client), its timeout, the plugin form (hooks/hooks.json), and reading which are installed.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { distFile } from '../common/dist.js';
import type { HookEvent } from '../hook/contract/types.js';
import { pluginWarmArgs, warmCommand, type HookMode } from './hook-mode.js';

export interface HookSpec {
  event: HookEvent;
  matcher?: string;
  timeout: number;
  /** Claude Code runs it in the background: for hooks that only record (nothing to inject). */
  async?: boolean;
}

/**
 * The hooks self-generation registers (docs/performance.md, "What runs where"). Synchronous only
 * where something is given to Claude before it goes on: the pre-tool guide (PreToolUse, only for
 * the tools it has guidance for), error advice (PostToolUseFailure), subagent context
 * (SubagentStart), the shared-context digest after an Agent/Task call (PostToolUse, only for
 * those), and the session's context (SessionStart). No hook runs after an ordinary successful tool
 * call: successes are read from the session transcript (hooks/ingest.ts) at the next error, before
 * the Bash guide speaks, at Stop (once per turn, synchronous: Claude Code ends background hooks
 * when it exits; results not written yet are read by the detached worker, never waited for), SubagentStop
 * and SessionEnd. `async` marks the hooks that only record (see runsAsync). Every event records the time Claude Code fired it, so late ones keep
 * their order.
 */
export const HOOK_SPECS: HookSpec[] = [
  { event: 'SessionStart', timeout: 10 },
  { event: 'UserPromptSubmit', timeout: 10, async: true },
  { event: 'PreToolUse', matcher: 'Edit|Write|MultiEdit|Bash|Agent|Task', timeout: 10 },
  { event: 'PostToolUse', matcher: 'Agent|Task', timeout: 10 },
  { event: 'PostToolUseFailure', matcher: '*', timeout: 10 },
  { event: 'SubagentStart', timeout: 10 },
  { event: 'SubagentStop', timeout: 15 },
  { event: 'Stop', timeout: 15 },
  { event: 'SessionEnd', timeout: 5 },
];

/** dist/hook.cjs of this installation (the code-cached entry; dist/hook.js works the same, slower). */
export function hookScriptPath(): string {
  return distFile('hook.cjs');
}

export function hookCommand(event: HookEvent, script = hookScriptPath()): string {
  return `node "${script}" ${event}`;
}

export type Json = Record<string, unknown>;
export interface HookEntry {
  type?: string;
  command?: string;
  [k: string]: unknown;
}
export interface MatcherGroup {
  matcher?: string;
  hooks?: HookEntry[];
  [k: string]: unknown;
}

/**
 * Where hooks go: `user` ~/.claude/settings.json; `local` the project's .claude/settings.local.json
 * (this machine only, not committed: `install --project`); `project` the project's shared
 * .claude/settings.json (committed: `install --project --shared`, portable commands only).
 */
export type Scope = 'user' | 'project' | 'local';

export function settingsPath(
  scope: Scope,
  opts: { env?: NodeJS.ProcessEnv; projectDir?: string } = {},
): string {
  const env = opts.env ?? process.env;
  const dir = join(opts.projectDir ?? process.cwd(), '.claude');
  if (scope === 'project') return join(dir, 'settings.json');
  if (scope === 'local') return join(dir, 'settings.local.json');
  return join(env.HOME ?? '', '.claude', 'settings.json');
}

/**
 * The command of one hook in a settings file of this scope. A shared (committed) file gets the
 * portable `self-gen hook <Event>` (found on PATH on every machine, no path of this one); the
 * others get `node "<this installation>/dist/hook.cjs" <Event>`, the fast entry.
 */
export function scopedHookCommand(scope: Scope, event: HookEvent, script: string): string {
  return scope === 'project' ? `self-gen hook ${event}` : hookCommand(event, script);
}

/** Is `name` an executable on PATH? */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): boolean {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {}
  }
  return false;
}

/**
 * Whether Claude Code runs this hook in the background: only in process mode (a Node process per
 * hook costs ~100 ms); in warm mode a synchronous call costs a few ms and Claude Code's handling of
 * a background hook is not cheaper (bench/session.mjs, docs/performance.md).
 */
export function runsAsync(spec: HookSpec, mode: HookMode): boolean {
  return !!spec.async && mode === 'process';
}

/**
 * A background hook blocks nothing, so it gets a long timeout: on a busy machine (or while the plugin
 * finishes its install) a cold Node process can take more than the synchronous hooks' 10 s, and a hook
 * Claude Code ends is an event lost.
 */
export const ASYNC_TIMEOUT = 60;

/** The timeout written for a hook: its own, or ASYNC_TIMEOUT when Claude Code runs it in the background. */
export function hookTimeout(spec: HookSpec, mode: HookMode): number {
  return runsAsync(spec, mode) ? Math.max(spec.timeout, ASYNC_TIMEOUT) : spec.timeout;
}

/** One settings entry: the process path, or warm mode's client (which falls back to it). */
export function hookEntry(
  spec: HookSpec,
  script: string,
  mode: HookMode,
  env?: NodeJS.ProcessEnv,
  scope: Scope = 'user',
): HookEntry {
  const command =
    scope === 'project'
      ? scopedHookCommand(scope, spec.event, script) // a shared file: the portable command, any mode
      : mode === 'warm'
        ? warmCommand(spec.event, script, env)
        : hookCommand(spec.event, script);
  return {
    type: 'command',
    command,
    timeout: hookTimeout(spec, mode),
    ...(runsAsync(spec, mode) ? { async: true } : {}),
  };
}

export function addOurHooks(
  obj: Json,
  script: string,
  mode: HookMode = 'process',
  env?: NodeJS.ProcessEnv,
  scope: Scope = 'user',
): void {
  const hooks = (obj.hooks && typeof obj.hooks === 'object' ? obj.hooks : (obj.hooks = {})) as Record<
    string,
    MatcherGroup[]
  >;
  for (const spec of HOOK_SPECS) {
    const group: MatcherGroup = {
      ...(spec.matcher ? { matcher: spec.matcher } : {}),
      hooks: [hookEntry(spec, script, mode, env, scope)],
    };
    if (!Array.isArray(hooks[spec.event])) hooks[spec.event] = [];
    hooks[spec.event]!.push(group);
  }
}

/** The plugin form of the same hooks (hooks/hooks.json), exec form with ${CLAUDE_PLUGIN_ROOT}. */
export function pluginHooksJson(mode: HookMode = 'process'): Json {
  const hooks: Record<string, MatcherGroup[]> = {};
  for (const spec of HOOK_SPECS) {
    const exec =
      mode === 'warm'
        ? pluginWarmArgs(spec.event)
        : { command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/dist/hook.cjs', spec.event] };
    (hooks[spec.event] ??= []).push({
      ...(spec.matcher ? { matcher: spec.matcher } : {}),
      hooks: [
        {
          type: 'command',
          ...exec,
          timeout: hookTimeout(spec, mode),
          ...(runsAsync(spec, mode) ? { async: true } : {}),
        },
      ],
    });
  }
  return { hooks };
}
