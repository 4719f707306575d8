// Everything the CLI prints goes through redaction: stored text is redacted when written, and this
// guard also covers what a command echoes from its own arguments (`kb add` with a key in it),
// rows stored by an older version with weaker rules, commander's messages and error text.
// JSON (a `--json` document, JSON lines, or a JSON value ending a line as in `events`) is redacted
// on its decoded strings, so escapes (`\"`, `\n`) never hide a secret and the JSON stays valid.
// Installed once by the CLI entry, never on the hook path.
import { redact, redactDeep } from '../common/redact.js';

type Write = NodeJS.WriteStream['write'];

/** The JSON text with its strings redacted, or null when it is not JSON. */
function redactJsonText(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const clean = redactDeep(value);
  const before = JSON.stringify(value);
  const after = JSON.stringify(clean);
  if (before === after) return text;
  const indent = /^[[{]\r?\n( +)/.exec(text)?.[1]?.length;
  return JSON.stringify(clean, null, indent);
}

/** Redacts one chunk of CLI output. */
export function redactOutput(text: string): string {
  if (!text) return text;
  const body = text.replace(/\r?\n$/, '');
  const eol = text.slice(body.length);
  if (/^\s*[[{]/.test(body)) {
    const whole = redactJsonText(body);
    if (whole !== null) return whole + eol;
  }
  // Line by line: a line ending in a JSON value (JSON lines, `events`) has that value redacted as
  // JSON; runs of other lines are redacted together, so a multi-line private key goes as a whole.
  const out: string[] = [];
  let plain: string[] = [];
  const flush = (): void => {
    if (plain.length) out.push(redact(plain.join('\n')));
    plain = [];
  };
  for (const line of body.split('\n')) {
    const start = line.search(/[[{]/);
    if (start >= 0 && /[\]}]\s*$/.test(line)) {
      const json = redactJsonText(line.slice(start).trimEnd());
      if (json !== null) {
        flush();
        out.push(redact(line.slice(0, start)) + json);
        continue;
      }
    }
    plain.push(line);
  }
  flush();
  return out.join('\n') + eol;
}

function redactChunk(chunk: unknown): unknown {
  if (typeof chunk === 'string') return redactOutput(chunk);
  if (chunk instanceof Uint8Array) {
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
    const clean = redactOutput(text);
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
