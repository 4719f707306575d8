// Project identity: CLAUDE_PROJECT_DIR, else the git top level of cwd, else cwd (docs/architecture.md).
// The git top level is found by walking up to a `.git` entry: no `git` process on the hot path.
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { lstatOrNull, readRegularText } from './safe-fs.js';

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

const repoCache = new Map<string, string>();

/** `git@github.com:Org/Repo.git`, `https://user@github.com/org/repo` → `github.com/org/repo`. */
function normalizeRemote(url: string): string {
  return url
    .trim()
    .replace(/^[a-z+]+:\/\//i, '')
    .replace(/^[^@/]+@/, '')
    .replace(/^([^/:]+):(?!\d+\/)/, '$1/')
    .replace(/\.git\/?$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/**
 * Which repository a project is, so that clones and worktrees of one repository count as one
 * project (issue #22.3): its `origin` remote when it has one, else its git folder (a worktree's
 * common folder), else the path. A few small reads of regular files; never a `git` process.
 */
export function repoIdentity(projectPath: string): string {
  const hit = repoCache.get(projectPath);
  if (hit) return hit;
  let id = `path:${projectPath}`;
  try {
    let gitDir = join(projectPath, '.git');
    const st = lstatOrNull(gitDir);
    if (st?.isFile()) {
      const m = /^gitdir:\s*(.+)$/m.exec(readRegularText(gitDir, { maxBytes: 4096 }) ?? '');
      if (m) {
        gitDir = resolve(projectPath, m[1]!.trim());
        const common = readRegularText(join(gitDir, 'commondir'), { maxBytes: 4096 });
        if (common?.trim()) gitDir = resolve(gitDir, common.trim());
      }
    }
    if (st) {
      const config = readRegularText(join(gitDir, 'config'), { maxBytes: 65536 }) ?? '';
      const origin = /\[remote\s+"origin"\]([^[]*)/.exec(config)?.[1];
      const url = origin ? /^\s*url\s*=\s*(\S+)/m.exec(origin)?.[1] : undefined;
      id = url ? `remote:${normalizeRemote(url)}` : `git:${gitDir.replace(/\/\.git\/?$/, '')}`;
    }
  } catch {
    // the path itself
  }
  repoCache.set(projectPath, id);
  return id;
}
