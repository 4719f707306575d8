// Bounded reads that never block: a file is opened O_NONBLOCK (a FIFO open returns at once) and
// checked with fstat, so only a regular file is read, and at most N bytes of it (the head, or the
// tail for transcripts). common/safe-fs.ts re-exports these with its containment checks.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

export interface ReadOptions {
  /** Read at most this many bytes (default 1 MiB). */
  maxBytes?: number;
  /** Read the last maxBytes instead of the first (transcripts). */
  tail?: boolean;
  /** Read from this byte offset instead of the start (incremental transcript reading). */
  from?: number;
  /** Refuse a symlink at the final component (files inside our own folders). */
  noFollow?: boolean;
}

export interface ReadResult {
  data: Buffer;
  /** The file's full size. */
  size: number;
  /** True when only part of the file was read. */
  truncated: boolean;
}

export const DEFAULT_READ_MAX = 1024 * 1024;

/**
 * Reads a regular file without ever blocking: opened with O_NONBLOCK (a FIFO open returns at once),
 * checked with fstat (a FIFO, socket, device or directory gives null), at most `maxBytes` read.
 * Null for anything that cannot be read this way (missing, not regular, a symlink with noFollow).
 */
export function readRegular(path: string, opts: ReadOptions = {}): ReadResult | null {
  const max = Math.max(0, opts.maxBytes ?? DEFAULT_READ_MAX);
  let fd: number | null = null;
  try {
    fd = openSync(path, constants.O_RDONLY | O_NONBLOCK | (opts.noFollow ? O_NOFOLLOW : 0));
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const size = st.size;
    const from = opts.tail ? 0 : Math.min(size, Math.max(0, Math.floor(opts.from ?? 0)));
    const len = Math.min(size - from, max);
    const data = Buffer.alloc(len);
    const start = opts.tail ? size - len : from;
    let got = 0;
    while (got < len) {
      const n = readSync(fd, data, got, len - got, start + got);
      if (n <= 0) break;
      got += n;
    }
    return { data: got < len ? data.subarray(0, got) : data, size, truncated: from + len < size || from > 0 };
  } catch {
    return null;
  } finally {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {}
    }
  }
}

/** readRegular as UTF-8 text (null when it cannot be read). A cut never splits a character badly. */
export function readRegularText(path: string, opts: ReadOptions = {}): string | null {
  const r = readRegular(path, opts);
  if (!r) return null;
  let text = r.data.toString('utf8');
  if (r.truncated && opts.tail) {
    // drop the partial first line of a tail
    const nl = text.indexOf('\n');
    text = nl >= 0 ? text.slice(nl + 1) : '';
  }
  return text;
}
