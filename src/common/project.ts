// Project identity: CLAUDE_PROJECT_DIR, else the git top level of cwd, else cwd (docs/architecture.md).
// The git top level is found by walking up to a `.git` entry: no `git` process on the hot path.
import { basename, resolve } from 'node:path';
import { gitTop } from './repository.js';

/** The nearest folder from `start` up holding a `.git` entry (of any kind: it is never followed). */
export const findGitRoot = gitTop;

export function getProjectPath(cwd?: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CLAUDE_PROJECT_DIR;
  if (fromEnv && fromEnv.trim()) return resolve(fromEnv);
  const base = cwd && cwd.trim() ? cwd : process.cwd();
  return findGitRoot(base) ?? resolve(base);
}

export function getProjectName(projectPath: string): string {
  return basename(projectPath) || projectPath;
}

/** Which repository a project folder is (common/repository.ts): sub-folders and worktrees are one. */
export { repoIdentity } from './repository.js';
