// Which hook commands are ours: the installer (src/cli/install.ts) uses it to add and remove exactly
// its own entries, the session-end hook-latency step (src/recording/hook-timing.ts) to count only our
// hooks. The install record (<data home>/install.json) is written by the installer only.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { paths } from './paths.js';

export const NODE_HOOK = /^node "([^"]+\/dist\/hook\.c?js)" [A-Za-z]+$/;
export const CLI_HOOK = /^self-gen hook [A-Za-z]+$/;
export const WARM_HOOK = /^sh "([^"]+\/dist\/hook-warm\.sh)" [A-Za-z]+(?: "[^"]*")?$/;
/** The bash client: `"<bash>" -p "…/dist/hook-warm.bash" <Event> "<port file>"` (also without -p). */
export const WARM_BASH_HOOK =
  /^"\/[^"]*\/bash" (?:-p )?"([^"]+\/dist\/hook-warm\.bash)" [A-Za-z]+(?: "[^"]*")?$/;

export function isOurScript(script: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(join(dirname(script), '..', 'package.json'), 'utf8')) as {
      name?: string;
    };
    return pkg.name === 'self-generation';
  } catch {
    return /self-gen/.test(script);
  }
}

/**
 * Our entries: the commands recorded at install, or any `node "…/dist/hook.cjs" Event` (or hook.js),
 * `sh "…/dist/hook-warm.sh" Event …` or `"…/bash" "…/dist/hook-warm.bash" Event …` of this package.
 */
export function isOurCommand(command: unknown, known: Set<string>): boolean {
  if (typeof command !== 'string') return false;
  if (known.has(command) || CLI_HOOK.test(command)) return true;
  const m = NODE_HOOK.exec(command) ?? WARM_HOOK.exec(command) ?? WARM_BASH_HOOK.exec(command);
  return !!m && isOurScript(m[1]!);
}

export interface ManifestEntry {
  settingsPath: string;
  installedAt: string;
  originalExisted: boolean;
  /** A copy of the file as it was before the first install (byte for byte). */
  pristine: string | null;
  writtenSha256: string;
  commands: string[];
}
export type Manifest = Record<string, ManifestEntry>;

export function manifestFile(env?: NodeJS.ProcessEnv): string {
  return join(paths(env).home, 'install.json');
}

export function readManifest(env?: NodeJS.ProcessEnv): Manifest {
  try {
    return JSON.parse(readFileSync(manifestFile(env), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** Every hook command the install record holds (all settings files). */
export function installedHookCommands(env?: NodeJS.ProcessEnv): Set<string> {
  const out = new Set<string>();
  for (const e of Object.values(readManifest(env)))
    for (const c of Array.isArray(e?.commands) ? e.commands : []) if (typeof c === 'string') out.add(c);
  return out;
}
