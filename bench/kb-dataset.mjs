// The retrieval data sets and the KB built from them, shared by bench/kb-quality.mjs (figures) and
// bench/fit-matcher.mjs (the matcher's weights). Tuning = tuning.ts, tuning-2.ts, holdout-v2..v5.ts
// (each measured once as held out, spent) and the real-world tuning part when present. The real-world
// held-out part and the fresh set (bench/retrieval/fresh, all held out) are loaded only when asked for
// (--realworld-holdout), once, for the final figures.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, ROOT } from './kb-build.mjs';

const RW = join(ROOT, 'bench', 'retrieval', 'realworld');
const FRESH = join(ROOT, 'bench', 'retrieval', 'fresh');

/** The bundled sources and data (src/error-kb + bench/retrieval). */
export async function loadModules({ realworldHoldout = false } = {}) {
  const rwTuning = existsSync(join(RW, 'tuning.ts'));
  const rwHoldout = realworldHoldout && existsSync(join(RW, 'holdout.ts'));
  const fresh = realworldHoldout && existsSync(join(FRESH, 'fresh.ts'));
  return bundle(
    `kb-dataset${rwHoldout ? '-rw' : ''}`,
    `export * from './src/error-kb/normalize.ts';
     export * from './src/error-kb/record.ts';
     export * from './src/error-kb/search.ts';
     export * from './src/error-kb/matcher.ts';
     export * from './src/error-kb/embeddings.ts';
     export { tokens } from './src/error-kb/tokens.ts';
     export { exactEntry } from './src/error-kb/db.ts';
     export { openDb, closeDb } from './src/db/db.ts';
     export { errorKey } from './src/error-kb/error-key.ts';
     export { PAIRS, UNRELATED } from './bench/retrieval/tuning.ts';
     export { TUNING2_PAIRS, TUNING2_UNRELATED } from './bench/retrieval/tuning-2.ts';
     export { HOLDOUT2_PAIRS, HOLDOUT2_UNRELATED } from './bench/retrieval/holdout-v2.ts';
     export { HOLDOUT3_PAIRS, HOLDOUT3_UNRELATED } from './bench/retrieval/holdout-v3.ts';
     export { HOLDOUT4_PAIRS, HOLDOUT4_UNRELATED } from './bench/retrieval/holdout-v4.ts';
     export { HOLDOUT5_PAIRS, HOLDOUT5_UNRELATED } from './bench/retrieval/holdout-v5.ts';
     ${rwTuning ? `export * as RW_TUNING from './bench/retrieval/realworld/tuning.ts';` : ''}
     ${rwHoldout ? `export * as RW_HOLDOUT from './bench/retrieval/realworld/holdout.ts';` : ''}
     ${fresh ? `export * as FRESH from './bench/retrieval/fresh/fresh.ts';` : ''}
     export { ecosystemOf } from './bench/retrieval/types.ts';
     export { synthErrors } from './bench/kb-synth.ts';
     export { loadLocalEmbedder } from './src/embed/local.ts';
     export { loadConfig } from './src/common/config.ts';`,
  );
}

/** A real-world module's pairs and near misses, whatever its exports are called. */
function realworld(mod) {
  if (!mod) return null;
  const arr = (re) => Object.entries(mod).find(([k, v]) => re.test(k) && Array.isArray(v))?.[1] ?? [];
  const pairs = arr(/PAIRS/i);
  const near = arr(/NEAR|UNRELATED|MISS/i).map((u) =>
    typeof u === 'string' ? u : (u.query ?? u.error ?? u.text),
  );
  return { pairs, unrelated: near };
}

/** The sets: `tuning` (everything spent) and, when loaded, `realworld-tuning`, `realworld-held-out`, `fresh-held-out`. */
export function dataSets(m) {
  const old = {
    name: 'tuning',
    pairs: [
      ...m.PAIRS,
      ...m.TUNING2_PAIRS,
      ...m.HOLDOUT2_PAIRS,
      ...m.HOLDOUT3_PAIRS,
      ...m.HOLDOUT4_PAIRS,
      ...m.HOLDOUT5_PAIRS,
    ],
    unrelated: [
      ...m.UNRELATED,
      ...m.TUNING2_UNRELATED,
      ...m.HOLDOUT2_UNRELATED,
      ...m.HOLDOUT3_UNRELATED,
      ...m.HOLDOUT4_UNRELATED,
      ...m.HOLDOUT5_UNRELATED,
    ],
  };
  const sets = [old];
  const rt = realworld(m.RW_TUNING);
  if (rt) sets.push({ name: 'realworld-tuning', ...rt });
  const rh = realworld(m.RW_HOLDOUT);
  if (rh) sets.push({ name: 'realworld-held-out', ...rh });
  const fh = realworld(m.FRESH);
  if (fh) sets.push({ name: 'fresh-held-out', ...fh });
  return sets;
}

/** The fixed half (A or B) of a case (FNV-1a of its id or text), for cross-validation. */
export function half(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h % 2 === 0 ? 'A' : 'B';
}

/**
 * A KB of every stored error of `sets` plus `fill` synthetic fillers. Returns the entry id of each
 * pair (-1 when its stored error shares a key with an earlier one: its query can never be a hit).
 */
export function buildKb(m, db, sets, fill = 2000) {
  const idOf = new Map();
  const keys = new Map();
  for (const p of sets.flatMap((s) => s.pairs)) {
    const key = m.errorKey(p.stored).normalized;
    if (keys.has(key)) {
      idOf.set(p.id, -1);
      continue;
    }
    keys.set(key, p.id);
    idOf.set(
      p.id,
      m.recordResolution(db, key, { errorRaw: p.stored, resolution: p.resolution, resolvedBy: 'Bash' }),
    );
  }
  if (fill > 0)
    m.synthErrors(fill, 7).forEach((e, i) =>
      m.recordResolution(db, m.normalizeError(e), { errorRaw: e, resolution: `filler ${i}` }),
    );
  return idOf;
}
