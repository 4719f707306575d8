// Temporary homes and projects for tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
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

/** A temporary SELF_GEN_HOME, HOME, XDG_RUNTIME_DIR and project folder; env has them set (and no inherited overrides). */
export function tempEnv(prefix = 'sg-test-'): TempEnv {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, 'sg-home');
  const project = join(dir, 'proj');
  mkdirSync(project, { recursive: true });
  mkdirSync(join(project, '.git'));
  mkdirSync(join(dir, 'user-home'));
  // The runtime folder (where events wait when the data folder cannot be written): the test's own.
  mkdirSync(join(dir, 'xdg'), { mode: 0o700 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SELF_GEN_HOME: home,
    HOME: join(dir, 'user-home'),
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

/** Makes `dir` a git repository (`git init`), with an `origin` remote when given. */
export function gitProject(dir: string, o: { remote?: string } = {}): string {
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  };
  git('init', '-q', dir);
  if (o.remote) git('-C', dir, 'remote', 'add', 'origin', o.remote);
  return dir;
}
