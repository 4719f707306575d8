// Written by bench/fit-matcher.mjs (logistic regression on the labelled tuning pairs): do not edit.
export const FEATURES = ['rareAll', 'rareKey', 'rareRaw', 'sameKey', 'codeShared', 'codeConflict', 'lines', 'namesShared', 'namesConflict', 'wordsKey', 'wordsSig', 'wordsContained', 'tplSame', 'tplConst', 'tplReplaced', 'tplExtra', 'tplCode', 'tplVarExtra'] as const;
export type Feature = (typeof FEATURES)[number];
export const WEIGHTS: Record<Feature | 'bias', number> = {
  bias: -2.9816,
  rareAll: 0.7997,
  rareKey: 0.7421,
  rareRaw: 0.5247,
  sameKey: -0.3535,
  codeShared: 0.3752,
  codeConflict: -1.3013,
  lines: 0.265,
  namesShared: 0.2438,
  namesConflict: -1.7032,
  wordsKey: 0.3172,
  wordsSig: 1.398,
  wordsContained: 1.6252,
  tplSame: -0.3801,
  tplConst: 0.0547,
  tplReplaced: -0.4942,
  tplExtra: 0.1054,
  tplCode: -0.2996,
  tplVarExtra: 0.2052,
};
/** The lowest probability answered (wrong answers ≤ 1 % of the tuning queries). */
export const THRESHOLD = 0.768525;
