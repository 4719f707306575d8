// The lines of a tool's output and what kind each is: decorations a log or a CI runner adds, stack
// frames, wrappers, summaries, progress notices, headlines; outputLines (the program's own lines)
// and errorLikeness (how much a line reads like an error). Read by the extraction (extract.ts).
import { frameLines } from './runner-lines.js';

/** Longer lines are cut before the line rules run (bounds the regex work on hostile input). */
const LINE_MAX = 2000;
export const EXIT_CODE_LINE = /^\s*Exit code -?\d+\s*$/i;
export const TRACEBACK_LINE = /^Traceback \(most recent call last\):?$/;
/** A Python exception line (the last one of a traceback is the error). */
export const PY_EXCEPTION = /^(?:E\s+)?[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b(?::|$)/;
/** Lines that start like an error report in the common tools. */
export const LABELLED =
  /^(?:[\w.]*(?:Error|Exception)\b|error(?:\[\w+\])?\s*:|fatal\s*:|FATAL\b|panic\b|npm (?:ERR!|error)|ERROR\b|E\s+\w|FAILED\b|Uncaught\b|thread '.*' panicked|Segmentation fault|Killed\b)/i;
export const KEY_LINE =
  /(\b|[a-z])(error|err!|fatal|failed|failure|exception|traceback|denied|refused|not found|no such|cannot|can't|could not|couldn't|unable|invalid|undefined|missing|panic|segmentation|timed? ?out|conflict|does not exist|doesn't exist|not supported|unbound|unknown|not satisfied|not allowed|not used|mismatch(?:ed)?|exceeded|too (?:many|long|large)|multiple definition|undefined reference)\b/i;
/** Lines that only frame the error: go's `# package` header, pytest's section titles and test banners. */
export const FRAME_LINE =
  /^(?:#\s+\S+|\S+\.py::\S+|ERRORS|FAILURES|short test summary info|warnings summary|test session starts|ERROR collecting \S+|(?:ERROR|FAILURE) at (?:setup|teardown) of \S+|_*\s*test\w*(?:\[.*\])?\s*_*|\^+|~+)$/i;
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

/** A banner (`==== ERRORS ====`, `____ test_x ____`): its text without the rules. */
export function stripBanner(l: string): string {
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
export const WRAPPER_OF_CHILD =
  /^(?:npm (?:ERR!|error) (?:code (?:\d+|ELIFECYCLE)|errno \S+|path .*|command .*|Lifecycle script .*|Failed at the .*|workspace .*|location .*|signal .*|This is probably not a problem .*)|error Command failed with exit code \d+\.?|(?:Error: )?Command failed(?: with exit code \d+)?: .*|ERROR: Job failed: .*|exit status \d+|compilation terminated\.|ELIFECYCLE .*|The command .* returned a non-zero code: \d+|error: script ".*" exited with code \d+|make(?:\[\d+\])?: \*\*\* .*)$/;
/** Stack frames: where the error went through, not what it is. */
export const STACK_FRAME =
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

/** A stack frame, a runner's wrapper, a summary or a frame line: never part of the message. */
export const notMessage = (l: string) =>
  !l || STACK_FRAME.test(l) || WRAPPER_OF_CHILD.test(l) || SUMMARY_LINE.test(l) || FRAME_LINE.test(l);

/** How much a line reads like an error (the signature's order). */
export function errorLikeness(l: string): number {
  if (notMessage(l)) return 0;
  return (
    (LABELLED.test(l) ? 2 : 0) +
    (KEY_LINE.test(l) ? 1 : 0) +
    (/\b[A-Z]{1,4}\d{3,5}\b|\bE[A-Z]{3,}\b|[a-z](?:Error|Exception)\b/.test(l) ? 1 : 0)
  );
}
