// How the installed hooks run: `process` (each hook is `node dist/hook.cjs <Event>`) or `warm` (each
// hook is `"<bash>" dist/hook-warm.bash <Event> <port file>` — bash builtins hand the payload to the
// warm hook server over a token-checked 127.0.0.1 port — or, without a bash >= 4,
// `sh dist/hook-warm.sh <Event> <socket>` with curl over its Unix socket; both fall back to the
// process path). The mode is kept in <data home>/hooks-mode.json; `self-gen
// hooks --mode` rewrites the installed entries (settings files and the plugin's hooks/hooks.json).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path';
import { ensureHome, writeFileAtomicIn } from '../common/safe-fs.js';
import { hookServerPaths } from '../common/sockets.js';
import { distFile } from '../common/dist.js';
import { paths } from '../common/paths.js';
import type { HookEvent } from '../hook/contract/types.js';

export const HOOK_MODES = ['process', 'warm'] as const;
export type HookMode = (typeof HOOK_MODES)[number];

/**
 * The mode when none was chosen: warm where it can work (a bash >= 4, or a POSIX shell and curl),
 * else process.
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

/** Where a bash is looked for besides the PATH (macOS's /bin/bash is 3.2: Homebrew's is found after it). */
const BASH_PLACES = ['/bin/bash', '/usr/bin/bash', '/usr/local/bin/bash', '/opt/homebrew/bin/bash'];

/**
 * isBash4, remembered for the binary (its path, size, change time and inode) in
 * <data home>/bash-version.json: `status`, `doctor` and every command that reads the hook mode
 * would otherwise start a bash each time (30-90 ms on a busy machine). Written only into a data
 * home that exists.
 */
function isBash4Cached(bash: string, env: NodeJS.ProcessEnv): boolean {
  let id: string;
  try {
    const st = statSync(bash);
    id = `${bash}|${st.size}|${st.mtimeMs}|${st.ctimeMs}|${st.ino}`;
  } catch {
    return false;
  }
  const home = paths(env).home;
  const file = join(home, 'bash-version.json');
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as { id?: unknown; bash4?: unknown };
    if (c.id === id && typeof c.bash4 === 'boolean') return c.bash4;
  } catch {}
  const bash4 = isBash4(bash);
  try {
    if (existsSync(home)) {
      const real = ensureHome(home, 0o700);
      writeFileAtomicIn(real, join(real, basename(file)), JSON.stringify({ id, bash4 }) + '\n', 0o600);
    }
  } catch {}
  return bash4;
}

/** Whether `bash` runs and is version 4 or later (`read -N`, fractional `read -t`, `/dev/tcp`). */
function isBash4(bash: string): boolean {
  try {
    const v = execFileSync(bash, ['-c', 'echo "${BASH_VERSINFO[0]}"'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
      env: { PATH: process.env.PATH ?? '' },
    });
    return Number(v.trim()) >= 4;
  } catch {
    return false;
  }
}

const bashCache = new Map<string, string | null>();
/**
 * The absolute path of a bash >= 4 for the warm client (dist/hook-warm.bash), or null: then the curl
 * client. `SELF_GEN_HOOK_BASH` names one (`none`: always the curl client).
 */
export function warmBash(env: NodeJS.ProcessEnv = process.env): string | null {
  if (process.platform === 'win32') return null;
  const key = `${env.SELF_GEN_HOOK_BASH ?? ''}\0${env.PATH ?? ''}`;
  if (bashCache.has(key)) return bashCache.get(key)!;
  let found: string | null = null;
  const named = env.SELF_GEN_HOOK_BASH;
  const candidates =
    named === 'none'
      ? []
      : named
        ? [named]
        : [
            ...(env.PATH ?? '')
              .split(delimiter)
              .filter((d) => isAbsolute(d))
              .map((d) => join(d, 'bash')),
            ...BASH_PLACES,
          ];
  for (const c of candidates) {
    // It goes between double quotes in a command line: nothing a shell would expand there.
    if (!isAbsolute(c) || /["$`\\\n]/.test(c) || !existsSync(c)) continue;
    if (isBash4Cached(c, env)) {
      found = c;
      break;
    }
  }
  bashCache.set(key, found);
  return found;
}

function hasCurl(): boolean {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

let unavailable: string | null | undefined;
/** Why warm mode cannot work here (null when it can): it needs a bash >= 4, or a POSIX shell and curl. */
export function warmUnavailable(env: NodeJS.ProcessEnv = process.env): string | null {
  if (unavailable !== undefined) return unavailable;
  unavailable = null;
  if (process.platform === 'win32')
    unavailable = 'warm mode needs a POSIX shell and Unix sockets (not Windows)';
  else if (!warmBash(env) && !hasCurl())
    unavailable =
      'warm mode needs a bash >= 4 or curl on the PATH (the hook client hands payloads to the server with it)';
  return unavailable;
}

/** Which client warm-mode commands use here: the bash one (its path) or the curl one. */
export function warmClient(
  env: NodeJS.ProcessEnv = process.env,
): { kind: 'bash'; bash: string } | { kind: 'curl' } {
  const bash = warmBash(env);
  return bash ? { kind: 'bash', bash } : { kind: 'curl' };
}

/** dist/hook-warm.sh next to dist/hook.cjs. */
export function warmScriptFor(hookScript: string): string {
  return join(dirname(hookScript), 'hook-warm.sh');
}

/** dist/hook-warm.bash next to dist/hook.cjs. */
export function warmBashScriptFor(hookScript: string): string {
  return join(dirname(hookScript), 'hook-warm.bash');
}

/** The warm-mode command: the bash client when a bash >= 4 exists, else the curl one. */
export function warmCommand(
  event: HookEvent,
  hookScript: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const bash = warmBash(env);
  const hp = hookServerPaths(env);
  // -p: bash reads no BASH_ENV file and imports no functions from the environment (they could print
  // to the hook's stdout or redefine what the client runs)
  if (bash) return `"${bash}" -p "${warmBashScriptFor(hookScript)}" ${event} "${hp.port}"`;
  return `sh "${warmScriptFor(hookScript)}" ${event} "${hp.socket}"`;
}

export { WARM_HOOK, WARM_BASH_HOOK } from '../common/our-hooks.js';

/** The default data home's hook-server socket is the client's own default (no argument needed). */
export function pluginWarmArgs(event: HookEvent): { command: string; args: string[] } {
  return { command: 'sh', args: ['${CLAUDE_PLUGIN_ROOT}/dist/hook-warm.sh', event] };
}

export function hookScriptDefault(): string {
  return distFile('hook.cjs');
}
