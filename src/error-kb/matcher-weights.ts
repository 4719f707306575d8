// Written by bench/fit-matcher.mjs (logistic regression on the labelled tuning pairs): do not edit.
export const FEATURES = ['rareAll', 'rareKey', 'rareRaw', 'sameKey', 'codeShared', 'codeConflict', 'lines', 'prefix', 'sameHead', 'lengthRatio', 'namesShared', 'namesDiffer', 'namesConflict', 'kindDiffers', 'wordsKey', 'wordsSig', 'wordsContained', 'wordsOneSided', 'tplSame', 'tplConst', 'tplReplaced', 'tplExtra', 'tplCode', 'tplVarExtra'] as const;
export type Feature = (typeof FEATURES)[number];
export const WEIGHTS: Record<Feature | 'bias', number> = {
  bias: -2.3571,
  rareAll: 0.8666,
  rareKey: 0.8894,
  rareRaw: 0.4974,
  sameKey: -0.1633,
  codeShared: 0.4086,
  codeConflict: -1.2812,
  lines: 0.2937,
  prefix: -0.5522,
  sameHead: -0.1337,
  lengthRatio: -0.3565,
  namesShared: 0.2652,
  namesDiffer: -0.0744,
  namesConflict: -1.7009,
  kindDiffers: -0.1305,
  wordsKey: 0.188,
  wordsSig: 1.3828,
  wordsContained: 1.6075,
  wordsOneSided: -0.5046,
  tplSame: -0.4097,
  tplConst: 0.2702,
  tplReplaced: -0.2741,
  tplExtra: 0.2671,
  tplCode: -0.4436,
  tplVarExtra: 0.0615,
};
/** The lowest probability answered (wrong answers ≤ 1 % of the tuning queries). */
export const THRESHOLD = 0.777300;
