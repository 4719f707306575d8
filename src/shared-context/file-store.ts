// The on-disk store: `<project>/.claude/shared-context/<session-id>/` holding one
// `<agent-type>-<agent-id>.md` per contribution and `_summary.md` (FR-1). Ids are sanitized before
// they become path parts; writes are atomic (temp file + rename), so readers never see half a file.
// Every read, write and delete goes through common/safe-fs: nothing is followed through
// a symlink inside `.claude/shared-context`, nothing outside the project is touched, only regular
// files are read (with a size bound).
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findGitRoot } from '../common/project.js';
import {
  appendFileIn,
  dirState,
  ensureDirIn,
  lstatOrNull,
  readRegularText,
  removeTreeIn,
  writeFileAtomicIn,
  type DirState,
} from '../common/safe-fs.js';
import { withLock } from '../common/lock.js';

export const STORE_DIR = join('.claude', 'shared-context');
export const SUMMARY_FILE = '_summary.md';
export const LOCK_SUFFIX = '.lock';
/** The line added to the project's .gitignore (NFR-3). */
export const GITIGNORE_LINE = '.claude/shared-context/';

/**
 * A safe single path part: [A-Za-z0-9._-] only, no leading dot, at most 100 characters. When the
 * input had to change, a short hash of the original is appended so two different ids never meet
 * in one name (`a/b` and `a_b` stay apart).
 */
export function sanitizePart(raw: string | undefined | null, fallback = 'unknown'): string {
  const s = String(raw ?? '');
  if (!s) return fallback;
  let clean = s
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .replace(/\.{2,}/g, '_')
    .slice(0, 100);
  if (!clean) clean = fallback;
  if (clean !== s) clean = `${clean.slice(0, 90)}-${createHash('sha1').update(s).digest('hex').slice(0, 8)}`;
  return clean;
}

export interface SessionPaths {
  /** The project folder everything lives under (the containment root). */
  project: string;
  root: string;
  dir: string;
  summary: string;
  lock: string;
  /** The session folder name (sanitized session id). */
  session: string;
}

export function storeRoot(projectPath: string): string {
  return join(projectPath, STORE_DIR);
}

export function sessionPaths(projectPath: string, sessionId: string): SessionPaths {
  const root = storeRoot(projectPath);
  const session = sanitizePart(sessionId, 'session');
  const dir = join(root, session);
  return {
    project: projectPath,
    root,
    dir,
    summary: join(dir, SUMMARY_FILE),
    lock: join(dir, SUMMARY_FILE + LOCK_SUFFIX),
    session,
  };
}

/** `<agent-type>-<agent-id>.md`, both parts sanitized. */
export function agentFileName(agentType: string | undefined, agentId: string | undefined): string {
  return `${sanitizePart(agentType, 'agent')}-${sanitizePart(agentId, 'unknown')}.md`;
}

/** The agent file path relative to the project (what the instruction names). */
export function agentFileRel(
  sessionId: string,
  agentType: string | undefined,
  agentId: string | undefined,
): string {
  return `${STORE_DIR.split('\\').join('/')}/${sanitizePart(sessionId, 'session')}/${agentFileName(agentType, agentId)}`;
}

/** The most a store file (summary, agent file, .gitignore) is read: 2 MiB. */
export const TEXT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A store file's text: only a regular file (a FIFO, device or folder gives null, without blocking),
 * never through a symlink at the file itself, at most TEXT_MAX_BYTES.
 */
export function readText(path: string): string | null {
  return readRegularText(path, { noFollow: true, maxBytes: TEXT_MAX_BYTES });
}

/** Whether the store folder of a project is usable: 'unsafe' when a part of it is a symlink. */
export function storeState(projectPath: string, dir = storeRoot(projectPath)): DirState {
  return dirState(projectPath, dir);
}

/**
 * Writes through a temp file in the same folder and renames it into place. The file must lie in a
 * real folder inside the project (no symlink on the way, none at the file itself).
 */
export function writeAtomic(projectPath: string, path: string, text: string): void {
  writeFileAtomicIn(projectPath, path, text, 0o600);
}

/**
 * Creates the session folder, one component at a time under the (existing) project folder, refusing
 * symlinks. Returns true when this call created it (the first writer of the session), so one-time
 * work (the .gitignore line) is done by exactly one process.
 */
export function ensureSessionDir(p: SessionPaths): boolean {
  return ensureDirIn(p.project, p.dir, 0o700);
}

const IGNORED_ALREADY = new Set([
  '.claude/shared-context/',
  '.claude/shared-context',
  '/.claude/shared-context/',
  '/.claude/shared-context',
  '.claude/shared-context/*',
  '.claude/shared-context/**',
  '.claude/',
  '.claude',
  '/.claude/',
  '/.claude',
  '.claude/*',
  '.claude/**',
]);

export function gitignoreCovers(text: string): boolean {
  return text.split('\n').some((l) => IGNORED_ALREADY.has(l.trim()));
}

/**
 * Adds `.claude/shared-context/` to the project's .gitignore once: only in a git project (or one
 * that already has a .gitignore), only when not covered yet, under a lock so two first writers
 * never both append. Returns true when the line was added.
 */
export function ensureGitignore(projectPath: string, root: string): boolean {
  const file = join(projectPath, '.gitignore');
  // A .gitignore that is a symlink, a FIFO or anything but a regular file is left alone.
  const st = lstatOrNull(file);
  if (st && !st.isFile()) return false;
  const current = readText(file);
  if (st && current === null) return false;
  if (current === null && findGitRoot(projectPath) === null) return false;
  if (current !== null && gitignoreCovers(current)) return false;
  if (storeState(projectPath, root) !== 'ok') return false;
  const r = withLock(join(root, '.gitignore.lock'), { timeoutMs: 300 }, () => {
    const now = readText(file);
    if (now === null && lstatOrNull(file)) return false;
    if (now !== null && gitignoreCovers(now)) return false;
    const sep = now && !now.endsWith('\n') ? '\n' : '';
    appendFileIn(
      projectPath,
      file,
      `${sep}# self-generation: per-session notes shared between subagents\n${GITIGNORE_LINE}\n`,
      0o644,
    );
    return true;
  });
  return r.ran ? r.value : false;
}

/** The newest mtime of the files in a session folder (its own mtime when it holds no file). */
export function newestFileMtime(dir: string): number {
  let newest = -1;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return -1;
  }
  for (const name of names) {
    try {
      const st = lstatSync(join(dir, name));
      if (st.isFile() && st.mtimeMs > newest) newest = st.mtimeMs;
    } catch {}
  }
  if (newest < 0) {
    try {
      newest = lstatSync(dir).mtimeMs;
    } catch {}
  }
  return newest;
}

export interface SessionInfo {
  session: string;
  dir: string;
  newestMs: number;
  files: number;
}

/** The session folders of a project, newest first. */
export function listSessions(projectPath: string): SessionInfo[] {
  const root = storeRoot(projectPath);
  // A store folder reached through a symlink (`.claude` or `shared-context` a link) is not ours.
  if (storeState(projectPath, root) !== 'ok') return [];
  let names: string[] = [];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const out: SessionInfo[] = [];
  for (const name of names) {
    const dir = join(root, name);
    try {
      if (!lstatSync(dir).isDirectory()) continue;
    } catch {
      continue;
    }
    let files = 0;
    try {
      files = readdirSync(dir).filter((n) => n.endsWith('.md')).length;
    } catch {}
    out.push({ session: name, dir, newestMs: newestFileMtime(dir), files });
  }
  return out.sort((a, b) => b.newestMs - a.newestMs);
}

/**
 * FR-5.1: deletes session folders whose newest file is older than the TTL. `keep` (the current
 * session folder) is never deleted. Symlinks and plain files in the root are left alone; a session
 * folder is deleted without following any symlink inside it, and nothing is deleted when the store
 * folder itself is reached through a symlink.
 */
export function cleanupExpired(projectPath: string, ttlMs: number, nowMs: number, keep?: string): string[] {
  const removed: string[] = [];
  for (const s of listSessions(projectPath)) {
    if (s.session === keep) continue;
    if (s.newestMs < 0 || nowMs - s.newestMs <= ttlMs) continue;
    try {
      if (removeTreeIn(projectPath, s.dir)) removed.push(s.session);
    } catch {}
  }
  return removed;
}

/** Agent contribution files of a session folder (every `.md` but the summary). */
export function agentFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.md') && n !== SUMMARY_FILE && !n.startsWith('.'));
  } catch {
    return [];
  }
}

export function relToProject(projectPath: string, path: string): string {
  const rel = relative(projectPath, path);
  return rel && !rel.startsWith('..') && !rel.startsWith('/') ? rel.split('\\').join('/') : path;
}

export function exists(path: string): boolean {
  return existsSync(path);
}
