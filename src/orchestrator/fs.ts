// Every file the orchestrator reads or writes goes through here, on the shared safe-fs helpers
// (docs/security.md). Two roots:
//   - the project root: the skill's files under `.claude/orchestrator/` (session, state, contracts,
//     knowledge, template overrides). A symlinked `.claude`, `orchestrator`, `sessions`,
//     `knowledge`, `contracts`… folder is refused, never followed, for reads and writes alike;
//   - the data home: our own folder `<home>/orchestrator/<hash>/` (ledger, backups, merge reports,
//     archive). The home itself may be a link (the user chose it); nothing below it may.
// Reads never block (O_NONBLOCK + fstat: a FIFO, socket or device is refused) and are bounded.
// A refused path is an OrchError naming the file, with a `fix:` (the CLI prints it; the
// SubagentStart hook injects the note instead of any context; SubagentStop logs it).
import { renameSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  UnsafePathError,
  dirState,
  ensureDirIn,
  ensureHomeDir,
  isInside,
  lstatOrNull,
  readRegular,
  unlinkIn,
  writeFileAtomicIn,
} from '../common/safe-fs.js';
import { orchError, type OrchError } from './errors.js';
import { rel, type OrchPaths } from './paths.js';

/** The skill's files (state, contracts, knowledge) are small: anything bigger is refused. */
export const MAX_ORCH_FILE_BYTES = 4 * 1024 * 1024;

export const UNSAFE_FIX =
  'replace the symbolic link (or FIFO / special file) with a real folder or file inside the project, e.g. `rm` the link and let the orchestrator skill recreate it';

type Root = { root: string; mode: 'project' | 'home' };

function rootOf(p: OrchPaths, file: string): Root {
  const abs = resolve(file);
  if (isInside(p.projectRoot, abs) && abs !== resolve(p.projectRoot))
    return { root: p.projectRoot, mode: 'project' };
  if (isInside(p.home, abs) && abs !== resolve(p.home)) return { root: p.home, mode: 'home' };
  throw unsafe(p, file, 'is outside the project and the data home');
}

function unsafe(p: OrchPaths, file: string, why: string): OrchError {
  return orchError(rel(p, file), '', `${why}; not used`, UNSAFE_FIX);
}

/**
 * The text of an orchestrator file; null when it (or a folder on its way) does not exist. Throws
 * an OrchError when the file is reached through a symlink, is a symlink, FIFO, device or folder,
 * lies outside its root, or is bigger than MAX_ORCH_FILE_BYTES. Never blocks.
 */
export function readOrchText(p: OrchPaths, file: string, maxBytes = MAX_ORCH_FILE_BYTES): string | null {
  const { root } = rootOf(p, file);
  const ds = dirState(root, dirname(resolve(file)));
  if (ds === 'missing') return null;
  if (ds === 'unsafe') throw unsafe(p, file, 'is reached through a symbolic link or a non-folder');
  const r = readRegular(file, { maxBytes: maxBytes + 1, noFollow: true });
  if (!r) {
    const st = lstatOrNull(file);
    if (!st) return null;
    if (st.isSymbolicLink()) throw unsafe(p, file, 'is a symbolic link');
    if (!st.isFile()) throw unsafe(p, file, 'is not a regular file (a FIFO, socket, device or folder)');
    throw orchError(rel(p, file), '', 'could not be read', 'check its permissions');
  }
  if (r.size > maxBytes)
    throw orchError(
      rel(p, file),
      '',
      `is ${r.size} bytes, more than the ${maxBytes} an orchestrator file may have; not used`,
      'let the skill regenerate the file, or shorten it',
    );
  return r.data.toString('utf8');
}

/** Like readOrchText, but null (never an error) for anything unusable: bookkeeping, best effort. */
export function readOrchTextOrNull(
  p: OrchPaths,
  file: string,
  maxBytes = MAX_ORCH_FILE_BYTES,
): string | null {
  try {
    return readOrchText(p, file, maxBytes);
  } catch {
    return null;
  }
}

/** Creates a folder inside its root, one component at a time, refusing symlinks. */
export function ensureOrchDir(p: OrchPaths, dir: string): void {
  const { root, mode } = rootOf(p, dir);
  try {
    if (mode === 'home') ensureHomeDir(root, resolve(dir));
    else ensureDirIn(root, resolve(dir), 0o755);
  } catch (e) {
    if (e instanceof UnsafePathError)
      throw unsafe(p, dir, 'is reached through a symbolic link or a non-folder');
    throw e;
  }
}

/**
 * Writes a file atomically inside its root (its folders made one at a time, no symlink followed;
 * a symlink or special file at the file itself is refused, not replaced). The skill's files keep
 * mode 0644 (the skill reads them); our own files in the data home are 0600.
 */
export function writeOrchFile(p: OrchPaths, file: string, text: string): void {
  const { root, mode } = rootOf(p, file);
  ensureOrchDir(p, dirname(resolve(file)));
  try {
    writeFileAtomicIn(root, resolve(file), text, mode === 'home' ? 0o600 : 0o644);
  } catch (e) {
    if (e instanceof UnsafePathError) throw unsafe(p, file, 'is a symbolic link or not a regular file');
    throw e;
  }
}

/**
 * Moves a regular file of the skill's folders into our archive in the data home (a symlink or
 * special file is left alone: false). Falls back to copy + unlink across file systems.
 */
export function moveOrchFile(p: OrchPaths, from: string, to: string): boolean {
  const src = rootOf(p, from);
  if (dirState(src.root, dirname(resolve(from))) !== 'ok') return false;
  if (!lstatOrNull(from)?.isFile()) return false;
  ensureOrchDir(p, dirname(resolve(to)));
  if (lstatOrNull(to)) throw unsafe(p, to, 'already exists');
  try {
    // rename moves the entry itself (never follows a link); both folders were just checked.
    // fs-safe: rename moves the entry itself (never follows a link); both folders were just checked
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    const r = readRegular(from, { maxBytes: MAX_ORCH_FILE_BYTES * 4, noFollow: true });
    if (!r || r.truncated) return false;
    writeOrchFile(p, to, r.data.toString('utf8'));
    unlinkIn(src.root, resolve(from));
  }
  return true;
}
