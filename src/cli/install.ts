// Merging self-generation's hooks into Claude Code settings, and taking exactly them out again.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  UnsafePathError,
  ensureDirIn,
  ensureHome,
  ensureHomeDir,
  lstatOrNull,
  readRegularText,
  realDir,
  unlinkIn,
  writeFileAtomicIn,
} from '../common/safe-fs.js';
import { markHome } from '../common/home.js';
import { paths } from '../common/paths.js';
import { CliError } from './errors.js';
import { readHookMode, type HookMode } from './hook-mode.js';
import {
  CLI_HOOK,
  installedHookCommands,
  isOurCommand,
  isOurScript,
  manifestFile,
  readManifest,
  type Manifest,
} from '../common/our-hooks.js';

import {
  addOurHooks,
  HOOK_SPECS,
  hookEntry,
  hookScriptPath,
  type Json,
  type MatcherGroup,
  type Scope,
  settingsPath,
} from './hook-specs.js';

// The hook specs and entries live in hook-specs.ts; re-exported here for the commands and scripts.
export {
  addOurHooks,
  ASYNC_TIMEOUT,
  HOOK_SPECS,
  hookCommand,
  hookEntry,
  hookScriptPath,
  hookTimeout,
  onPath,
  pluginHooksJson,
  runsAsync,
  scopedHookCommand,
  settingsPath,
  type HookEntry,
  type HookSpec,
  type Scope,
} from './hook-specs.js';
export { installedHookCommands, isOurCommand, isOurScript };

/** Settings files bigger than this are not ours to rewrite (Claude Code's are a few KiB). */
const MAX_SETTINGS_BYTES = 4 * 1024 * 1024;

/**
 * Where a settings file is really written, and under which root:
 *   - a project's `.claude/settings*.json` (a repository's content): the project folder is the
 *     root; a symlinked `.claude` folder or a symlinked / special settings file is refused with a
 *     `fix:` — a repository must not be able to point our write at a file elsewhere;
 *   - the user's `~/.claude/settings.json`: the user's own. A `~/.claude` that is a link (dotfiles)
 *     is used, and a settings.json that is a link to a regular file (dotfiles managed with stow or
 *     chezmoi) is written THROUGH the link, atomically at its target, so the link stays in place.
 *     A link to anything but a regular file (a FIFO, a folder, a dangling link) is refused.
 */
interface SettingsTarget {
  /** The file named in messages (as the user knows it). */
  file: string;
  /** The file actually read and written. */
  real: string;
  /** The root the write is contained in. */
  root: string;
}

function unsafeSettings(file: string, why: string): CliError {
  return new CliError(
    `${file} ${why}; nothing was changed`,
    `replace it with a real file (or folder) of its own, or add the hooks by hand (see \`self-gen install --help\`)`,
  );
}

function settingsTarget(scope: Scope, file: string, opts: { projectDir?: string }): SettingsTarget {
  const dir = dirname(file);
  if (scope !== 'user') {
    const root = realDir(resolve(opts.projectDir ?? process.cwd()));
    if (!root) throw new CliError(`${dirname(dir)} is not an existing folder`, 'pass --project-dir <folder>');
    const st = lstatOrNull(dir);
    if (st && (st.isSymbolicLink() || !st.isDirectory()))
      throw unsafeSettings(dir, 'is a symbolic link or not a folder (self-gen never writes through it)');
    const real = join(root, '.claude', file.slice(dir.length + 1));
    const fst = lstatOrNull(real);
    if (fst && !fst.isFile()) throw unsafeSettings(file, 'is a symbolic link or not a regular file');
    return { file, real, root };
  }
  const home = resolve(dirname(dir));
  const fst = lstatOrNull(file);
  if (fst?.isSymbolicLink()) {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      throw unsafeSettings(file, 'is a symbolic link to nothing');
    }
    if (!lstatOrNull(real)?.isFile())
      throw unsafeSettings(file, 'is a symbolic link to something not a regular file');
    return { file, real, root: dirname(real) };
  }
  if (fst && !fst.isFile()) throw unsafeSettings(file, 'is not a regular file');
  const realClaude = realDir(dir);
  if (realClaude) return { file, real: join(realClaude, 'settings.json'), root: realClaude };
  if (lstatOrNull(dir)) throw unsafeSettings(dir, 'is not a folder');
  return { file, real: file, root: home };
}

function readSettings(file: string, real = file): { text: string | null; obj: Json } {
  if (!lstatOrNull(real)) return { text: null, obj: {} };
  const r = readRegularText(real, { maxBytes: MAX_SETTINGS_BYTES + 1 });
  if (r === null) throw unsafeSettings(file, 'is not a regular file or cannot be read');
  if (Buffer.byteLength(r) > MAX_SETTINGS_BYTES)
    throw new CliError(`${file} is larger than 4 MiB; nothing was changed`, 'check the file by hand');
  const text = r;
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

/** The settings files self-generation is installed in (from the install record). */
export function installedSettingsFiles(env?: NodeJS.ProcessEnv): string[] {
  return Object.keys(readManifest(env));
}

function writeManifest(m: Manifest, env?: NodeJS.ProcessEnv): void {
  const f = manifestFile(env);
  const home = ensureHome(dirname(f));
  markHome(home);
  writeFileAtomicIn(home, join(home, 'install.json'), JSON.stringify(m, null, 2) + '\n', 0o600);
}

/** Writes a settings file inside its root (folders made one at a time, never through a link). */
function atomicWrite(t: SettingsTarget, text: string): void {
  try {
    ensureDirIn(t.root, dirname(t.real), 0o755);
    writeFileAtomicIn(t.root, t.real, text, Number(lstatOrNull(t.real)?.mode ?? 0o644) & 0o777);
  } catch (e) {
    if (e instanceof UnsafePathError) throw unsafeSettings(t.file, 'is reached through a symbolic link');
    throw e;
  }
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

export interface InstallResult {
  settingsPath: string;
  changed: boolean;
  /** A copy of the file as it was before this install (in the data home; removed by uninstall). */
  backup: string | null;
  hooks: number;
}

function installDir(env: NodeJS.ProcessEnv): string {
  return join(paths(env).home, 'install');
}
function copyPath(env: NodeJS.ProcessEnv, file: string, kind: 'orig' | 'bak'): string {
  return join(installDir(env), `settings-${sha(file).slice(0, 12)}.${kind}.json`);
}
function writePrivate(env: NodeJS.ProcessEnv, target: string, text: string): void {
  const home = resolve(paths(env).home);
  ensureHomeDir(home, installDir(env));
  writeFileAtomicIn(home, resolve(target), text, 0o600);
}
function removeQuietly(file: string | null | undefined, root: string): void {
  if (!file) return;
  try {
    // Never through a link: only a regular file of ours, reached through real folders, is removed.
    if (lstatOrNull(file)?.isFile()) unlinkIn(root, resolve(file));
  } catch {}
}

export function install(
  scope: Scope,
  opts: { env?: NodeJS.ProcessEnv; projectDir?: string; script?: string; mode?: HookMode } = {},
): InstallResult {
  const env = opts.env ?? process.env;
  const mode = opts.mode ?? readHookMode(env);
  const file = settingsPath(scope, opts);
  const script = opts.script ?? hookScriptPath();
  const target = settingsTarget(scope, file, opts);
  const home = resolve(paths(env).home);
  const { text, obj } = readSettings(file, target.real);
  const manifest = readManifest(env);
  const prev = manifest[file];
  const known = new Set(prev?.commands ?? []);
  const desired = structuredClone(obj);
  stripOurHooks(desired, known);
  addOurHooks(desired, script, mode, env, scope);
  const newText = JSON.stringify(desired, null, 2) + '\n';
  if (text !== null && newText === text) {
    return { settingsPath: file, changed: false, backup: null, hooks: HOOK_SPECS.length };
  }
  let backup: string | null = null;
  if (text !== null) {
    backup = copyPath(env, file, 'bak');
    writePrivate(env, backup, text);
  }
  // What uninstall may give back byte for byte: the file as it was before our first install, as
  // long as nobody changed the file since we last wrote it. A file deleted or edited in between
  // makes that copy stale: it is dropped, and uninstall then only takes our entries out (or
  // removes the file again when it did not exist when we wrote it).
  let pristine = prev?.pristine ?? null;
  let originalExisted = prev ? prev.originalExisted : text !== null;
  const stale = prev && (text === null || sha(text) !== prev.writtenSha256);
  if (stale) {
    removeQuietly(pristine, home);
    pristine = null;
    originalExisted = text !== null;
  }
  if (!prev && text !== null) {
    pristine = copyPath(env, file, 'orig');
    writePrivate(env, pristine, text);
  }
  atomicWrite(target, newText);
  manifest[file] = {
    settingsPath: file,
    installedAt: new Date().toISOString(),
    originalExisted,
    pristine,
    writtenSha256: sha(newText),
    commands: HOOK_SPECS.map((s) => hookEntry(s, script, mode, env, scope).command!),
  };
  writeManifest(manifest, env);
  return { settingsPath: file, changed: true, backup, hooks: HOOK_SPECS.length };
}

export interface UninstallResult {
  settingsPath: string;
  removed: number;
  /** `missing`: the file does not exist (any more): nothing is written, nothing is recreated. */
  restored: 'original' | 'edited' | 'deleted' | 'unchanged' | 'missing';
}

export function uninstall(
  scope: Scope,
  opts: { env?: NodeJS.ProcessEnv; projectDir?: string } = {},
): UninstallResult {
  const env = opts.env ?? process.env;
  const file = settingsPath(scope, opts);
  const home = resolve(paths(env).home);
  let target: SettingsTarget | null = null;
  try {
    target = settingsTarget(scope, file, opts);
  } catch (e) {
    if (lstatOrNull(file)) throw e; // a settings file we may not write: refused, with the fix
  }
  const manifest = readManifest(env);
  const entry = manifest[file];
  const forget = () => {
    removeQuietly(entry?.pristine, home);
    removeQuietly(copyPath(env, file, 'bak'), home);
    // Older versions left their backup next to the settings file.
    if (target) removeQuietly(`${file}.self-gen.bak`, target.root);
    if (entry) {
      delete manifest[file];
      writeManifest(manifest, env);
    }
  };
  if (!target || !existsSync(target.real)) {
    forget();
    return { settingsPath: file, removed: 0, restored: 'missing' };
  }
  const { text, obj } = readSettings(file, target.real);
  const known = new Set(entry?.commands ?? []);
  let result: UninstallResult;
  if (entry && text !== null && sha(text) === entry.writtenSha256) {
    // Untouched since we wrote it: give back the user's file byte for byte.
    const removed = stripOurHooks(structuredClone(obj), known);
    if (entry.originalExisted && entry.pristine && existsSync(entry.pristine)) {
      atomicWrite(target, readFileSync(entry.pristine, 'utf8')); // our own copy in the data home
      result = { settingsPath: file, removed, restored: 'original' };
    } else if (!entry.originalExisted) {
      unlinkIn(target.root, target.real); // the file we created; a link is removed as a link
      result = { settingsPath: file, removed, restored: 'deleted' };
    } else {
      stripOurHooks(obj, known);
      atomicWrite(target, JSON.stringify(obj, null, 2) + '\n');
      result = { settingsPath: file, removed, restored: 'edited' };
    }
  } else {
    const removed = stripOurHooks(obj, known);
    if (removed > 0) atomicWrite(target, JSON.stringify(obj, null, 2) + '\n');
    result = { settingsPath: file, removed, restored: removed > 0 ? 'edited' : 'unchanged' };
  }
  forget();
  return result;
}

/** Where our hooks are installed now (user and/or project settings), and whether the script exists. */
export function installedHooks(file: string): { events: string[]; scripts: string[]; portable: boolean } {
  try {
    const { obj } = readSettings(file);
    const hooks = (obj.hooks ?? {}) as Record<string, MatcherGroup[]>;
    const events: string[] = [];
    const scripts = new Set<string>();
    let portable = false;
    for (const [event, groups] of Object.entries(hooks)) {
      for (const g of Array.isArray(groups) ? groups : []) {
        for (const hk of g?.hooks ?? []) {
          if (isOurCommand(hk?.command, new Set())) {
            events.push(event);
            const m = /"([^"]+(?:hook\.c?js|hook-warm\.sh|hook-warm\.bash))"/.exec(String(hk.command));
            if (m) scripts.add(m[1]!);
            else if (CLI_HOOK.test(String(hk.command))) portable = true;
          }
        }
      }
    }
    return { events, scripts: [...scripts], portable };
  } catch {
    return { events: [], scripts: [], portable: false };
  }
}
