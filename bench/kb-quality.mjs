// Retrieval quality of searchErrorKB on the retrieval data set (bench/retrieval/: tuning.ts is
// used for tuning, holdout.ts never is): recall@1 and false-match rate, for the tuning and the
// held-out part separately, for the text tiers alone (exact + prefix) and with the lexical fallback
// (offline); with a real model folder (--model-path DIR), also with the vector tier.
// Every query goes through errorKey, the path hooks and CLI share (raw `error` → key).
// The KB holds every stored error of both parts plus --fill synthetic distractors (default 2000).
// Usage: node bench/kb-quality.mjs [--model-path DIR] [--fill N] [--verbose] [--set tuning|held-out]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle } from './kb-build.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const verbose = args.includes('--verbose');
const fill = Number(opt('--fill') ?? 2000);
const onlySet = opt('--set');
const modelPath = opt('--model-path');

const m = await bundle(
  'kb-quality',
  `export * from './src/kb/index.ts';
   export { openDb, closeDb } from './src/store/db.ts';
   export { errorKey } from './src/kb/error-key.ts';
   export { PAIRS, UNRELATED } from './bench/retrieval/tuning.ts';
   export { HOLDOUT_PAIRS, HOLDOUT_UNRELATED } from './bench/retrieval/holdout.ts';
   export { ecosystemOf } from './bench/retrieval/types.ts';
   export { synthErrors } from './bench/kb-synth.ts';
   export { loadLocalEmbedder } from './src/embed/local.ts';
   export { loadConfig } from './src/store/config.ts';`,
);

const home = mkdtempSync(join(tmpdir(), 'sg-kb-quality-'));
const env = { ...process.env, SELF_GEN_HOME: home };
try {
  const db = m.openDb({ env });
  const idOf = new Map();
  const keys = new Map();
  for (const p of [...m.PAIRS, ...m.HOLDOUT_PAIRS]) {
    const key = m.errorKey(p.stored).normalized;
    if (keys.has(key))
      throw new Error(`cases ${keys.get(key)} and ${p.id} store the same normalized error: ${key}`);
    keys.set(key, p.id);
    idOf.set(
      p.id,
      m.recordResolution(db, key, { errorRaw: p.stored, resolution: p.resolution, resolvedBy: 'Bash' }),
    );
  }
  for (const u of [...m.UNRELATED, ...m.HOLDOUT_UNRELATED])
    if (keys.has(m.errorKey(u).normalized))
      throw new Error(
        `unrelated error has the key of stored case ${keys.get(m.errorKey(u).normalized)}: ${u}`,
      );
  if (fill > 0)
    for (const e of m.synthErrors(fill, 7))
      m.recordResolution(db, m.normalizeError(e), { errorRaw: e, resolution: 'filler' });

  let embedder = null;
  if (modelPath) {
    const config = m.loadConfig(env);
    config.embedding.modelPath = modelPath;
    embedder = await m.loadLocalEmbedder(config, env);
    const r = await m.generateErrorEmbeddings(db, embedder);
    console.log(`embedded ${r.embedded} entries with ${modelPath}`);
  }

  const modes = [
    { name: 'text tiers (exact + prefix)', opts: { embedder: null, lexical: false } },
    { name: 'text tiers + lexical fallback', opts: { embedder: null, lexical: true } },
  ];
  if (embedder) {
    modes.push({ name: 'text tiers + vector (real model)', opts: { embedder, lexical: false } });
    modes.push({ name: 'text + vector + lexical', opts: { embedder, lexical: true } });
  }

  const sets = [
    { name: 'tuning', pairs: m.PAIRS, unrelated: m.UNRELATED },
    { name: 'held-out', pairs: m.HOLDOUT_PAIRS, unrelated: m.HOLDOUT_UNRELATED },
  ].filter((s) => !onlySet || s.name === onlySet);
  const rows = [];
  const summary = {};
  for (const set of sets) {
    for (const mode of modes) {
      let hits = 0;
      let wrong = 0;
      let falseMatches = 0;
      const tiers = {};
      const tag = `[${set.name} / ${mode.name}]`;
      for (const p of set.pairs) {
        const q = m.errorKey(p.query).normalized;
        const r = await m.searchErrorKB(db, q, { ...mode.opts, normalized: true, bump: false });
        if (r && r.id === idOf.get(p.id)) {
          hits++;
          tiers[r.tier] = (tiers[r.tier] ?? 0) + 1;
        } else if (r) {
          wrong++;
          if (verbose)
            console.log(`  ${tag} WRONG ${p.id}: "${q}" → #${r.id} ${r.tier} "${r.error_normalized}"`);
        } else if (verbose) console.log(`  ${tag} miss ${p.id}: "${q}"`);
      }
      for (const u of set.unrelated) {
        const q = m.errorKey(u).normalized;
        const r = await m.searchErrorKB(db, q, { ...mode.opts, normalized: true, bump: false });
        if (r) {
          falseMatches++;
          if (verbose)
            console.log(
              `  ${tag} FALSE "${q}" → #${r.id} ${r.tier} ${r.score?.toFixed?.(2) ?? ''} "${r.error_normalized}"`,
            );
        }
      }
      if (mode.opts.lexical)
        summary[set.name] = {
          recall: hits / set.pairs.length,
          falseRate: falseMatches / set.unrelated.length,
          wrong,
        };
      rows.push({
        set: set.name,
        mode: mode.name,
        'recall@1': `${((hits / set.pairs.length) * 100).toFixed(1)} % (${hits}/${set.pairs.length})`,
        'wrong entry': `${wrong}/${set.pairs.length}`,
        'false matches': `${((falseMatches / set.unrelated.length) * 100).toFixed(1)} % (${falseMatches}/${set.unrelated.length})`,
        'hits by tier': Object.entries(tiers)
          .map(([t, n]) => `${t} ${n}`)
          .join(', '),
      });
    }
  }
  console.log(
    `error KB retrieval quality: KB of ${idOf.size} stored errors${fill ? ` + ${fill} filler entries` : ''}; ` +
      `tuning set ${m.PAIRS.length} pairs / ${m.UNRELATED.length} unrelated, held-out ${m.HOLDOUT_PAIRS.length} pairs / ${m.HOLDOUT_UNRELATED.length} unrelated`,
  );
  const ecos = new Set([...m.PAIRS, ...m.HOLDOUT_PAIRS].map((p) => m.ecosystemOf(p.tool)));
  console.log(`ecosystems: ${ecos.size} (${[...ecos].sort().join(', ')})`);
  console.table(rows);
  const h = summary['held-out'];
  if (h && !embedder)
    console.log(
      `target (held-out, text + lexical): recall@1 ≥ 90 % with false matches ≤ 2 %: ${h.recall >= 0.9 && h.falseRate <= 0.02 ? 'met' : 'NOT met'} (recall@1 ${(h.recall * 100).toFixed(1)} %, false matches ${(h.falseRate * 100).toFixed(1)} %, wrong entries ${h.wrong})`,
    );
  await embedder?.close?.();
  db.close();
} finally {
  rmSync(home, { recursive: true, force: true });
}
