// The features of each line of a tool's output that the error-line model (model.ts) weighs:
// where the line is, whether it reads like an error, what kind of line output-lines.ts says it is,
// what follows it, how much of it is variable. Cheap enough for the hook (regexes and one
// tokenisation per line). bench/fit-error-lines.mjs fits the weights on them. Not in the hook path:
// it did not beat the rules (bench/results/2026-11-29-error-line-model.md).
import {
  FRAME_LINE,
  HEADLINE_LINE,
  KEY_LINE,
  LABELLED,
  STACK_FRAME,
  stripBanner,
  SUMMARY_LINE,
  TRACEBACK_LINE,
  WRAPPER_LINE,
  WRAPPER_OF_CHILD,
} from '../../src/error-kb/output-lines.js';
import { templateTokens } from '../../src/error-kb/template.js';

/** The names of the features, in the order of the vector (the weights follow this order). */
export const LINE_FEATURES = [
  'bias',
  'relPos',
  'first',
  'last',
  'labelled',
  'firstLabelled',
  'keyLine',
  'firstKeyLine',
  'exceptionClass',
  'errorCode',
  'npmErr',
  'stack',
  'frame',
  'banner',
  'wrapper',
  'wrapperOfChild',
  'summary',
  'inPytestSummary',
  'headline',
  'hintPrefix',
  'quotePrefix',
  'endsColon',
  'shortLine',
  'logLength',
  'varShare',
  'nextIsStack',
  'prevIsHeader',
  'repeats',
] as const;

/** The error-like word patterns. */
const EXCEPTION_CLASS = /(?:^|[\s:])[\w.$]*(?:Error|Exception)(?::|\b)/;
const ERROR_CODE = /\b[A-Z]{1,4}\d{3,5}\b|\bE[A-Z]{3,}\b|\bERR_[A-Z_]+\b/;
const HINT_PREFIX = /^(?:hint|note|help|info|warning|warn|N|W|tip|suggestion)\s*:/i;
const PYTEST_SUMMARY = /^short test summary info$/i;

/** A line with its variable parts blurred (numbers, quoted parts, paths): to see it repeat. */
const blur = (l: string) =>
  l
    .replace(/(['"`]).*?\1/g, 'Q')
    .replace(/\S*[/\\]\S*/g, 'P')
    .replace(/\d+/g, 'N');

/** The share of a line's template tokens that are variables (paths, numbers, quoted parts, names). */
function variableShare(line: string): number {
  const t = templateTokens(line);
  if (!t.length) return 0;
  return t.filter((x) => x.kind !== 'word' && x.kind !== 'code').length / t.length;
}

/**
 * The feature vector of every line of `lines` (the output's lines, blank ones as ''): blank lines
 * get an empty vector and are never chosen.
 */
export function lineFeatures(lines: readonly string[]): number[][] {
  const idx = lines.map((l, i) => (l ? i : -1)).filter((i) => i >= 0);
  const n = idx.length;
  const seen = new Map<string, number>();
  for (const i of idx) seen.set(blur(lines[i]!), (seen.get(blur(lines[i]!)) ?? 0) + 1);
  let firstLabelled = -1;
  let firstKey = -1;
  let inSummary = false;
  const out: number[][] = lines.map(() => []);
  idx.forEach((i, k) => {
    const raw = lines[i]!;
    const l = stripBanner(raw) || raw;
    if (PYTEST_SUMMARY.test(l)) inSummary = true;
    const stack = STACK_FRAME.test(l) || TRACEBACK_LINE.test(l);
    const labelled = LABELLED.test(l) && !stack;
    const key = KEY_LINE.test(l) && !stack;
    if (labelled && firstLabelled < 0) firstLabelled = i;
    if (key && firstKey < 0) firstKey = i;
    const next = idx[k + 1] !== undefined ? lines[idx[k + 1]!]! : '';
    const prev = k > 0 ? lines[idx[k - 1]!]! : '';
    const f: Record<(typeof LINE_FEATURES)[number], number> = {
      bias: 1,
      relPos: n > 1 ? k / (n - 1) : 0,
      first: k === 0 ? 1 : 0,
      last: k === n - 1 ? 1 : 0,
      labelled: labelled ? 1 : 0,
      firstLabelled: firstLabelled === i ? 1 : 0,
      keyLine: key ? 1 : 0,
      firstKeyLine: firstKey === i ? 1 : 0,
      exceptionClass: EXCEPTION_CLASS.test(l) ? 1 : 0,
      errorCode: ERROR_CODE.test(l) ? 1 : 0,
      npmErr: /^npm (?:ERR!|error)/.test(l) ? 1 : 0,
      stack: stack ? 1 : 0,
      frame: FRAME_LINE.test(l) ? 1 : 0,
      banner: l !== raw ? 1 : 0,
      wrapper: WRAPPER_LINE.test(l) ? 1 : 0,
      wrapperOfChild: WRAPPER_OF_CHILD.test(l) ? 1 : 0,
      summary: SUMMARY_LINE.test(l) ? 1 : 0,
      inPytestSummary: inSummary ? 1 : 0,
      headline: HEADLINE_LINE.test(l) ? 1 : 0,
      hintPrefix: HINT_PREFIX.test(l) ? 1 : 0,
      quotePrefix: /^[>|-] /.test(l) ? 1 : 0,
      endsColon: l.endsWith(':') ? 1 : 0,
      shortLine: l.length < 16 ? 1 : 0,
      logLength: Math.min(Math.log(l.length + 1) / 5, 1.5),
      varShare: variableShare(l),
      nextIsStack: STACK_FRAME.test(next) ? 1 : 0,
      prevIsHeader: prev.endsWith(':') ? 1 : 0,
      repeats: (seen.get(blur(raw)) ?? 0) > 1 ? 1 : 0,
    };
    out[i] = LINE_FEATURES.map((name) => f[name]);
  });
  return out;
}
