// Reading a project file that an orchestrator file names (the test file of `test_file_path`, the
// CLAUDE.md of `manifest.claude_md`): only a regular file inside the project root, never through a
// symlink, never a FIFO or device, at most `maxBytes`. One small function, to be swapped for the
// shared safe-fs helper once it lands.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

export const MAX_PROJECT_FILE_BYTES = 64 * 1024;

export type ProjectFileRead =
  | { ok: true; text: string; truncated: boolean }
  | { ok: false; reason: 'outside' | 'missing' | 'not-regular' | 'symlink' | 'unreadable' };

const inside = (root: string, abs: string) => {
  const r = relative(root, abs);
  return r !== '' && !r.startsWith('..') && !isAbsolute(r);
};

export function readProjectFile(
  root: string,
  file: string,
  maxBytes = MAX_PROJECT_FILE_BYTES,
): ProjectFileRead {
  const base = resolve(root);
  const abs = isAbsolute(file) ? resolve(file) : resolve(base, file);
  if (!inside(base, abs)) return { ok: false, reason: 'outside' };
  // The folders on the way must not lead out of the project either (a symlinked folder).
  try {
    const realRoot = realpathSync(base);
    const realDir = realpathSync(dirname(abs));
    if (realDir !== realRoot && !inside(realRoot, realDir)) return { ok: false, reason: 'outside' };
  } catch {
    return { ok: false, reason: 'missing' };
  }
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink as the last part fails (ELOOP); O_NONBLOCK: a FIFO does not block.
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing' };
    if (code === 'ELOOP' || code === 'EMLINK') return { ok: false, reason: 'symlink' };
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: 'not-regular' };
    const n = Math.min(st.size, maxBytes);
    const buf = Buffer.alloc(n);
    let off = 0;
    while (off < n) {
      const got = readSync(fd, buf, off, n - off, off);
      if (got <= 0) break;
      off += got;
    }
    return { ok: true, text: buf.subarray(0, off).toString('utf8'), truncated: st.size > maxBytes };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    closeSync(fd);
  }
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
