// Safe file-system primitives: every path the product writes or deletes
// under a project or the data home goes through here.
//
//   - Containment: a path is used only when it lies inside a given root (whole components), and
//     every component between the root and the path is a real directory — a symlink component
//     inside our folders is refused, never followed (a hostile repository committing
//     `.claude/shared-context` as a link to `../..` gets nothing written or deleted there).
//   - Writes: atomic (temp file opened O_CREAT|O_EXCL|O_NOFOLLOW in the checked folder, then
//     rename); a symlink or any non-regular file at the final component is refused. Appends open
//     with O_NOFOLLOW and check fstat before writing.
//   - Deletes: lstat each entry, unlink links and files, recurse only into real directories.
//   - Directory creation: one component at a time under an existing root (never `recursive` past
//     it); the root itself must exist.
//   - Reads: O_NONBLOCK (a FIFO open never blocks) then fstat: only regular files are read, and at
//     most N bytes (the head, or the tail for transcripts).
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { readRegularText, type ReadOptions } from './safe-read.js';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

// The bounded, non-blocking reads live in safe-read.ts; every caller imports them from here.
export {
  DEFAULT_READ_MAX,
  readRegular,
  readRegularText,
  type ReadOptions,
  type ReadResult,
} from './safe-read.js';

/** Thrown when a path would leave its root or pass through a symlink / non-directory. */
export class UnsafePathError extends Error {
  readonly code = 'EUNSAFEPATH';
  constructor(message: string) {
    super(message);
    this.name = 'UnsafePathError';
  }
}

/** True when `path` is `root` itself or inside it, by whole path components (lexically). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(resolve(root), resolve(path));
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}

/**
 * The real path of an existing directory named by an absolute path; null for a relative path, a
 * missing path, or anything but a directory. (The root itself may be reached through a symlink:
 * the user chose it; what is below it may not.)
 */
export function realDir(path: string | undefined | null): string | null {
  if (!path || typeof path !== 'string' || !isAbsolute(path)) return null;
  try {
    const real = realpathSync(path);
    return statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}

/** The components of `path` below `root` (throws when `path` is not inside `root`). */
function partsBelow(root: string, path: string): string[] {
  if (!isInside(root, path)) throw new UnsafePathError(`${path} is outside ${root}`);
  const rel = relative(resolve(root), resolve(path));
  return rel ? rel.split(sep).filter(Boolean) : [];
}

export type DirState = 'ok' | 'missing' | 'unsafe';

/**
 * Whether `dir` is usable below `root`: 'ok' when every component from the root down to `dir`
 * exists and is a real directory (no symlink); 'missing' when one does not exist (those above it
 * being fine); 'unsafe' when `dir` is outside the root or a component is a symlink or not a folder.
 */
export function dirState(root: string, dir: string): DirState {
  let parts: string[];
  try {
    parts = partsBelow(root, dir);
  } catch {
    return 'unsafe';
  }
  let cur = resolve(root);
  try {
    if (!statSync(cur).isDirectory()) return 'unsafe';
  } catch {
    return 'missing';
  }
  for (const part of parts) {
    cur = `${cur}${cur.endsWith(sep) ? '' : sep}${part}`;
    let st;
    try {
      st = lstatSync(cur);
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unsafe';
    }
    if (st.isSymbolicLink() || !st.isDirectory()) return 'unsafe';
  }
  return 'ok';
}

/** Throws UnsafePathError unless dirState(root, dir) is 'ok'. */
export function assertDir(root: string, dir: string): void {
  const s = dirState(root, dir);
  if (s !== 'ok')
    throw new UnsafePathError(
      `${dir}: ${s === 'missing' ? 'does not exist' : 'not a real folder inside ' + root}`,
    );
}

/**
 * Creates `dir` below the existing `root`, one component at a time (mode for new ones), refusing
 * symlinks and non-directories on the way. The root must exist (it is never created here).
 * Returns true when this call created `dir` itself (the last component).
 */
export function ensureDirIn(root: string, dir: string, mode = 0o700): boolean {
  const parts = partsBelow(root, dir);
  let cur = resolve(root);
  let st;
  try {
    st = statSync(cur);
  } catch {
    throw new UnsafePathError(`${root} does not exist`);
  }
  if (!st.isDirectory()) throw new UnsafePathError(`${root} is not a folder`);
  let created = false;
  for (const part of parts) {
    cur = `${cur}${cur.endsWith(sep) ? '' : sep}${part}`;
    created = false;
    let s = lstatOrNull(cur);
    if (!s) {
      try {
        mkdirSync(cur, { mode });
        created = true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      s = lstatSync(cur);
    }
    if (s.isSymbolicLink() || !s.isDirectory()) {
      throw new UnsafePathError(`${cur} is a symlink or not a folder; refusing to use it`);
    }
  }
  return created;
}

/**
 * The data home (SELF_GEN_HOME or ~/.self-generation) made to exist: it may itself be a symlink
 * (the user chose it) and its parent chain is created like `mkdir -p` — it is the user's own
 * setting. Returns its real path.
 */
export function ensureHome(home: string, mode = 0o700): string {
  const abs = resolve(home);
  mkdirSync(abs, { recursive: true, mode });
  const real = realDir(abs);
  if (!real) throw new UnsafePathError(`${home} is not a folder`);
  return real;
}

/** A folder below the data home (created one component at a time, no symlink inside the home). */
export function ensureHomeDir(home: string, dir: string, mode = 0o700): string {
  const abs = resolve(home);
  ensureHome(abs, mode);
  ensureDirIn(abs, dir, mode);
  return dir;
}

function checkFinal(path: string, allowMissing = true): void {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && allowMissing) return;
    throw e;
  }
  if (!st.isFile()) throw new UnsafePathError(`${path} is a symlink or not a regular file; left alone`);
}

function writeAll(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
}

/**
 * Writes `path` (inside `root`) atomically: a temp file created with O_EXCL|O_NOFOLLOW next to it,
 * then renamed into place. Its folder must already be a real folder inside the root; an existing
 * symlink or non-regular file at `path` is refused (UnsafePathError), never followed.
 */
export function writeFileAtomicIn(root: string, path: string, data: string | Uint8Array, mode = 0o600): void {
  assertDir(root, dirname(path));
  checkFinal(path);
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  let fd: number | null = null;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, mode);
    writeAll(fd, data);
    closeSync(fd);
    fd = null;
    checkFinal(path); // re-checked just before the rename (rename never follows a link anyway)
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {}
    }
    try {
      unlinkSync(tmp);
    } catch {}
    throw e;
  }
}

/**
 * Appends to `path` (inside `root`, its folder a real folder there), creating it when missing.
 * Opened with O_NOFOLLOW|O_NONBLOCK and checked with fstat: a symlink, FIFO or device is refused.
 */
export function appendFileIn(root: string, path: string, data: string, mode = 0o600): void {
  assertDir(root, dirname(path));
  appendNoFollow(path, data, mode);
}

/** Appends to a file without following a symlink at it; only a regular file is written. */
export function appendNoFollow(path: string, data: string, mode = 0o600): void {
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | O_NOFOLLOW | O_NONBLOCK,
    mode,
  );
  try {
    if (!fstatSync(fd).isFile()) throw new UnsafePathError(`${path} is not a regular file; left alone`);
    writeAll(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** Opens a file for appending (a log) without following a symlink; returns the fd (regular files only). */
export function openAppendNoFollow(path: string, mode = 0o600): number {
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | O_NOFOLLOW | O_NONBLOCK,
    mode,
  );
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new UnsafePathError(`${path} is not a regular file`);
  }
  return fd;
}

/** Removes one non-directory entry (file, symlink, FIFO…) inside `root`; missing is fine. */
export function unlinkIn(root: string, path: string): boolean {
  if (resolve(path) === resolve(root)) throw new UnsafePathError(`refusing to remove ${root} itself`);
  assertDir(root, dirname(path));
  try {
    const st = lstatSync(path);
    if (st.isDirectory()) throw new UnsafePathError(`${path} is a folder`);
    unlinkSync(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

function removeNoFollow(path: string, depth: number): void {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (!st.isDirectory()) {
    // A symlink is removed as a link: its target is never touched.
    unlinkSync(path);
    return;
  }
  if (depth > 64) throw new UnsafePathError(`${path}: folders nested too deep`);
  for (const name of readdirSync(path)) removeNoFollow(`${path}${sep}${name}`, depth + 1);
  rmdirSync(path);
}

/**
 * Deletes `path` (strictly inside `root`) and everything below it without ever following a
 * symlink: links are unlinked, only real directories are entered. Refuses when a component between
 * the root and `path` is a symlink. A missing path is fine (returns false).
 */
export function removeTreeIn(root: string, path: string): boolean {
  const parts = partsBelow(root, path);
  if (!parts.length) throw new UnsafePathError(`refusing to remove ${root} itself`);
  const parent = dirname(resolve(path));
  const s = dirState(root, parent);
  if (s === 'missing') return false;
  if (s === 'unsafe') throw new UnsafePathError(`${parent} is not a real folder inside ${root}`);
  try {
    lstatSync(path);
  } catch {
    return false;
  }
  removeNoFollow(resolve(path), 0);
  return true;
}

/**
 * Deletes a whole tree we made ourselves (a temp folder of the demo, a model folder) without
 * following symlinks inside it; the path itself must be a real folder (a symlink is unlinked).
 */
export function removeTree(path: string): void {
  removeNoFollow(resolve(path), 0);
}

/**
 * Reads a file inside `root` whose folder chain is checked (no symlink component) and whose final
 * component is not followed. Null when unsafe, missing or not a regular file.
 */
export function readTextIn(
  root: string,
  path: string,
  opts: Omit<ReadOptions, 'noFollow'> = {},
): string | null {
  if (dirState(root, dirname(path)) !== 'ok') return null;
  return readRegularText(path, { ...opts, noFollow: true });
}

/** lstat without throwing (null when missing). */
export function lstatOrNull(path: string): ReturnType<typeof lstatSync> | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
