// normalizeError: the single owner of error normalisation (seed 001, REQ-RA-001): the masking rules
// (paths, numbers, quoted names) that turn an error line into the KB's key. The error line itself is
// taken by extract.ts (re-exported here: other modules import both from here or from kb/index).
export * from './output-lines.js';
export * from './extract.js';

// 1. Paths (seed: "a path pattern starting with /"): absolute paths, plus `~/`, `./`, `../` paths and
//    relative paths with a directory and a file extension ("src/app.ts"), which vary just as much.
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
//    The line and column after a path (`<PATH>:3:10`, `<PATH>(3,5)`, `line 3`) vary like any number,
//    single digits included.
const LOCATION_RE = /(<PATH>)(:|\()(\d+|<N>)(?:([:,])(\d+|<N>))?/g;
const LINE_RE = /\b(line|column|col|Line) \d\b/g;
const TIMESTAMP_RE =
  /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?(?![\w])/g;
// 3. Quoted strings of up to 100 characters: '…', "…", `…`, the typographic ‘…’ and “…” (gcc, clang,
//    many localised tools) and the old GNU `…' form. The apostrophe of a word (Can't, doesn't, it’s) is
//    neither an opening nor a closing quote: a single quote opens only when no letter or digit
//    precedes it, and closes only when none follows.
const QUOTED_RE =
  /(?<![\p{L}\p{N}])'[^'\n]{0,100}'(?![\p{L}\p{N}])|"[^"\n]{0,100}"|`[^`'\n]{0,100}'(?![\p{L}\p{N}])|`[^`\n]{0,100}`|‘[^‘’\n]{0,100}’(?![\p{L}\p{N}])|“[^“”\n]{0,100}”/gu;

/**
 * A leading source location says where, not what: `<PATH>:<N>:<N>: `, `main.c:4:<N>: ` (gcc, go, eslint),
 * `<PATH>(<N>,<N>): ` and `<PATH>:<N>:<N> - ` (tsc's two formats), `<PATH>:<N>:in <STR>: ` (ruby),
 * `<PATH>: line <N>: ` and `bash: line <N>: ` (bash), `<PATH>: 3: ` and `sh: 1: ` (dash), eslint's
 * `3:<N> error`. Dropped from the key, so one problem has one key in every format and
 * the matcher compares the message, not the location.
 */
const LEADING_LOCATION =
  /^(?:(?:(?:<internal:)?<PATH>>?(?:(?::<N>|:\d+){1,2}|\(<N>,<N>\))?|[\w.-]+\.[A-Za-z]\w{0,7}(?:(?::<N>|:\d+){1,2}|\(<N>,<N>\)))(?::in <STR>)?(?: ?:| -)(?: line (?:<N>|\d+):| (?:<N>|\d+):)?\s+(?=\S)|(?:<N>|\d+):(?:<N>|\d+)\s+(?=(?:error|warning)\b)|(?:ba|z|da|k)?sh: (?:line )?(?:<N>|\d+):\s+(?=\S))/;

/** A quoted sentence (three words or more) is a message inside the message, not a name. */
const isSentence = (quoted: string) => (quoted.match(/\p{L}{2,}/gu) ?? []).length >= 3 && /\s/.test(quoted);

/**
 * Who reports the error, not what it is: the shell (`bash: `, `zsh: `), docker's CLI relaying the
 * daemon (`docker: Error response from daemon…`), PHP's CLI (`PHP Fatal error:`). Dropped from the
 * key, and zsh's `zsh: command not found: tsc` written as bash writes it (`tsc: command not found`),
 * so one problem has one key whoever relays it.
 */
const REPORTER =
  /^(?:(?:(?:ba|z|da|k|fi)?sh|docker): |PHP (?=(?:Fatal error|Warning|Parse error|Notice|Deprecated):))+/;
const ZSH_ORDER = /^(command not found|permission denied|no such file or directory|event not found): (.+)$/i;
const BASH_WORDING: Record<string, string> = {
  'command not found': 'command not found',
  'permission denied': 'Permission denied',
  'no such file or directory': 'No such file or directory',
  'event not found': 'event not found',
};
function reporterless(key: string): string {
  const k = key.replace(REPORTER, '');
  if (k === key) return key;
  const z = ZSH_ORDER.exec(k);
  return z ? `${z[2]}: ${BASH_WORDING[z[1]!.toLowerCase()]}` : k;
}

/** Rules 1–3 of normalizeError on the whole message (no cut, no trim); `sentences`: keep quoted sentences. */
export function mask(message: string, sentences = false): string {
  return message
    .slice(0, 4000)
    .replace(PATH_RE, '<PATH>')
    .replace(WIN_PATH_RE, '<PATH>')
    .replace(REL_PATH_RE, '<PATH>')
    .replace(TIMESTAMP_RE, '<N>')
    .replace(HEX_RE, '<N>')
    .replace(DOTTED_RE, '<N>')
    .replace(NUMBER_RE, '<N>')
    .replace(
      LOCATION_RE,
      (_m, p: string, open: string, _l, sep?: string) => `${p}${open}<N>${sep ? `${sep}<N>` : ''}`,
    )
    .replace(LINE_RE, '$1 <N>')
    .replace(QUOTED_RE, (q) => (sentences && isSentence(q) ? q : '<STR>'));
}

/**
 * Replaces the variable parts of an error message (seed 001, REQ-RA-001): paths → `<PATH>`,
 * numbers of two or more digits → `<N>` (and dotted numbers — IPs, versions — and timestamps as one
 * `<N>`), quoted strings (≤ 100 characters) → `<STR>`; then cuts to 200 characters and trims both
 * ends; a leading source location is dropped (LEADING_LOCATION), and so is the reporter (REPORTER:
 * `bash: `, `docker: `, `PHP `). Never throws: a non-string gives ''.
 */
export function normalizeError(message: unknown): string {
  return reporterless(keyWithReporter(message));
}

/**
 * The key as it was before the reporter rule (`bash: tsc: command not found`): entries recorded
 * then keep that key, and the exact tier looks it up too (search.ts).
 */
export function keyWithReporter(message: unknown): string {
  if (typeof message !== 'string' || !message) return '';
  try {
    return (
      mask(message)
        .slice(0, 200)
        // runs of blanks are layout, not content (`FATAL:  role` = `FATAL: role`)
        .replace(/[ \t]{2,}/g, ' ')
        .trim()
        .replace(LEADING_LOCATION, '')
    );
  } catch {
    return '';
  }
}

/** The key's length limit (seed 001: the normalized error is cut to 200 characters). */
export const KEY_MAX = 200;

/**
 * normalizeError without the cut, and with quoted sentences kept (`'[SSL: CERTIFICATE_VERIFY_FAILED]
 * certificate verify failed: Hostname mismatch'` is the cause, not a name): the detail the key
 * drops. Two errors with one key can still be two problems when their details differ (search.ts).
 */
export function normalizeDetail(message: unknown): string {
  if (typeof message !== 'string' || !message) return '';
  try {
    return (
      mask(message, true)
        .replace(/[ \t]{2,}/g, ' ')
        .trim()
        .replace(LEADING_LOCATION, '')
        // one quote style: `'…'` and `"…"` are the same text
        .replace(/["“”‘’`]/g, "'")
    );
  } catch {
    return '';
  }
}

/**
 * The names rule 3 and the path rule mask (`<STR>`, `<PATH>`), unmasked, in the order they appear:
 * quoted strings (their text, quotes dropped) and paths outside quotes. The key keeps the seed's
 * masking; these are what tells `Cannot find module 'express'` from `… '/app/dist/server.js'`
 * (names.ts). Never throws.
 */
export function maskedNames(message: unknown): string[] {
  if (typeof message !== 'string' || !message) return [];
  try {
    const text = message.slice(0, 4000);
    const found: { at: number; name: string }[] = [];
    const unquoted = text.replace(QUOTED_RE, (m, at: number) => {
      found.push({ at, name: m.slice(1, -1) });
      return ' '.repeat(m.length);
    });
    for (const re of [PATH_RE, WIN_PATH_RE, REL_PATH_RE])
      for (const m of unquoted.matchAll(re)) found.push({ at: m.index, name: m[0] });
    found.sort((a, b) => a.at - b.at);
    // the names of a leading source location are not in the key (where, not what)
    const lead = LEADING_LOCATION.exec(
      mask(text)
        .replace(/[ \t]{2,}/g, ' ')
        .trim(),
    );
    let skip = lead ? (lead[0].match(/<(?:STR|PATH)>/g) ?? []).length : 0;
    const out: string[] = [];
    let end = -1;
    for (const f of found) {
      if (f.at < end) continue; // inside a path already taken
      end = f.at + f.name.length;
      if (skip > 0) skip--;
      else if (f.name.trim()) out.push(f.name.trim());
    }
    return out;
  } catch {
    return [];
  }
}
