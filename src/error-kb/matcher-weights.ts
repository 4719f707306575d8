// Written by bench/fit-matcher.mjs (logistic regression on the labelled tuning pairs): do not edit.
export const FEATURES = [
  'rareAll',
  'rareKey',
  'rareRaw',
  'sameKey',
  'codeShared',
  'codeConflict',
  'lines',
  'prefix',
  'sameHead',
  'lengthRatio',
  'namesShared',
  'namesDiffer',
  'namesConflict',
  'kindDiffers',
  'detailDiffers',
  'onlyRare',
] as const;
export type Feature = (typeof FEATURES)[number];
export const WEIGHTS: Record<Feature | 'bias', number> = {
  bias: -5.1246,
  rareAll: 2.6497,
  rareKey: 2.4899,
  rareRaw: 2.1508,
  sameKey: -0.0524,
  codeShared: 0.3105,
  codeConflict: -0.7481,
  lines: 0.3028,
  prefix: -0.0057,
  sameHead: 0.4471,
  lengthRatio: 0.0636,
  namesShared: 0.5406,
  namesDiffer: 0.1117,
  namesConflict: -0.7198,
  kindDiffers: -0.3843,
  detailDiffers: -0.0235,
  onlyRare: 0.1707,
};
/** The lowest probability answered (wrong answers ≤ 1 % of the tuning queries). */
export const THRESHOLD = 0.768525;
