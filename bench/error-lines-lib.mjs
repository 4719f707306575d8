// Shared by bench/label-error-lines.mjs and bench/fit-error-lines.mjs: the sources they need bundled
// (the extraction, the template alignment, the line features and model of bench/error-lines) and the texts of the tuning pairs
// (bench/kb-dataset.mjs dataSets: the older tuning sets and the real-world tuning half; the
// real-world held-out half is never loaded here).
import { bundle } from './kb-build.mjs';
import { dataSets } from './kb-dataset.mjs';

export async function loadLineModules() {
  return bundle(
    'error-lines',
    `export * from './src/error-kb/normalize.ts';
     export { templateDiff, sameTemplate, templateTokens } from './src/error-kb/template.ts';
     export { lineFeatures, LINE_FEATURES } from './bench/error-lines/features.ts';
     export { errorLineIndex } from './bench/error-lines/model.ts';
     export { extractWith } from './src/error-kb/extract.ts';
     export { PAIRS, UNRELATED } from './bench/retrieval/tuning.ts';
     export { TUNING2_PAIRS, TUNING2_UNRELATED } from './bench/retrieval/tuning-2.ts';
     export { HOLDOUT2_PAIRS, HOLDOUT2_UNRELATED } from './bench/retrieval/holdout-v2.ts';
     export { HOLDOUT3_PAIRS, HOLDOUT3_UNRELATED } from './bench/retrieval/holdout-v3.ts';
     export { HOLDOUT4_PAIRS, HOLDOUT4_UNRELATED } from './bench/retrieval/holdout-v4.ts';
     export { HOLDOUT5_PAIRS, HOLDOUT5_UNRELATED } from './bench/retrieval/holdout-v5.ts';
     export * as RW_TUNING from './bench/retrieval/realworld/tuning.ts';`,
  );
}

/** Every tuning pair, with the name of its set. */
export function tuningPairs(m) {
  return dataSets(m)
    .filter((s) => !s.name.endsWith('held-out'))
    .flatMap((s) => s.pairs.map((p) => ({ ...p, set: s.name })));
}

/** The lines the extraction chooses from (extract.ts): the program's own, else with the runners' frames. */
export function choiceLines(m, text) {
  const t = text.slice(0, 20000).replace(/<\/?tool_use_error>/g, '');
  const all = m.outputLines(t);
  return all.some(Boolean) ? all : m.outputLines(t, true);
}
