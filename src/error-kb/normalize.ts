// normalizeError: the single owner of error normalisation (seed 001, REQ-RA-001).
// Other modules import it from here (or from kb/index).
import { frameLines } from './runner-lines.js';

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

/** Longer lines are cut before the line rules run (bounds the regex work on hostile input). */
const LINE_MAX = 2000;
export const EXIT_CODE_LINE = /^\s*Exit code -?\d+\s*$/i;
export const TRACEBACK_LINE = /^Traceback \(most recent call last\):?$/;
/** A Python exception line (the last one of a traceback is the error). */
const PY_EXCEPTION = /^(?:E\s+)?[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b(?::|$)/;
/** Lines that start like an error report in the common tools. */
const LABELLED =
  /^(?:[\w.]*(?:Error|Exception)\b|error(?:\[\w+\])?\s*:|fatal\s*:|FATAL\b|panic\b|npm (?:ERR!|error)|ERROR\b|E\s+\w|FAILED\b|Uncaught\b|thread '.*' panicked|Segmentation fault|Killed\b)/i;
const KEY_LINE =
  /(\b|[a-z])(error|err!|fatal|failed|failure|exception|traceback|denied|refused|not found|no such|cannot|can't|could not|couldn't|unable|invalid|undefined|missing|panic|segmentation|timed? ?out|conflict|does not exist|doesn't exist|not supported|unbound|unknown|not satisfied|not allowed|not used|mismatch(?:ed)?|exceeded|too (?:many|long|large)|multiple definition|undefined reference)\b/i;
/** Lines that only frame the error: go's `# package` header, pytest's section titles. */
export const FRAME_LINE =
  /^(?:#\s+\S+|\S+\.py::\S+|ERRORS|FAILURES|short test summary info|warnings summary|test session starts|ERROR collecting \S+|_*\s*test\w*(?:\[.*\])?\s*_*|\^+|~+)$/i;
/** Summary lines that follow the real error (the linker's, make's, cargo's, npm's log hint). */
export const SUMMARY_LINE =
  /^(?:collect2: error: ld returned \d+ exit status|make(?:\[\d+\])?: \*\*\* \[.*\] Error \d+|error: could not compile `.*` .*due to \d+ previous errors?.*|npm (?:ERR!|error) A complete log of this run can be found in.*|npm (?:ERR!|error)\s*)$/;
/**
 * Wrapper lines: they say that a step failed, not why; the cause is on another line of the same
 * output (git's refused push, a gem's native build, buildkit's failed step, vite's config loader,
 * an `ERROR: Error installing x:` header). Taken only when no other line reads like an error.
 */
export const WRAPPER_LINE =
  /^(?:error: failed to push some refs to\b.*|(?:[\w:]*BuildError: )?ERROR: Failed to build gem native extension\.?|ERROR:\s+Error installing \S+:?|An error occurred while installing .*|(?:ERROR: (?:failed to solve: )?)?(?:process|executor failed running) .* did not complete successfully: exit code: \d+|error during build:?|failed to load config from .*|\[cause\]: .*|!?\s*\[(?:remote )?rejected\] .*|fatal: Could not read from remote repository\.?|\*+ ?APPLICATION FAILED TO START ?\*+|APPLICATION FAILED TO START|\[ERROR\] COMPILATION ERROR\s*:?|error: subprocess-exited-with-error|× .* did not run successfully\.?|x Build failed in \S+|Your requirements could not be resolved to an installable set of packages\.?)$/i;
/**
 * Headlines: a line that says a step failed, or how a command is
 * used, while the problem is on the lines around it — Next.js / CRA's `Failed to compile.`,
 * argparse's `usage: prog [options] …` before `prog: error: <reason>` (pytest prints it as `ERROR:
 * usage: …`), ssh's `Host key verification failed.` after `Host key for x has changed…` or `No ECDSA
 * host key is known for x…`. Passed over when another line reads like an error; else still the key,
 * and the context check (search.ts) compares the lines around it.
 */
export const HEADLINE_LINE =
  /^(?:Failed to compile\.?|Host key verification failed\.?|Compiled with problems:?|(?:ERROR: )?usage: \S+ .*)$/i;
/** Progress and notice lines printed before the error (downloads, object counts, build steps). */
export const PROGRESS_LINE =
  /^(?:go: (?:downloading|finding|extracting) .*|(?:Enumerating|Counting|Compressing|Writing|Receiving|Resolving) objects:.*|Delta compression .*|Total \d+ .*|(?:Building|Installing) .*(?:native extensions|\.\.\.).*|Fetching .*|Downloading .*|Collecting .*|Using cached .*|Compiling \S+ v[\d.]+.*|\s*Updating .* index|To (?:https?:\/\/|[\w.-]+@|[\w.-]+:)\S*|(?:error: )?Trace: [0-9a-f]+|(?:error: )?See \S+ for more information\.?|More details here: .*|Unable to find image \S+ locally|\S+: Pulling from .*|\[[\w -]*\d+\/\d+\] .*|Installing dependencies from lock file.*|Verifying lock file contents .*|Loading composer repositories .*|Updating dependencies|│ exit code: \d+|╰─> \[\d+ lines of output\])$/i;
/** Prefixes that only say who relays the message: git's `remote: `, buildkit's `#12 0.812 `. */
export const RELAY_PREFIX = /^(?:remote:\s+|#\d+ (?:\d+\.\d+ )?)/;
/** After this banner, pytest repeats each error in one line: summary lines, not the error. */
const PYTEST_SUMMARY = /^short test summary info$/i;
/** A traceback's exception line: a (dotted) name and its message (`psycopg2.errors.UndefinedTable: …`). */
const PY_QUALIFIED_EXCEPTION = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+: \S/;
/** webpack 5 explains a `Module not found` that has several causes on a `BREAKING CHANGE:` line. */
const BREAKING_CHANGE = /^BREAKING CHANGE: (.*?[.!?])(?:\s|$)/;

/** A banner (`==== ERRORS ====`, `____ test_x ____`): its text without the rules. */
function stripBanner(l: string): string {
  // by hand, not with a regex anchored at the end (that backtracks on long rule lines)
  const rule = (c: string | undefined) => c === '=' || c === '_' || c === '*' || c === '-';
  let a = 0;
  while (rule(l[a])) a++;
  if (a < 3) a = 0;
  let b = l.length;
  while (b > a && rule(l[b - 1])) b--;
  if (l.length - b < 3) b = l.length;
  return l.slice(a, b).trim();
}
/** webpack's location line (`ERROR in ./app/a.jsx 3:0-26`): the message is on the next line. */
const WEBPACK_LOCATION = /^(?:ERROR|WARNING) in \S+(?: \d+:\d+(?:-\d+)?)?$/;
/** CMake's `CMake Error at CMakeLists.txt:12 (find_package):` header: the message is the paragraph below. */
const CMAKE_HEADER = /^CMake (?:Error|Warning)(?: \(dev\))? at .*:$/;
const GRADLE_WRONG = /^\* What went wrong:$/;
/** Gradle's failed task without the `* What went wrong:` header: its `> ` causes follow. */
const GRADLE_TASK = /^Execution failed for task .*$/;
/** Composer's `Problem 1` header: its `- ` lines say why, the last one is the deepest. */
const PROBLEM_HEADER = /^Problem \d+$/;
/** Spring Boot's failure analysis: the problem is the paragraph under `Description:`. */
const DESCRIPTION_HEADER = /^Description:$/;

// Decorations a log or a CI runner adds to every line (who printed it and when, not what):
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Z0-9]/g;
const DECORATION = new RegExp(
  '^(?:' +
    [
      // timestamps: ISO (Actions' 7 decimals), bracketed, time of day
      String.raw`\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?`,
      String.raw`\[?\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?(?=\s)`,
      // syslog: `Nov 12 10:20:30 host dockerd[812]: `
      String.raw`[A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2} \S+ [\w./-]+(?:\[\d+\])?:`,
      // GitHub Actions' markers, docker compose's `service-1  | `, git's `remote: `, buildkit's `#12 0.8 `
      String.raw`##\[(?:error|warning|notice|debug)\]`,
      String.raw`::(?:error|warning|notice)[^:]*::`,
      String.raw`[A-Za-z][\w.-]*\s+\|(?: |$)`,
      String.raw`remote:`,
      String.raw`#\d+ (?:\d+\.\d+ )?`,
      String.raw`E {2,}(?=\S)`, // pytest's `E       <the error line>`
    ].join('|') +
    ')\\s*',
);
/** A time of day a logger right-aligns after the message (consola: `…   1:40:19 PM`). */
const TRAILING_TIME = /\s{2,}\d{1,2}:\d{2}:\d{2}(?: ?[AP]M)?$/;
/**
 * A runner's line saying that the program it started failed (npm, yarn, make, Actions, exec): the
 * cause is another line. Passed over like a summary line.
 */
const WRAPPER_OF_CHILD =
  /^(?:npm (?:ERR!|error) (?:code (?:\d+|ELIFECYCLE)|errno \S+|path .*|command .*|Lifecycle script .*|Failed at the .*|workspace .*|location .*|signal .*|This is probably not a problem .*)|error Command failed with exit code \d+\.?|(?:Error: )?Command failed(?: with exit code \d+)?: .*|ERROR: Job failed: .*|exit status \d+|compilation terminated\.|ELIFECYCLE .*|The command .* returned a non-zero code: \d+|error: script ".*" exited with code \d+|make(?:\[\d+\])?: \*\*\* .*)$/;
/** Stack frames: where the error went through, not what it is. */
const STACK_FRAME =
  /^(?:at \S.*|File ".*", line \d+.*|from \S+:\d+:in .*|\S+\.go:\d+(?: \+0x[0-9a-f]+)?|goroutine \d+ \[.*\]:|#\d+ \S+\(.*|\.\.\. \d+ more|\d+: (?:std|core|tokio|alloc)::.*|(?:>\s*)?\d+\s*\|.*)$/;

/** The output's lines, trimmed and without decorations; blank lines kept as ''. */
function strippedLines(raw: string): string[] {
  return raw
    .slice(0, 20000)
    .replace(/<\/?tool_use_error>/g, '')
    .replace(ANSI, '')
    .split(/\r?\n/)
    .map((l) => {
      let t = l.slice(0, LINE_MAX).trim();
      for (let d = DECORATION.exec(t); d && d[0]; d = DECORATION.exec(t)) t = t.slice(d[0].length);
      return t.replace(TRAILING_TIME, '');
    });
}

/**
 * The output's lines, trimmed and without decorations; noise lines and the runners' frame lines
 * (runner-lines.ts: a package manager's warnings, a script banner, a prompt…) dropped; blank lines
 * kept as ''. `frames`: keep the frame lines (an output that has nothing else).
 */
export function outputLines(raw: string, frames = false): string[] {
  const lines = strippedLines(raw);
  const frame = frames ? [] : frameLines(lines);
  return lines.filter((l, i) => !frame[i] && !EXIT_CODE_LINE.test(l) && !PROGRESS_LINE.test(l));
}

/** How much a line reads like an error (the signature's order). */
function errorLikeness(l: string): number {
  if (!l || STACK_FRAME.test(l) || WRAPPER_OF_CHILD.test(l) || SUMMARY_LINE.test(l) || FRAME_LINE.test(l))
    return 0;
  return (
    (LABELLED.test(l) ? 2 : 0) +
    (KEY_LINE.test(l) ? 1 : 0) +
    (/\b[A-Z]{1,4}\d{3,5}\b|\bE[A-Z]{3,}\b|[a-z](?:Error|Exception)\b/.test(l) ? 1 : 0)
  );
}

/** The most lines a signature keeps. */
export const SIGNATURE_LINES = 3;

/**
 * The signature of an output: its message (extractErrorMessage) and the one or two other lines
 * that read most like an error (the line right after the message counts as one: it often says
 * why), in the order printed. Raw text, unmasked.
 */
export function errorSignature(raw: unknown): string[] {
  if (typeof raw !== 'string' || !raw) return [];
  const message = extractErrorMessage(raw);
  if (!message) return [];
  const all = outputLines(raw);
  const at = all.findIndex((l) => l && (message.includes(l) || l.includes(message)));
  const others = all
    .map((line, i) => ({ line, i, score: errorLikeness(line) + (i === at + 1 && at >= 0 ? 1 : 0) }))
    .filter((c) => c.score > 0 && c.i !== at && !message.includes(c.line))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, SIGNATURE_LINES - 1)
    .sort((a, b) => a.i - b.i)
    .map((c) => c.line);
  return [message, ...new Set(others)].slice(0, SIGNATURE_LINES);
}

/**
 * The message of a tool error worth normalising: drops Claude Code's `Exit code N` line and
 * `<tool_use_error>` tags, log and CI decorations (outputLines); takes the exception line of a
 * Python traceback, else the first of the program's own lines (not a stack frame, not a runner's
 * wrapper) that starts like an error report, else the first that reads like an error, else the first.
 */
export function extractErrorMessage(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const text = raw.slice(0, 20000).replace(/<\/?tool_use_error>/g, '');
  // a runner's frame lines only when the output has nothing else (`npm warn …` and exit 1)
  let all = outputLines(text);
  if (!all.some(Boolean)) all = outputLines(text, true);
  const lines = all.filter(Boolean);
  if (lines.length === 0) return text.trim();
  const exception = pythonException(lines);
  if (exception) return exception;
  for (const read of BLOCK_READERS) {
    const found = read(all);
    if (found !== undefined) return found;
  }
  const content = contentLines(all);
  if (content.length === 0) return lines.find((l) => !STACK_FRAME.test(l)) ?? (lines[0] as string);
  const k = chosenIndex(content);
  const chosen = { ...content[k]!, line: npmSpelling(content[k]!.line) };
  for (const complete of COMPLETERS) {
    const found = complete({ all, chosen, next: content[k + 1] });
    if (found !== undefined) return found;
  }
  return chosen.line;
}

/** The exception line of a Python traceback. */
function pythonException(lines: string[]): string | undefined {
  if (!lines.some((l) => TRACEBACK_LINE.test(l))) return undefined;
  return [...lines]
    .reverse()
    .find((l) => PY_EXCEPTION.test(l) || (PY_QUALIFIED_EXCEPTION.test(l) && !/^File /.test(l)));
}

/** The non-blank lines after `i` up to the next blank line, joined. */
function paragraph(all: string[], i: number, max = 3): string {
  const out: string[] = [];
  for (let k = i + 1; k < all.length && out.length < max && all[k]; k++) out.push(all[k] as string);
  return out.join(' ');
}

/** Gradle's `* What went wrong:` block. */
function gradleWrong(all: string[]): string | undefined {
  const gradle = all.findIndex((l) => GRADLE_WRONG.test(l));
  if (gradle < 0 || !paragraph(all, gradle)) return undefined;
  // nested causes (`> Could not resolve …` / `   > PKIX path building failed: …`): the deepest
  // is the problem, the outer ones are the task that failed
  const causes = paragraph(all, gradle, 20)
    .split(/\s+> /)
    .slice(1)
    .map((c) => c.trim());
  if (causes.length >= 2) return causes[causes.length - 1] as string;
  return paragraph(all, gradle);
}

/** `Execution failed for task …` and its `> …` causes: the deepest. */
function gradleTask(all: string[]): string | undefined {
  const task = all.findIndex((l) => GRADLE_TASK.test(l));
  if (task < 0 || !/^> /.test(all[task + 1] ?? '')) return undefined;
  const causes = [all[task] as string, paragraph(all, task, 20)].join(' ').split(/\s+> /).slice(1);
  return causes.length ? causes[causes.length - 1]!.trim() : undefined;
}

/** `Problem 1` and its `- reason` lines: the last reason. */
function problemReason(all: string[]): string | undefined {
  const problem = all.findIndex((l) => PROBLEM_HEADER.test(l));
  if (problem < 0) return undefined;
  const reasons: string[] = [];
  for (let k = problem + 1; k < all.length && /^- /.test(all[k] ?? ''); k++) reasons.push(all[k]!.slice(2));
  return reasons.length ? reasons[reasons.length - 1]! : undefined;
}

/** `Description:`, a blank line, then the description. */
function description(all: string[]): string | undefined {
  const d = all.findIndex((l) => DESCRIPTION_HEADER.test(l));
  return d >= 0 && all[d + 1] === '' && all[d + 2] ? (all[d + 2] as string) : undefined;
}

/** `CMake Error at …:` and its paragraph. */
function cmakeError(all: string[]): string | undefined {
  const cmake = all.findIndex((l) => CMAKE_HEADER.test(l));
  return cmake >= 0 && paragraph(all, cmake) ? paragraph(all, cmake) : undefined;
}

/** Tools whose error is in a block under a header line, in the order they are tried. */
const BLOCK_READERS: ((all: string[]) => string | undefined)[] = [
  gradleWrong,
  gradleTask,
  problemReason,
  description,
  cmakeError,
];

interface ContentLine {
  line: string;
  /** Its index in the output lines. */
  at: number;
  summary?: boolean;
}

/** The program's own lines (no traceback, stack frame or banner), summaries and wrappers last. */
function contentLines(all: string[]): ContentLine[] {
  const content: ContentLine[] = [];
  let inSummary = false;
  all.forEach((l, at) => {
    if (!l || TRACEBACK_LINE.test(l)) return;
    const line = stripBanner(l);
    if (PYTEST_SUMMARY.test(line)) inSummary = true;
    else if (line && !FRAME_LINE.test(line) && !STACK_FRAME.test(line))
      content.push({ line, at, summary: inSummary });
  });
  // summary and wrapper lines only when nothing else is left
  let real = content.filter(
    (c) =>
      !c.summary &&
      !SUMMARY_LINE.test(c.line) &&
      !WRAPPER_LINE.test(c.line) &&
      !WRAPPER_OF_CHILD.test(c.line),
  );
  // headlines only when no other line reads like an error (a usage line over an option list stays)
  const reads = (l: string) => !HEADLINE_LINE.test(l) && (LABELLED.test(l) || KEY_LINE.test(l));
  if (real.some((c) => reads(c.line))) real = real.filter((c) => !HEADLINE_LINE.test(c.line));
  return real.length ? real : content;
}

/** The line that starts like an error report, else the one that reads like one, else the first. */
function chosenIndex(content: ContentLine[]): number {
  let k = content.findIndex((c) => LABELLED.test(c.line));
  if (k < 0) k = content.findIndex((c) => KEY_LINE.test(c.line));
  if (k < 0) k = 0;
  if (WEBPACK_LOCATION.test(content[k]!.line) && content[k + 1]) k++;
  return k;
}

/** npm ≥ 10 prints `npm error` / `npm warn` where npm 6–9 printed `npm ERR!` / `npm WARN`: one key. */
const npmSpelling = (l: string) => l.replace(/^npm error\b/, 'npm ERR!').replace(/^npm warn\b/, 'npm WARN');

/** The chosen line, the line after it among the content, and every output line. */
interface Chosen {
  all: string[];
  chosen: ContentLine;
  next: ContentLine | undefined;
}

/** `npm ERR! code EACCES` alone names a family of problems: the next npm line says which one. */
function npmCodeDetail({ chosen, next }: Chosen): string | undefined {
  if (/^npm ERR! code \S+$/.test(chosen.line) && next && /^npm (?:ERR!|error)\s+\S/.test(next.line))
    return `${chosen.line} ${next.line.replace(/^npm (?:ERR!|error)\s+/, '')}`;
  return undefined;
}

/** PostgreSQL clients: `connection to server … failed: FATAL:  <the error>` */
function postgresFatal({ chosen }: Chosen): string | undefined {
  return /\bfailed: (FATAL: .*)$/.exec(chosen.line)?.[1];
}

/** webpack 5: `Module not found: …` has several causes; its `BREAKING CHANGE:` line says which */
function webpackBreakingChange({ all, chosen }: Chosen): string | undefined {
  if (!/^Module not found: /.test(chosen.line)) return undefined;
  const hint = all
    .slice(chosen.at + 1, chosen.at + 4)
    .map((l) => BREAKING_CHANGE.exec(l))
    .find(Boolean);
  return hint ? `${chosen.line} ${hint[0].trim()}` : undefined;
}

// cargo (anyhow): `error: failed to parse manifest at <path>` / `Caused by:` / `  <reason>`: the
// headline says what failed, the deepest cause why (`feature <STR> is required` vs `error
// inheriting <STR> from workspace root…`): both, so two causes are two keys
function cargoCause({ all, chosen }: Chosen): string | undefined {
  let cause = '';
  for (let i = chosen.at + 1; i < all.length; i++)
    if (/^Caused by:$/.test(all[i]!) && all[i + 1]) cause = all[i + 1]!;
  return cause ? `${chosen.line} Caused by: ${cause}` : undefined;
}

// argparse after its usage headline: `<prog>: error: <reason>`, the program named as it was
// started (`pytest`, `__main__.py`, `py.test`): the reason is the error
function argparseReason({ all, chosen }: Chosen): string | undefined {
  const usage = all.slice(0, chosen.at).some((l) => HEADLINE_LINE.test(l) && /usage: /i.test(l));
  if (usage && /^[\w.-]+: error: \S/.test(chosen.line)) return chosen.line.replace(/^[\w.-]+: /, '');
  return undefined;
}

/** SWC (Next.js) marks its message with `x` (`×` in a Unicode terminal): `Error:   x You're…` */
function swcMessage({ all, chosen }: Chosen): string | undefined {
  const swc = (l: string) => l.replace(/^(Error:)\s+[x×]\s+/, '$1 ');
  if (chosen.line === 'Error:' && /^[x×]\s+\S/.test(all[chosen.at + 1] ?? ''))
    return swc(`Error: ${all[chosen.at + 1]}`);
  if (/^Error:\s+[x×]\s+\S/.test(chosen.line)) return swc(chosen.line);
  return undefined;
}

// A header that ends with ':' says the rest on the next line (Ruby and others leave a blank line
// between: `ActiveRecord::PendingMigrationError:` / `` / `  Migrations are pending…`).
function headerContinued({ all, chosen }: Chosen): string | undefined {
  if (!chosen.line.endsWith(':')) return undefined;
  const next = all[chosen.at + 1] || (all[chosen.at + 1] === '' ? all[chosen.at + 2] : undefined);
  return next ? `${chosen.line} ${next}` : undefined;
}

/** What completes the chosen line (a detail, a cause, the message), in the order they are tried. */
const COMPLETERS: ((c: Chosen) => string | undefined)[] = [
  npmCodeDetail,
  postgresFatal,
  webpackBreakingChange,
  cargoCause,
  argparseReason,
  swcMessage,
  headerContinued,
];
