// Pieces shared by the replay benchmarks (learning-replay.mjs, transcript-replay.mjs): the Claude Code
// hook payload templates (test/fixtures/claude-code-2.1.197/hook-payloads), a fresh data home, and the
// fix lines of an advice context.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './kb-build.mjs';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'claude-code-2.1.197', 'hook-payloads');
const tpl = (name) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));

/** One real payload of each hook event Claude Code 2.1.197 sends. */
export const TEMPLATES = {
  start: tpl('01-SessionStart'),
  prompt: tpl('02-UserPromptSubmit'),
  pre: tpl('03-PreToolUse'),
  failure: tpl('04-PostToolUseFailure'),
  post: tpl('06-PostToolUse'),
  subStart: tpl('08-SubagentStart'),
  stop: tpl('13-Stop'),
  end: tpl('14-SessionEnd'),
};

/** A temporary folder with an empty data home and user home, and the hook environment for it. */
export function replayHome(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const env = {
    ...process.env,
    SELF_GEN_HOME: join(dir, 'sg-home'),
    HOME: join(dir, 'user-home'),
    SELF_GEN_NO_BACKGROUND: '1',
    // The replays read the advice lines as the Korean default printed them: the locale follows the
    // environment, so set it.
    LC_ALL: '',
    LC_MESSAGES: 'ko_KR.UTF-8',
  };
  for (const k of ['CLAUDE_PROJECT_DIR', 'SELF_GEN_DEBUG', 'SELF_GEN_DISABLE']) delete env[k];
  mkdirSync(env.HOME, { recursive: true });
  return { dir, env };
}

/**
 * The text of the first quote (a backtick span, src/common/quote.ts) at the start of `s`, and what
 * follows it; `s` itself when it does not start with one.
 */
export function unquote(s) {
  const m = /^(`+) ([\s\S]*?) \1(?!`)([\s\S]*)$/.exec(s);
  return m ? { text: m[2], rest: m[3] } : { text: s, rest: '' };
}

/** The fix of each fix line of an advice context (ko and en strings of messages.ts; not the tool paths), unquoted. */
export const fixLines = (ctx) =>
  ctx
    .split('\n')
    .map((l) => /^\s*(?:해결|해결 방법|Fix|How it was resolved):\s*(.*)$/.exec(l)?.[1])
    .filter((x) => x !== undefined)
    .map((x) => unquote(x).text);

/**
 * The bench's own test of "the same error" (independent of the product's key and matcher): the
 * error text with its variable parts masked — quoted strings, paths, numbers, hex ids — and Claude
 * Code's wrappers dropped (`Exit code N`, `<tool_use_error>`); two errors are the same when their
 * masked first lines of substance (up to 160 characters) or their masked last lines are equal.
 */
export function maskedError(text) {
  const lines = String(text ?? '')
    .replace(/<\/?tool_use_error>/g, '')
    .split('\n')
    .map((l) =>
      l
        .replace(/'[^'\n]*'|"[^"\n]*"|`[^`\n]*`|‘[^’\n]*’|“[^”\n]*”/g, 'Q')
        .replace(/(?:[A-Za-z]:)?[\w.~@+-]*[/\\][\w.~@+/\\-]*/g, 'P')
        .replace(/\b0x[0-9a-f]+\b|\b[0-9a-f]{7,}\b/gi, 'H')
        .replace(/\d+/g, 'N')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((l) => /[A-Za-z]{3}/.test(l) && !/^Exit code N$/.test(l));
  return { first: lines.join(' ').slice(0, 160), last: lines.at(-1) ?? '' };
}
export function sameError(a, b) {
  const x = maskedError(a);
  const y = maskedError(b);
  if (!x.first || !y.first) return false;
  return x.first === y.first || (x.last.length >= 15 && x.last === y.last);
}
