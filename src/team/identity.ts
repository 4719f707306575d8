// A project's identity in the team store: its repository's remote URL (origin), normalised and
// hashed, so clones on every machine of every teammate agree and no URL leaves the machine. A
// folder without a remote gets an identity of its own (this machine and path, hashed).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';

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

function originUrl(projectPath: string): string | null {
  try {
    const out = execFileSync('git', ['-C', projectPath, 'config', '--get', 'remote.origin.url'], {
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return out || null;
  } catch {
    return null;
  }
}

export function projectIdentity(projectPath: string, machine: string): ProjectIdentity {
  const remote = originUrl(projectPath);
  if (remote) {
    const norm = normaliseRemote(remote);
    return { id: sha(`remote:${norm}`), name: norm.split('/').pop() || basename(projectPath) };
  }
  return { id: sha(`path:${machine}:${projectPath}`), name: basename(projectPath) || projectPath };
}
