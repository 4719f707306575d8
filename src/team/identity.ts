// A project's identity in the team store: its repository's remote URL (origin), normalised and
// hashed, so clones on every machine of every teammate agree and no URL leaves the machine. A
// folder without a remote gets an identity of its own (this machine and its repository's storage,
// hashed: sub-folders and worktrees of one repository are one project). Read from the repository's
// files (common/repository.ts), never by running `git` in a project.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { repositoryOf } from '../common/repository.js';

export interface ProjectIdentity {
  id: string;
  /** A short display name: the repository's name ("payments-api"), else the folder's. */
  name: string;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** `git@github.com:Acme/payments-api.git`, `https://u@github.com/Acme/payments-api` → `github.com/acme/payments-api`. */
export function normaliseRemote(url: string): string {
  let s = url.trim();
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(s);
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) s = `${scp[1]}/${scp[2]}`;
  else s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^[^@/]*@/, '');
  return s
    .replace(/:\d+\//, '/')
    .replace(/\.git\/?$/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

export function projectIdentity(projectPath: string, machine: string): ProjectIdentity {
  const repo = repositoryOf(projectPath);
  const folder = repo.top ?? projectPath;
  if (repo.origin) {
    const norm = normaliseRemote(repo.origin);
    return { id: sha(`remote:${norm}`), name: norm.split('/').pop() || basename(folder) };
  }
  const where = repo.own.startsWith('git:') ? repo.own.slice(4) : folder;
  return { id: sha(`path:${machine}:${where}`), name: basename(folder) || folder };
}
