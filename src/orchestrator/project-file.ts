// Reading a project file that an orchestrator file names (the test file of `test_file_path`, the
// CLAUDE.md of `manifest.claude_md`, a template override): only a regular file inside the project
// root, reached through real folders only (no symlinked folder on the way, no symlink at the file
// itself), never a FIFO or device (opened non-blocking), at most `maxBytes`. On the shared
// safe-fs helpers (src/common/safe-fs.ts); a refusal is a one-line note (describeFailure).
import { dirname, isAbsolute, resolve } from 'node:path';
import { dirState, isInside, lstatOrNull, readRegular } from '../common/safe-fs.js';

export const MAX_PROJECT_FILE_BYTES = 64 * 1024;

export type ProjectFileRead =
  | { ok: true; text: string; truncated: boolean }
  | { ok: false; reason: 'outside' | 'missing' | 'not-regular' | 'symlink' | 'unreadable' };

export function readProjectFile(
  root: string,
  file: string,
  maxBytes = MAX_PROJECT_FILE_BYTES,
): ProjectFileRead {
  const base = resolve(root);
  const abs = isAbsolute(file) ? resolve(file) : resolve(base, file);
  if (abs === base || !isInside(base, abs)) return { ok: false, reason: 'outside' };
  const ds = dirState(base, dirname(abs));
  if (ds === 'missing') return { ok: false, reason: 'missing' };
  // A symlinked folder on the way (even one pointing back inside) or a file used as a folder: the
  // file is not (reliably) inside the project.
  if (ds === 'unsafe') return { ok: false, reason: 'outside' };
  const r = readRegular(abs, { maxBytes, noFollow: true });
  if (r) return { ok: true, text: r.data.toString('utf8'), truncated: r.truncated };
  const st = lstatOrNull(abs);
  if (!st) return { ok: false, reason: 'missing' };
  if (st.isSymbolicLink()) return { ok: false, reason: 'symlink' };
  if (!st.isFile()) return { ok: false, reason: 'not-regular' };
  return { ok: false, reason: 'unreadable' };
}

export function describeFailure(
  file: string,
  reason: Exclude<ProjectFileRead, { ok: true }>['reason'],
): string {
  switch (reason) {
    case 'outside':
      return `(not read: ${file} is outside the project)`;
    case 'missing':
      return `(file not found: ${file})`;
    case 'symlink':
      return `(not read: ${file} is a symbolic link)`;
    case 'not-regular':
      return `(not read: ${file} is not a regular file)`;
    default:
      return `(not read: ${file} could not be read)`;
  }
}
