// The `team` section of config.json (declared in common/config-registry.ts): the store's URL (never
// its password: secret.ts), the members muted here, the connect timeout. Written by
// `self-gen team connect|disconnect|mute|unmute`.
import { basename, join } from 'node:path';
import { getSection, loadConfig, type LoadedConfig } from '../common/config.js';
import type { TeamConfigT } from '../common/config-registry.js';
import { paths } from '../common/paths.js';
import { ensureHome, writeFileAtomicIn } from '../common/safe-fs.js';

export function teamConfig(config: LoadedConfig): TeamConfigT {
  return getSection(config, 'team');
}

/** Changes the `team` section of config.json (other keys untouched). */
export function writeTeamConfig(env: NodeJS.ProcessEnv, patch: (t: Record<string, unknown>) => void): void {
  const config = loadConfig(env);
  if (config.problems.some((p) => /invalid JSON|not a regular file|cannot be read/.test(p)))
    throw new Error(`${config.path} cannot be read as JSON: fix it first`);
  const raw = structuredClone(config.raw);
  const team = (raw.team && typeof raw.team === 'object' ? raw.team : {}) as Record<string, unknown>;
  patch(team);
  if (Object.keys(team).length) raw.team = team;
  else delete raw.team;
  const home = ensureHome(paths(env).home);
  writeFileAtomicIn(
    home,
    join(home, basename(paths(env).config)),
    JSON.stringify(raw, null, 2) + '\n',
    0o600,
  );
}
