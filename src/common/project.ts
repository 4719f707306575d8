// Project identity: CLAUDE_PROJECT_DIR, else the git top level of cwd, else cwd (docs/architecture.md).
// The git top level is found by walking up to a `.git` entry: no `git` process on the hot path.
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

export function findGitRoot(start: string): string | null {
  let dir = resolve(start);
  for (let i = 0; i < 200; i++) {
    if (existsSync(`${dir}/.git`)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return null;
}

export function getProjectPath(cwd?: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CLAUDE_PROJECT_DIR;
  if (fromEnv && fromEnv.trim()) return resolve(fromEnv);
  const base = cwd && cwd.trim() ? cwd : process.cwd();
  return findGitRoot(base) ?? resolve(base);
}

export function getProjectName(projectPath: string): string {
  return basename(projectPath) || projectPath;
}
