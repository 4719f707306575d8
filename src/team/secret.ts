// Where the team store's password lives: SELF_GEN_TEAM_PASSWORD, else a 0600 file of the data home
// (never config.json), else what pg itself reads (PGPASSWORD, ~/.pgpass).
import { join } from 'node:path';
import { paths } from '../common/paths.js';
import { ensureHome, readTextIn, unlinkIn, writeFileAtomicIn } from '../common/safe-fs.js';

export const PASSWORD_ENV = 'SELF_GEN_TEAM_PASSWORD';

export const secretFile = (env: NodeJS.ProcessEnv) => join(paths(env).home, 'team-password');

export function savePassword(env: NodeJS.ProcessEnv, password: string): string {
  const home = ensureHome(paths(env).home);
  const file = join(home, 'team-password');
  writeFileAtomicIn(home, file, password, 0o600);
  return file;
}

export function loadPassword(env: NodeJS.ProcessEnv): string | null {
  const fromEnv = env[PASSWORD_ENV];
  if (fromEnv) return fromEnv;
  const text = readTextIn(paths(env).home, secretFile(env), { maxBytes: 4096 });
  return text === null || text === '' ? null : text;
}

export function removePassword(env: NodeJS.ProcessEnv): void {
  try {
    unlinkIn(paths(env).home, secretFile(env));
  } catch {}
}
