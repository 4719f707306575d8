// The error line(s) of a tool's output (extractErrorMessage) and its signature (errorSignature): which
// of the program's own lines (output-lines.ts) is the error, completed by the lines that say which one.
import {
  errorLikeness,
  FRAME_LINE,
  HEADLINE_LINE,
  KEY_LINE,
  LABELLED,
  notMessage,
  outputLines,
  PY_EXCEPTION,
  STACK_FRAME,
  stripBanner,
  SUMMARY_LINE,
  TRACEBACK_LINE,
  WRAPPER_LINE,
  WRAPPER_OF_CHILD,
} from './output-lines.js';

/** After this banner, pytest repeats each error in one line: summary lines, not the error. */
const PYTEST_SUMMARY = /^short test summary info$/i;
/** A traceback's exception line: a (dotted) name and its message (`psycopg2.errors.UndefinedTable: …`). */
const PY_QUALIFIED_EXCEPTION = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+: \S/;
/** webpack 5 explains a `Module not found` that has several causes on a `BREAKING CHANGE:` line. */
const BREAKING_CHANGE = /^BREAKING CHANGE: (.*?[.!?])(?:\s|$)/;

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
    .map((line, i) => ({
      line,
      i,
      // the line after the message often says why, unless it is a stack frame or a wrapper
      score: errorLikeness(line) + (i === at + 1 && at >= 0 && !notMessage(line) ? 1 : 0),
    }))
    .filter((c) => c.score > 0 && c.i !== at && !message.includes(c.line))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, SIGNATURE_LINES - 1)
    .sort((a, b) => a.i - b.i)
    .map((c) => c.line);
  return [message, ...new Set(others)].slice(0, SIGNATURE_LINES);
}

/** Another way to choose the error line (a fitted model, bench/error-lines): its index among the output lines. */
export type LinePicker = (all: readonly string[]) => number;

/**
 * The message of a tool error worth normalising: drops Claude Code's `Exit code N` line and
 * `<tool_use_error>` tags, log and CI decorations (outputLines); takes the exception line of a
 * Python traceback or a tool's error block, else the first of the program's own lines (not a
 * stack frame, not a runner's wrapper) that starts like an error report, else the first that reads
 * like an error, else the first; completed by the lines that say which error it is.
 */
export function extractErrorMessage(raw: unknown): string {
  return extractWith(raw);
}

/** extractErrorMessage, the error line chosen by `pick` when given (the bench compares choosers). */
export function extractWith(raw: unknown, pick?: LinePicker): string {
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
  const picked = pick ? pickedChoice(all, pick) : ruleChoice(all, lines);
  if (typeof picked === 'string') return picked;
  const chosen = { ...picked.chosen, line: npmSpelling(picked.chosen.line) };
  for (const complete of COMPLETERS) {
    const found = complete({ all, chosen, next: picked.next });
    if (found !== undefined) return found;
  }
  return chosen.line;
}

/** The rules' choice: the first line that starts like an error report among the content lines. */
function ruleChoice(all: string[], lines: string[]): string | { chosen: ContentLine; next?: ContentLine } {
  const content = contentLines(all);
  if (content.length === 0) return lines.find((l) => !STACK_FRAME.test(l)) ?? (lines[0] as string);
  const k = chosenIndex(content);
  return { chosen: content[k]!, next: content[k + 1] };
}

/** The picker's choice, and the next line that may complete it. */
function pickedChoice(all: string[], pick: LinePicker): { chosen: ContentLine; next?: ContentLine } {
  let at = pick(all);
  if (!all[at]) at = all.findIndex(Boolean);
  if (WEBPACK_LOCATION.test(all[at]!) && all[at + 1]) at++;
  const chosen = { line: stripBanner(all[at]!) || all[at]!, at };
  const n = all.findIndex((l, i) => i > at && l && !notMessage(l) && !TRACEBACK_LINE.test(l));
  return { chosen, next: n >= 0 ? { line: stripBanner(all[n]!) || all[n]!, at: n } : undefined };
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
