// Temporary homes and projects for tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { endProcessesIn } from './processes.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const FIXTURES = resolve(ROOT, 'test', 'fixtures', 'claude-code-2.1.197');
export const HOOK_JS = join(ROOT, 'dist', 'hook.cjs');
export const CLI_JS = join(ROOT, 'dist', 'cli.js');

export interface TempEnv {
  dir: string;
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
  cleanup: () => void;
}

/**
 * Inherited variables that carry the user's own configuration of npm, git or Claude Code: `npm test`
 * exports every npm setting of the user as npm_config_*, and git reads GIT_CONFIG_* (and
 * GIT_CONFIG_COUNT/KEY/VALUE) as configuration. None of them reaches a test's processes.
 */
export const USER_CONFIG_VAR =
  /^(npm_config_|GIT_CONFIG|GIT_DIR$|GIT_WORK_TREE$|GIT_INDEX_FILE$|GIT_EXEC_PATH$|CLAUDE_CONFIG_DIR$|XDG_CONFIG_HOME$)/i;

/**
 * The environment of a test's processes: `base` (default process.env) without the user's
 * configuration (USER_CONFIG_VAR), with HOME = `home`, and npm and git pointed at empty
 * configuration files in `dir` (npm's user and global npmrc; git's global config, no system
 * config). npm still reads the project's own .npmrc (the one in the folder it runs in).
 */
export function hermeticEnv(
  dir: string,
  home: string,
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const cfg = join(dir, 'user-config');
  mkdirSync(cfg, { recursive: true });
  mkdirSync(home, { recursive: true });
  for (const f of ['npmrc', 'global-npmrc', 'gitconfig']) writeFileSync(join(cfg, f), '');
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (!USER_CONFIG_VAR.test(k) && v !== undefined) env[k] = v;
  return {
    ...env,
    HOME: home,
    npm_config_userconfig: join(cfg, 'npmrc'),
    npm_config_globalconfig: join(cfg, 'global-npmrc'),
    npm_config_update_notifier: 'false',
    GIT_CONFIG_GLOBAL: join(cfg, 'gitconfig'),
    GIT_CONFIG_NOSYSTEM: '1',
  };
}

/** A temporary SELF_GEN_HOME, HOME, XDG_RUNTIME_DIR and project folder; env has them set (and no inherited overrides or user configuration). */
export function tempEnv(prefix = 'sg-test-'): TempEnv {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, 'sg-home');
  const project = join(dir, 'proj');
  mkdirSync(project, { recursive: true });
  mkdirSync(join(project, '.git'));
  // The runtime folder (where events wait when the data folder cannot be written): the test's own.
  mkdirSync(join(dir, 'xdg'), { mode: 0o700 });
  const env: NodeJS.ProcessEnv = {
    ...hermeticEnv(dir, join(dir, 'user-home')),
    SELF_GEN_HOME: home,
    XDG_RUNTIME_DIR: join(dir, 'xdg'),
  };
  delete env.CLAUDE_PROJECT_DIR;
  delete env.SELF_GEN_DEBUG;
  delete env.SELF_GEN_DISABLE;
  return {
    dir,
    home,
    project,
    env,
    // a worker or server the test's hooks started may still be writing here: end it first
    cleanup: () => {
      endProcessesIn([dir]);
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** process.env for git run by a test: none of the user's configuration (no global, no system config). */
export function gitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!USER_CONFIG_VAR.test(k) && v !== undefined) env[k] = v;
  return { ...env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', ...extra };
}

/** Makes `dir` a git repository (`git init`), with an `origin` remote when given. */
export function gitProject(dir: string, o: { remote?: string } = {}): string {
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { encoding: 'utf8', timeout: 120_000, env: gitEnv() });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  };
  git('init', '-q', dir);
  if (o.remote) git('-C', dir, 'remote', 'add', 'origin', o.remote);
  return dir;
}
