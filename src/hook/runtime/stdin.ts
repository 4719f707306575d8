// Bounded stdin reading for hooks: never waits forever, never buffers without limit.
import type { Readable } from 'node:stream';

export interface StdinResult {
  text: string;
  /** More than maxBytes arrived; the rest was discarded. */
  truncated: boolean;
  /** The time limit ended the read before the stream closed. */
  timedOut: boolean;
}

export function readStdin(
  opts: { maxBytes?: number; timeoutMs?: number; stream?: Readable } = {},
): Promise<StdinResult> {
  const stream = opts.stream ?? process.stdin;
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  const timeoutMs = opts.timeoutMs ?? 5000;
  return new Promise((resolveRead) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    let done = false;
    const finish = (timedOut: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.removeAllListeners('data');
      stream.removeAllListeners('end');
      stream.removeAllListeners('error');
      stream.pause();
      if (typeof (stream as { destroy?: () => void }).destroy === 'function' && timedOut) {
        (stream as { destroy: () => void }).destroy();
      }
      resolveRead({ text: Buffer.concat(chunks).toString('utf8'), truncated, timedOut });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    timer.unref?.();
    if ((stream as { isTTY?: boolean }).isTTY) return finish(false);
    stream.on('data', (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (size + buf.length > maxBytes) {
        truncated = true;
        const room = maxBytes - size;
        if (room > 0) chunks.push(buf.subarray(0, room));
        size = maxBytes;
        return; // keep draining so the writer is not blocked, but store nothing more
      }
      chunks.push(buf);
      size += buf.length;
    });
    stream.on('end', () => finish(false));
    stream.on('error', () => finish(false));
  });
}
