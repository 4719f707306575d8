// Which repository a project folder belongs to: the identity that decides whether a fix was
// confirmed "in this project" and how many repositories vouch for it (docs/security.md, "Project
// identity"). Small reads of regular files, never a `git` process; a `.git` that is a symlink is
// never followed; cached for a few seconds (the warm hook server asks on every hook).
//
// Two kinds of key:
//  - own: what the folder is, and cannot be claimed from inside it: the repository's storage (the
//    real path of its common git folder, so the top level, every sub-folder and every worktree share
//    it), else the git top-level folder, else the folder itself. Only this key grants trust ("this
//    project").
//  - claims: what the folder says about itself (its `origin` URL). Anything run in a repository
//    can change it, so a claim only merges: folders claiming one origin count as one repository
//    when repositories are counted, and never make each other "this project".
import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readRegularText } from './safe-fs.js';

export interface Repository {
  /** The git top level: the nearest folder, from the project up, holding a `.git` entry; null when none. */
  top: string | null;
  /** `git:<storage>` (verified), else `path:<top level or folder>`. */
  own: string;
  /** `remote:<normalised origin URL>` when the storage names one. */
  claims: string[];
  /** The origin URL as written in the repository's config, or null. */
  origin: string | null;
}

const lstat = (p: string): Stats | null => {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
};

/** The nearest folder from `start` up (itself included) that holds a `.git` entry of any kind. */
export function gitTop(start: string): string | null {
  let dir = resolve(start);
  for (let i = 0; i < 200; i++) {
    if (lstat(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return null;
}

/** A git folder: a real folder with a regular HEAD file and an object store (or a common folder). */
function isGitDir(dir: string): boolean {
  const st = lstat(dir);
  if (!st?.isDirectory() || !lstat(join(dir, 'HEAD'))?.isFile()) return false;
  return !!lstat(join(dir, 'objects'))?.isDirectory() || !!lstat(join(dir, 'commondir'))?.isFile();
}

const sameEntry = (a: string, b: string): boolean => {
  try {
    const x = lstatSync(a);
    const y = lstatSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
};

const readSmall = (p: string, max = 4096) => readRegularText(p, { maxBytes: max, noFollow: true });

/**
 * The storage a `.git` file (a worktree's or a submodule's) points to, only when that storage
 * points back at this working tree: a worktree's admin folder names this `.git` file in its
 * `gitdir`, a submodule's config names this folder in `core.worktree`. A `.git` file written to
 * claim another repository's storage gets no such link back, and so no storage.
 */
function linkedStorage(top: string): string | null {
  const file = join(top, '.git');
  const m = /^gitdir:[ \t]*(.+?)[ \t]*$/m.exec(readSmall(file) ?? '');
  if (!m) return null;
  const admin = resolve(top, m[1]!);
  if (!isGitDir(admin)) return null;
  const common = readSmall(join(admin, 'commondir'));
  if (common !== null) {
    const back = readSmall(join(admin, 'gitdir'))?.trim();
    if (!back || !sameEntry(resolve(admin, back), file)) return null;
    const dir = resolve(admin, common.trim());
    return isGitDir(dir) ? dir : null;
  }
  const worktree = configValue(readSmall(join(admin, 'config'), 65536) ?? '', 'core', null, 'worktree');
  return worktree && sameEntry(resolve(admin, worktree), top) ? admin : null;
}

/** A git config value unquoted, its comment removed. */
function configText(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i]!;
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n === 'b' ? '\b' : n;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}

/**
 * The last value of `section.subsection.key` in a git config file's text (section and key names
 * compare case-insensitively, the subsection exactly); `[include]` is not followed.
 */
export function configValue(
  text: string,
  section: string,
  subsection: string | null,
  key: string,
): string | null {
  let inSection = false;
  let value: string | null = null;
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (head) {
      let name = head[1]!.toLowerCase();
      let sub: string | null = head[2] === undefined ? null : head[2].replace(/\\(.)/g, '$1');
      if (sub === null && name.includes('.')) {
        // the old form [remote.origin]
        sub = name.slice(name.indexOf('.') + 1);
        name = name.slice(0, name.indexOf('.'));
      }
      inSection = name === section.toLowerCase() && sub === subsection;
      line = line.slice(head[0].length).trim();
      if (!line) continue;
    }
    if (!inSection) continue;
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (kv && kv[1]!.toLowerCase() === key.toLowerCase()) value = configText(kv[2] ?? 'true');
  }
  return value;
}

/** `git@github.com:Org/Repo.git`, `https://user@github.com/org/repo` → `github.com/org/repo`. */
export function normalizeRemote(url: string): string {
  return url
    .trim()
    .replace(/^[a-z+]+:\/\//i, '')
    .replace(/^[^@/]+@/, '')
    .replace(/^([^/:]+):(?!\d+\/)/, '$1/')
    .replace(/\.git\/?$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

function discover(projectPath: string): Repository {
  const folder = resolve(projectPath);
  const top = gitTop(folder);
  const none: Repository = { top, own: `path:${top ?? folder}`, claims: [], origin: null };
  if (!top) return none;
  const st = lstat(join(top, '.git'));
  let storage: string | null = null;
  if (st?.isDirectory() && isGitDir(join(top, '.git'))) storage = join(top, '.git');
  else if (st?.isFile()) storage = linkedStorage(top);
  // a symlinked `.git`, a folder that is no git folder, a `.git` file with no link back: the top
  // level is the project, by its path
  if (!storage) return none;
  let real: string;
  try {
    real = realpathSync(storage);
  } catch {
    return none;
  }
  const origin = configValue(readSmall(join(real, 'config'), 65536) ?? '', 'remote', 'origin', 'url');
  return {
    top,
    own: `git:${real.replace(/\/\.git$/, '')}`,
    claims: origin ? [`remote:${normalizeRemote(origin)}`] : [],
    origin: origin || null,
  };
}

const CACHE_MS = 10_000;
const cache = new Map<string, { at: number; repo: Repository }>();

/** The repository of a project folder (see the head of this file). Never throws. */
export function repositoryOf(projectPath: string, now = Date.now()): Repository {
  const hit = cache.get(projectPath);
  if (hit && now - hit.at < CACHE_MS) return hit.repo;
  let repo: Repository;
  try {
    repo = discover(projectPath);
  } catch {
    repo = { top: null, own: `path:${resolve(projectPath)}`, claims: [], origin: null };
  }
  if (cache.size > 500) cache.clear();
  cache.set(projectPath, { at: now, repo });
  return repo;
}

/** The identity stored with a confirmation (error_kb_fix_projects.repo): the own key, then the claims, one a line. */
export function repoIdentity(projectPath: string): string {
  const r = repositoryOf(projectPath);
  return [r.own, ...r.claims].join('\n');
}

export interface StoredIdentity {
  own: string;
  claims: string[];
}

/**
 * Reads a stored identity. Rows written before identities had two kinds hold one key: `remote:…`
 * (a claim: their own key is their folder), `git:…` or `path:…` (own); null: the folder.
 */
export function parseIdentity(stored: string | null, projectPath: string): StoredIdentity {
  const lines = (stored ?? '').split('\n').filter(Boolean);
  if (lines.length === 0) return { own: `path:${projectPath}`, claims: [] };
  if (lines[0]!.startsWith('remote:')) return { own: `path:${projectPath}`, claims: lines };
  return { own: lines[0]!, claims: lines.slice(1) };
}

/** How many repositories these identities are: any shared key (own or claimed) makes two one. */
export function countRepositories(ids: readonly StoredIdentity[]): number {
  const parent = ids.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const byKey = new Map<string, number>();
  ids.forEach((id, i) => {
    for (const k of [id.own, ...id.claims]) {
      const j = byKey.get(k);
      if (j === undefined) byKey.set(k, i);
      else parent[find(i)] = find(j);
    }
  });
  return new Set(ids.map((_, i) => find(i))).size;
}
