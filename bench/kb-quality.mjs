// Retrieval quality of searchErrorKB, through the path hooks use (errorKey → searchErrorKB with the
// hooks' default tiers), on each data set (bench/kb-dataset.mjs): one KB per set (its stored errors
// + --fill synthetic fillers). Recall on recurrences (only variable parts differ) and on
// paraphrases, and wrong answers: a near miss answered, or a pair answered with another entry.
// The real-world held-out set is read only with --realworld-holdout (measure it once, at the end).
// --mode seed: seed 001's search (exact → first 30 characters, length ratio ≥ 0.7 → vector); default
// matcher (the configured mode of this machine is never read).
// Usage: node bench/kb-quality.mjs [--fill N] [--mode matcher|seed] [--tiers exact,similar] [--realworld-holdout] [--verbose]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKb, dataSets, loadModules } from './kb-dataset.mjs';

const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const fill = Number(opt('--fill') ?? 2000);
const tiers = opt('--tiers')?.split(',');
const mode = opt('--mode') ?? 'matcher';
const verbose = args.includes('--verbose');
const m = await loadModules({ realworldHoldout: args.includes('--realworld-holdout') });
const home = mkdtempSync(join(tmpdir(), 'sg-kb-quality-'));
const pct = (a, b) => `${b ? ((a / b) * 100).toFixed(1) : '-'} % (${a}/${b})`;
try {
  const rows = [];
  for (const [i, set] of dataSets(m).entries()) {
    const db = m.openDb({ env: { ...process.env, SELF_GEN_HOME: join(home, String(i)) } });
    const idOf = buildKb(m, db, [set], fill);
    const search = (text) =>
      m.searchErrorKB(db, text, { embedder: null, bump: false, mode, ...(tiers ? { tiers } : {}) });
    const r = { rec: 0, recN: 0, par: 0, parN: 0, wrong: 0, falseM: 0, tiers: {} };
    for (const p of set.pairs) {
      const hit = await search(p.query);
      const para = p.kind === 'paraphrase';
      if (para) r.parN++;
      else r.recN++;
      if (hit && hit.id === idOf.get(p.id)) {
        if (para) r.par++;
        else r.rec++;
        r.tiers[hit.tier] = (r.tiers[hit.tier] ?? 0) + 1;
      } else if (!hit && verbose && !set.name.endsWith('held-out')) {
        const trace = { tiers: [] };
        await m.searchErrorKB(db, p.query, { embedder: null, bump: false, mode, trace });
        const own = trace.scored?.find((x) => x.entry.id === idOf.get(p.id));
        console.log(
          `miss ${p.id} (${p.kind ?? ''}): ${trace.normalized?.slice(0, 90)} | own entry ${own ? `p ${own.p.toFixed(3)} ${JSON.stringify(Object.fromEntries(Object.entries(own.features).map(([k, v]) => [k, +v.toFixed(2)])))}` : 'not a candidate'}`,
        );
      } else if (hit) {
        r.wrong++;
        if (verbose && !set.name.endsWith('held-out'))
          console.log(`WRONG ${p.id} → #${hit.id} ${hit.error_normalized}`);
      }
    }
    for (const u of set.unrelated) {
      const hit = await search(u);
      if (hit) {
        r.falseM++;
        if (verbose && !set.name.endsWith('held-out'))
          console.log(`FALSE ${u.slice(0, 100)} → ${hit.error_normalized}`);
      }
    }
    const n = set.pairs.length + set.unrelated.length;
    rows.push({
      set: set.name,
      'recall (recurrences)': pct(r.rec, r.recN),
      'recall (paraphrases)': pct(r.par, r.parN),
      'wrong answers': pct(r.wrong + r.falseM, n),
      'near misses answered': `${r.falseM}/${set.unrelated.length}`,
      'other entry': `${r.wrong}/${set.pairs.length}`,
      'hits by tier': Object.entries(r.tiers)
        .map(([t, k]) => `${t} ${k}`)
        .join(', '),
    });
    db.close();
  }
  console.log(
    `error KB retrieval quality, mode ${mode}, tiers ${(tiers ?? (mode === 'seed' ? m.SEED_TIERS : m.DEFAULT_TIERS)).join(' → ')} (no vectors), ${fill} fillers per KB`,
  );
  console.table(rows);
} finally {
  rmSync(home, { recursive: true, force: true });
}
