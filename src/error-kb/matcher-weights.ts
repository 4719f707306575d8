// Written by bench/fit-matcher.mjs (logistic regression on the labelled tuning pairs): do not edit.
export const FEATURES = ['rareAll', 'rareKey', 'rareRaw', 'sameKey', 'codeShared', 'codeConflict', 'lines', 'prefix', 'sameHead', 'lengthRatio', 'namesShared', 'namesDiffer', 'namesConflict', 'kindDiffers', 'wordsKey', 'wordsSig', 'wordsContained', 'wordsOneSided'] as const;
export type Feature = (typeof FEATURES)[number];
export const WEIGHTS: Record<Feature | 'bias', number> = {
  bias: -2.5029,
  rareAll: 0.833,
  rareKey: 1.1751,
  rareRaw: 0.5105,
  sameKey: -0.2554,
  codeShared: 0.3695,
  codeConflict: -1.5402,
  lines: 0.1773,
  prefix: -0.604,
  sameHead: 0.0114,
  lengthRatio: -0.5703,
  namesShared: 0.2735,
  namesDiffer: -0.099,
  namesConflict: -1.5891,
  kindDiffers: -0.1869,
  wordsKey: 0.291,
  wordsSig: 1.3716,
  wordsContained: 1.6919,
  wordsOneSided: -0.3147,
};
/** The lowest probability answered (wrong answers ≤ 1 % of the tuning queries). */
export const THRESHOLD = 0.740775;
