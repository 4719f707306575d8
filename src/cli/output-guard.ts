// Everything the CLI prints goes through redaction: stored text is redacted when written, and this
// guard also covers what a command echoes from its own arguments (`kb add` with a key in it),
// commander's messages, and error text. Installed once by the CLI entry, never on the hook path.
import { redact } from '../shared/redact.js';

type Write = NodeJS.WriteStream['write'];

function redactChunk(chunk: unknown): unknown {
  if (typeof chunk === 'string') return redact(chunk);
  if (chunk instanceof Uint8Array) {
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
    const clean = redact(text);
    return clean === text ? chunk : clean;
  }
  return chunk;
}

/** Redacts every chunk written to the given streams (stdout and stderr by default). */
export function guardOutput(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const s of streams) {
    const marked = s as NodeJS.WriteStream & { __sgRedacted?: boolean };
    if (marked.__sgRedacted) continue;
    marked.__sgRedacted = true;
    const original = s.write.bind(s) as (...args: unknown[]) => boolean;
    s.write = ((chunk: unknown, ...rest: unknown[]) => original(redactChunk(chunk), ...rest)) as Write;
  }
}
