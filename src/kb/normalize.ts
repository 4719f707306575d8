// normalizeError: the single owner of error normalisation (seed 001, REQ-RA-001).
// Other modules import it from here (or from kb/index).

// 1. Paths (seed: "a path pattern starting with /"): absolute paths, plus `~/`, `./`, `../` paths and
//    relative paths with a directory and a file extension (src/app.ts), which vary just as much.
const PATH_RE = /(?<![\w<>.~-])\/(?:[^\s'"`:;,()[\]{}<>|]+)/g;
/** Windows paths (C:\\Users\\dev\\app.ts). */
const WIN_PATH_RE = /(?<![\w<>])[A-Za-z]:\\[^\s'"`:;,()[\]{}<>|]*/g;
const REL_PATH_RE =
  /(?<![\w<>/.~@-])(?:(?:~|\.{1,2})\/[^\s'"`:;,()[\]{}<>|]*|[\w@.-]+(?:\/[\w@.+-]+)*\/[\w@+-][\w@.+-]*\.[A-Za-z][A-Za-z0-9]{0,7}\b)/g;
// 2. Numbers of two or more digits (a whole number, not the digits inside an identifier such as
//    TS2307 or E0308, which name the error), plus hex addresses and long hex ids (hashes, uuids).
const HEX_RE =
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi;
//    A number with a unit (5000ms, 30s, 512MB) is still a number.
const NUMBER_RE = /(?<![A-Za-z_\d])\d{2,}(?:ms|us|ns|s|m|h|k|kb|mb|gb|KB|MB|GB|KiB|MiB|GiB)?(?![A-Za-z_])/g;
//    Dotted numbers are one token: IPs (127.0.0.1), versions (v18.2.0, 1.0.0-beta.2, 3.11), so
//    `127.0.0.1` and `10.0.0.12` both give `<N>` instead of `<N>.0.0.1` / `<N>.0.0.<N>`.
//    Timestamps (2024-05-01T10:20:30.123Z) likewise.
const DOTTED_RE =
  /(?<![\w.<>-])v?\d+(?:\.\d+)+(?:-(?:alpha|beta|rc|pre|canary|next|dev)(?:\.?\d+)?)?(?![\w]|\.\d)/g;
const TIMESTAMP_RE =
  /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?(?![\w])/g;
// 3. Quoted strings of up to 100 characters: '…', "…", `…`, the typographic ‘…’ and “…” (gcc, clang,
//    many localised tools) and the old GNU `…' form. The apostrophe of a word (Can't, doesn't, it’s) is
//    neither an opening nor a closing quote: a single quote opens only when no letter or digit
//    precedes it, and closes only when none follows.
const QUOTED_RE =
  /(?<![\p{L}\p{N}])'[^'\n]{0,100}'(?![\p{L}\p{N}])|"[^"\n]{0,100}"|`[^`'\n]{0,100}'(?![\p{L}\p{N}])|`[^`\n]{0,100}`|‘[^‘’\n]{0,100}’(?![\p{L}\p{N}])|“[^“”\n]{0,100}”/gu;

/**
 * Replaces the variable parts of an error message (seed 001, REQ-RA-001): paths → `<PATH>`,
 * numbers of two or more digits → `<N>` (and dotted numbers — IPs, versions — and timestamps as one
 * `<N>`), quoted strings (≤ 100 characters) → `<STR>`; then cuts to 200 characters and trims both
 * ends. Never throws: a non-string gives ''.
 */
export function normalizeError(message: unknown): string {
  if (typeof message !== 'string' || !message) return '';
  try {
    return message
      .slice(0, 4000)
      .replace(PATH_RE, '<PATH>')
      .replace(WIN_PATH_RE, '<PATH>')
      .replace(REL_PATH_RE, '<PATH>')
      .replace(TIMESTAMP_RE, '<N>')
      .replace(HEX_RE, '<N>')
      .replace(DOTTED_RE, '<N>')
      .replace(NUMBER_RE, '<N>')
      .replace(QUOTED_RE, '<STR>')
      .slice(0, 200)
      .trim();
  } catch {
    return '';
  }
}

const EXIT_CODE_LINE = /^\s*Exit code -?\d+\s*$/i;
const TRACEBACK_LINE = /^Traceback \(most recent call last\):?$/;
/** A Python exception line (the last one of a traceback is the error). */
const PY_EXCEPTION = /^(?:E\s+)?[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b(?::|$)/;
/** Lines that start like an error report in the common tools. */
const LABELLED =
  /^(?:[\w.]*(?:Error|Exception)\b|error(?:\[\w+\])?\s*:|fatal\s*:|FATAL\b|panic\b|npm (?:ERR!|error)|ERROR\b|E\s+\w|FAILED\b|Uncaught\b|thread '.*' panicked|Segmentation fault|Killed\b)/i;
const KEY_LINE =
  /(\b|[a-z])(error|err!|fatal|failed|failure|exception|traceback|denied|refused|not found|no such file|cannot|can't|unable|invalid|undefined|missing|panic|segmentation|timed? ?out|conflict)\b/i;

/**
 * The message of a tool error worth normalising: drops Claude Code's `Exit code N` line and
 * `<tool_use_error>` tags; takes the exception line of a Python traceback, else the first line
 * that starts like an error report, else the first line that reads like an error, else the first.
 */
export function extractErrorMessage(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const text = raw.slice(0, 20000).replace(/<\/?tool_use_error>/g, '');
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !EXIT_CODE_LINE.test(l));
  if (lines.length === 0) return text.trim();
  if (lines.some((l) => TRACEBACK_LINE.test(l))) {
    const last = [...lines].reverse().find((l) => PY_EXCEPTION.test(l));
    if (last) return last;
  }
  const content = lines.filter((l) => !TRACEBACK_LINE.test(l));
  return (
    content.find((l) => LABELLED.test(l)) ??
    content.find((l) => KEY_LINE.test(l)) ??
    (content[0] as string | undefined) ??
    (lines[0] as string)
  );
}
