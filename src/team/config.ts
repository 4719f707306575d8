// The `team` section of config.json: the store's URL (never its password: secret.ts), the members
// muted here, the connect timeout. Written by `self-gen team connect|disconnect|mute|unmute`.
import * as z from 'zod/mini';
import { basename, join } from 'node:path';
import { getSection, loadConfig, type LoadedConfig } from '../common/config.js';
import { paths } from '../common/paths.js';
import { ensureHome, writeFileAtomicIn } from '../common/safe-fs.js';

export const TeamConfig = z.object({
  /** postgres://user@host/db?sslmode=… (no password). Absent: the team store is off. */
  url: z.optional(z.string()),
  /** Members whose fixes are never pulled here. */
  muted: z._default(z.array(z.string()), []),
  /** How long a sync (or doctor) waits for the server to answer a connection. */
  connectTimeoutMs: z._default(z.number().check(z.int(), z.minimum(100), z.maximum(60_000)), 3000),
});
export type TeamConfigT = z.infer<typeof TeamConfig>;

export function teamConfig(config: LoadedConfig): TeamConfigT {
  return getSection(config, 'team', TeamConfig);
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
