// The context of an error: the words of the raw tool output around the extracted error line. A key
// line can be the symptom of several problems (`Failed to compile.`, `Host key verification
// failed.`, `error: failed to push some refs to <STR>`, `ModuleNotFoundError: No module named <STR>`):
// the lines around it (the next lines, the WARNING block before it) say which.
import {
  EXIT_CODE_LINE,
  FRAME_LINE,
  PROGRESS_LINE,
  RELAY_PREFIX,
  SUMMARY_LINE,
  TRACEBACK_LINE,
  mask,
} from './normalize.js';
import { distinctive, identTokens, tokens } from './keywords.js';

/** Lines that never say which problem it is: stack frames, code excerpts, log hints, rules. */
const NOISE_LINE = new RegExp(
  [
    String.raw`at \S.*`, // JS / Java / .NET frames
    String.raw`File ".*", line \d+.*`, // Python frames
    String.raw`from \S+:\d+:in .*`, // Ruby frames
    String.raw`\S+\.go:\d+(?: \+0x[0-9a-f]+)?`, // Go frames
    String.raw`goroutine \d+ \[.*\]:`,
    String.raw`[\w.$/*()]+\(.*\)`, // a bare call frame (`main.main()`)
    String.raw`(?:>\s*)?\d*\s*\|.*`, // code excerpts (`  3 | import x`, `> 2 | …`, `  | ^`)
    String.raw`[\^~\s|-]+`, // carets, rules
    String.raw`[@=*#_-]{3,}.*`, // banners
    String.raw`.*A complete log of this run can be found in.*`,
    String.raw`.*for more information.*`,
    String.raw`.*(?:re-?run|run) with .*(?:--stacktrace|--info|--debug|RUST_BACKTRACE|-e switch|--verbose).*`,
    String.raw`Node\.js v[\d.]+`,
    String.raw`exit status \d+`,
    String.raw`(?:Test Suites|Tests|Snapshots|Time|Ran all test suites).*`,
    String.raw`\d+ (?:errors?|warnings?) generated\.?`,
  ]
    .map((r) => `(?:${r})`)
    .join('|'),
  'i',
);
const NOISE = new RegExp(`^(?:${NOISE_LINE.source})$`, 'i');
/** A reporter's prefix on every line (npm's, pytest's `E `): not part of what the line says. */
const LINE_PREFIX = /^(?:npm (?:ERR!|error|WARN|warn)|E)\s+/;

/** A line that is worth reading for context (trimmed, relay prefix dropped). */
function contextLines(raw: string): string[] {
  const out: string[] = [];
  let afterFrame = false;
  for (const line of raw
    .slice(0, 20_000)
    .replace(/<\/?tool_use_error>/g, '')
    .split(/\r?\n/)) {
    const l = line.slice(0, 500).trim().replace(RELAY_PREFIX, '').replace(LINE_PREFIX, '');
    // the source line Python prints under a frame
    const frame = /^File ".*", line \d+/.test(l);
    if (afterFrame && !frame) {
      afterFrame = false;
      continue;
    }
    afterFrame = frame;
    if (
      !l ||
      EXIT_CODE_LINE.test(l) ||
      PROGRESS_LINE.test(l) ||
      TRACEBACK_LINE.test(l) ||
      FRAME_LINE.test(l) ||
      SUMMARY_LINE.test(l) ||
      NOISE.test(l)
    )
      continue;
    out.push(l);
  }
  return out;
}

/**
 * The distinctive words of an error's context: the raw output without the extracted message, noise
 * lines (progress, stack frames, code excerpts, log hints) and the words of the key itself, masked as
 * the key is (paths, numbers, quoted names) and without names (identifiers vary like masked parts).
 */
export function contextWords(raw: string | null | undefined, message: string): Set<string> {
  const out = new Set<string>();
  if (!raw) return out;
  const own = tokens(mask(message));
  for (const l of contextLines(raw)) {
    if (message.includes(l)) continue; // the message's own line(s)
    const masked = mask(l);
    const names = identTokens(masked);
    for (const t of tokens(masked))
      if (t.length >= 3 && distinctive(t) && !names.has(t) && !own.has(t) && !/\d/.test(t)) out.add(t);
  }
  return out;
}

export interface ContextAgreement {
  /** Words of the query's context, of the stored error's context, and shared. */
  query: number;
  stored: number;
  shared: number;
  /** Shared words over the smaller context (1 when both are empty). */
  containment: number;
  /** Dice coefficient of the two contexts (1 when both are empty). */
  dice: number;
}

export function contextAgreement(q: Set<string>, s: Set<string>): ContextAgreement {
  let shared = 0;
  for (const w of q) if (s.has(w)) shared++;
  const min = Math.min(q.size, s.size);
  return {
    query: q.size,
    stored: s.size,
    shared,
    containment: min === 0 ? (q.size === s.size ? 1 : 0) : shared / min,
    dice: q.size + s.size === 0 ? 1 : (2 * shared) / (q.size + s.size),
  };
}
