// The error-line model: which line of a tool's output is its error. A conditional logit (a logistic
// regression over the lines of one output) on the features of features.ts, with the weights
// bench/fit-error-lines.mjs fit on labelled tuning pairs (bench/data/error-lines.json) written to
// weights.ts. The line with the highest score is the error line. Used by the bench through
// extract.ts extractWith; not in the hook path (it did not beat the rules).
import { LINE_FEATURES, lineFeatures } from './features.js';
import { LINE_WEIGHTS } from './weights.js';

const WEIGHTS = LINE_FEATURES.map((f) => LINE_WEIGHTS[f] ?? 0);

/** Each line's score (blank lines: -Infinity). */
export function lineScores(lines: readonly string[], weights: readonly number[] = WEIGHTS): number[] {
  return lineFeatures(lines).map((x) =>
    x.length ? x.reduce((s, v, k) => s + v * (weights[k] ?? 0), 0) : -Infinity,
  );
}

/** The index of the error line among `lines` (blank lines as ''), -1 when all are blank. */
export function errorLineIndex(lines: readonly string[], weights?: readonly number[]): number {
  let best = -1;
  let top = -Infinity;
  lineScores(lines, weights).forEach((s, i) => {
    if (s > top) {
      top = s;
      best = i;
    }
  });
  return best;
}
