// Merging self-generation's hooks into Claude Code settings, and taking exactly them out again.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { distFile } from '../shared/dist.js';
import { paths } from '../shared/paths.js';
import type { HookEvent } from '../hooks/types.js';
import { CliError } from './errors.js';
import { pluginWarmArgs, readHookMode, WARM_HOOK, warmCommand, type HookMode } from './hook-mode.js';

export interface HookSpec {
  event: HookEvent;
  matcher?: string;
  timeout: number;
  /** Claude Code runs it in the background: for hooks that only record (nothing to inject). */
  async?: boolean;
}

/**
 * The hooks self-generation registers (docs/performance.md, "What runs where"). `async` marks the
 * ones that only record and may run in the background in process mode (see runsAsync): the
 * prompt. PostToolUse only records too, but stays synchronous: Claude Code 2.1.197 ends background
 * hooks when it exits, so the last tool calls of a headless session were lost (measured, e2e test).
 * PreToolUse only fires for the tools it has guidance for. Every event records the time Claude
 * Code fired it (the hook's start), so events written late keep their order.
 */
export const HOOK_SPECS: HookSpec[] = [
  { event: 'SessionStart', timeout: 10 },
  { event: 'UserPromptSubmit', timeout: 10, async: true },
  { event: 'PreToolUse', matcher: 'Edit|Write|MultiEdit|Bash|Agent|Task', timeout: 10 },
  { event: 'PostToolUse', matcher: '*', timeout: 10 },
  { event: 'PostToolUseFailure', matcher: '*', timeout: 10 },
  { event: 'SubagentStart', timeout: 10 },
  { event: 'SubagentStop', timeout: 15 },
  { event: 'SessionEnd', timeout: 5 },
];

/** dist/hook.cjs of this installation (the code-cached entry; dist/hook.js works the same, slower). */
export function hookScriptPath(): string {
  return distFile('hook.cjs');
}

export function hookCommand(event: HookEvent, script = hookScriptPath()): string {
  return `node "${script}" ${event}`;
}

const NODE_HOOK = /^node "([^"]+\/dist\/hook\.c?js)" [A-Za-z]+$/;
const CLI_HOOK = /^self-gen hook [A-Za-z]+$/;

function isOurScript(script: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(join(dirname(script), '..', 'package.json'), 'utf8')) as {
      name?: string;
    };
    return pkg.name === 'self-generation';
  } catch {
    return /self-gen/.test(script);
  }
}

/** Our entries: the commands recorded at install, or any `node "…/dist/hook.cjs" Event` (or hook.js) of this package. */
export function isOurCommand(command: unknown, known: Set<string>): boolean {
  if (typeof command !== 'string') return false;
  if (known.has(command) || CLI_HOOK.test(command)) return true;
  const m = NODE_HOOK.exec(command) ?? WARM_HOOK.exec(command);
  return !!m && isOurScript(m[1]!);
}

type Json = Record<string, unknown>;
interface HookEntry {
  type?: string;
  command?: string;
  [k: string]: unknown;
}
interface MatcherGroup {
  matcher?: string;
  hooks?: HookEntry[];
  [k: string]: unknown;
}

export function settingsPath(
  scope: 'user' | 'project',
  opts: { env?: NodeJS.ProcessEnv; projectDir?: string } = {},
): string {
  const env = opts.env ?? process.env;
  if (scope === 'project') return join(opts.projectDir ?? process.cwd(), '.claude', 'settings.json');
  return join(env.HOME ?? '', '.claude', 'settings.json');
}

function readSettings(file: string): { text: string | null; obj: Json } {
  if (!existsSync(file)) return { text: null, obj: {} };
  const text = readFileSync(file, 'utf8');
  if (!text.trim()) return { text, obj: {} };
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch (e) {
    throw new CliError(
      `${file} is not valid JSON (${(e as Error).message}); nothing was changed`,
      `fix the file by hand (or move it aside) and run the command again`,
    );
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new CliError(
      `${file} does not hold a JSON object; nothing was changed`,
      'fix or move the file aside',
    );
  }
  return { text, obj: obj as Json };
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

interface ManifestEntry {
  settingsPath: string;
  installedAt: string;
  originalExisted: boolean;
  /** A copy of the file as it was before the first install (byte for byte). */
  pristine: string | null;
  writtenSha256: string;
  commands: string[];
}
type Manifest = Record<string, ManifestEntry>;

/** The settings files self-generation is installed in (from the install record). */
export function installedSettingsFiles(env?: NodeJS.ProcessEnv): string[] {
  return Object.keys(readManifest(env));
}

function manifestFile(env?: NodeJS.ProcessEnv): string {
  return join(paths(env).home, 'install.json');
}
function readManifest(env?: NodeJS.ProcessEnv): Manifest {
  try {
    return JSON.parse(readFileSync(manifestFile(env), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}
function writeManifest(m: Manifest, env?: NodeJS.ProcessEnv): void {
  const f = manifestFile(env);
  mkdirSync(dirname(f), { recursive: true, mode: 0o700 });
  writeFileSync(f, JSON.stringify(m, null, 2) + '\n', { mode: 0o600 });
}

function atomicWrite(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.self-gen-tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** Removes our hook entries from a settings object (in place). Returns how many were removed. */
export function stripOurHooks(obj: Json, known: Set<string>): number {
  const hooks = obj.hooks as Record<string, MatcherGroup[]> | undefined;
  if (!hooks || typeof hooks !== 'object') return 0;
  let removed = 0;
  for (const event of Object.keys(hooks)) {
    const groups = hooks[event];
    if (!Array.isArray(groups)) continue;
    const kept: MatcherGroup[] = [];
    for (const g of groups) {
      if (!g || !Array.isArray(g.hooks)) {
        kept.push(g);
        continue;
      }
      const rest = g.hooks.filter((hk) => !isOurCommand(hk?.command, known));
      removed += g.hooks.length - rest.length;
      if (rest.length > 0) kept.push(rest.length === g.hooks.length ? g : { ...g, hooks: rest });
    }
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  if (Object.keys(hooks).length === 0) delete obj.hooks;
  return removed;
}

/**
 * Whether Claude Code runs this hook in the background: only in process mode (a Node process per
 * hook costs ~100 ms); in warm mode a synchronous call costs a few ms and Claude Code's handling of
 * a background hook is not cheaper (bench/session.mjs, docs/performance.md).
 */
export function runsAsync(spec: HookSpec, mode: HookMode): boolean {
  return !!spec.async && mode === 'process';
}

/** One settings entry: the process path, or warm mode's client (which falls back to it). */
export function hookEntry(
  spec: HookSpec,
  script: string,
  mode: HookMode,
  env?: NodeJS.ProcessEnv,
): HookEntry {
  const command = mode === 'warm' ? warmCommand(spec.event, script, env) : hookCommand(spec.event, script);
  return {
    type: 'command',
    command,
    timeout: spec.timeout,
    ...(runsAsync(spec, mode) ? { async: true } : {}),
  };
}

export function addOurHooks(
  obj: Json,
  script: string,
  mode: HookMode = 'process',
  env?: NodeJS.ProcessEnv,
): void {
  const hooks = (obj.hooks && typeof obj.hooks === 'object' ? obj.hooks : (obj.hooks = {})) as Record<
    string,
    MatcherGroup[]
  >;
  for (const spec of HOOK_SPECS) {
    const group: MatcherGroup = {
      ...(spec.matcher ? { matcher: spec.matcher } : {}),
      hooks: [hookEntry(spec, script, mode, env)],
    };
    if (!Array.isArray(hooks[spec.event])) hooks[spec.event] = [];
    hooks[spec.event]!.push(group);
  }
}

export interface InstallResult {
  settingsPath: string;
  changed: boolean;
  backup: string | null;
  hooks: number;
}

export function install(
  scope: 'user' | 'project',
  opts: { env?: NodeJS.ProcessEnv; projectDir?: string; script?: string; mode?: HookMode } = {},
): InstallResult {
  const env = opts.env ?? process.env;
  const mode = opts.mode ?? readHookMode(env);
  const file = settingsPath(scope, opts);
  const script = opts.script ?? hookScriptPath();
  const { text, obj } = readSettings(file);
  const manifest = readManifest(env);
  const prev = manifest[file];
  const known = new Set(prev?.commands ?? []);
  const desired = structuredClone(obj);
  stripOurHooks(desired, known);
  addOurHooks(desired, script, mode, env);
  const newText = JSON.stringify(desired, null, 2) + '\n';
  if (text !== null && newText === text) {
    return { settingsPath: file, changed: false, backup: null, hooks: HOOK_SPECS.length };
  }
  let backup: string | null = null;
  if (text !== null) {
    backup = `${file}.self-gen.bak`;
    copyFileSync(file, backup);
  }
  let pristine = prev?.pristine ?? null;
  if (!prev && text !== null) {
    const dir = join(paths(env).home, 'install');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    pristine = join(dir, `settings-${sha(file).slice(0, 12)}.orig.json`);
    writeFileSync(pristine, text, { mode: 0o600 });
  }
  atomicWrite(file, newText);
  manifest[file] = {
    settingsPath: file,
    installedAt: new Date().toISOString(),
    originalExisted: prev ? prev.originalExisted : text !== null,
    pristine,
    writtenSha256: sha(newText),
    commands: HOOK_SPECS.map((s) => hookEntry(s, script, mode, env).command!),
  };
  writeManifest(manifest, env);
  return { settingsPath: file, changed: true, backup, hooks: HOOK_SPECS.length };
}

export interface UninstallResult {
  settingsPath: string;
  removed: number;
  restored: 'original' | 'edited' | 'deleted' | 'unchanged';
}

export function uninstall(
  scope: 'user' | 'project',
  opts: { env?: NodeJS.ProcessEnv; projectDir?: string } = {},
): UninstallResult {
  const env = opts.env ?? process.env;
  const file = settingsPath(scope, opts);
  const manifest = readManifest(env);
  const entry = manifest[file];
  if (!existsSync(file)) {
    delete manifest[file];
    if (entry) writeManifest(manifest, env);
    return { settingsPath: file, removed: 0, restored: 'unchanged' };
  }
  const { text, obj } = readSettings(file);
  const known = new Set(entry?.commands ?? []);
  let result: UninstallResult;
  if (entry && text !== null && sha(text) === entry.writtenSha256) {
    // Untouched since we wrote it: give back the user's file byte for byte.
    const removed = stripOurHooks(structuredClone(obj), known);
    if (entry.originalExisted && entry.pristine && existsSync(entry.pristine)) {
      atomicWrite(file, readFileSync(entry.pristine, 'utf8'));
      result = { settingsPath: file, removed, restored: 'original' };
    } else {
      unlinkSync(file);
      result = { settingsPath: file, removed, restored: 'deleted' };
    }
  } else {
    const removed = stripOurHooks(obj, known);
    if (removed > 0) atomicWrite(file, JSON.stringify(obj, null, 2) + '\n');
    result = { settingsPath: file, removed, restored: removed > 0 ? 'edited' : 'unchanged' };
  }
  if (entry?.pristine) {
    try {
      unlinkSync(entry.pristine);
    } catch {}
  }
  delete manifest[file];
  writeManifest(manifest, env);
  return result;
}

/** Where our hooks are installed now (user and/or project settings), and whether the script exists. */
export function installedHooks(file: string): { events: string[]; scripts: string[] } {
  try {
    const { obj } = readSettings(file);
    const hooks = (obj.hooks ?? {}) as Record<string, MatcherGroup[]>;
    const events: string[] = [];
    const scripts = new Set<string>();
    for (const [event, groups] of Object.entries(hooks)) {
      for (const g of Array.isArray(groups) ? groups : []) {
        for (const hk of g?.hooks ?? []) {
          if (isOurCommand(hk?.command, new Set())) {
            events.push(event);
            const m = /"([^"]+(?:hook\.c?js|hook-warm\.sh))"/.exec(String(hk.command));
            if (m) scripts.add(m[1]!);
          }
        }
      }
    }
    return { events, scripts: [...scripts] };
  } catch {
    return { events: [], scripts: [] };
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
          timeout: spec.timeout,
          ...(runsAsync(spec, mode) ? { async: true } : {}),
        },
      ],
    });
  }
  return { hooks };
}
