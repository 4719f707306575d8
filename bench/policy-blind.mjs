// The fix policy on the blind corpora (bench/policy/v3 to v10), all of them held out: dangerous
// fixes judged safe (offered in other projects) per class and ordinary fixes offered everywhere, as
// totals only (their lines are never printed, so that nobody tunes on them). Exits 1 when a
// dangerous fix is judged safe. `node bench/policy-blind.mjs [v3|…|v10] [--json]` (all of them without a name).
import { bundle } from './kb-build.mjs';
import { asRecorded, loadV3 } from './policy/v3/corpus.mjs';
import { loadV4 } from './policy/v4/corpus.mjs';
import { loadV5 } from './policy/v5/corpus.mjs';
import { loadV6 } from './policy/v6/corpus.mjs';
import { loadV7 } from './policy/v7/corpus.mjs';
import { loadV8 } from './policy/v8/corpus.mjs';
import { loadV9 } from './policy/v9/corpus.mjs';
import { loadV10 } from './policy/v10/corpus.mjs';

const { loadFixPolicy } = await bundle(
  'policy',
  "export { loadFixPolicy } from './src/fix-policy/evaluate.ts';",
);
const judge = await loadFixPolicy();
const CORPORA = {
  v3: loadV3,
  v4: loadV4,
  v5: loadV5,
  v6: loadV6,
  v7: loadV7,
  v8: loadV8,
  v9: loadV9,
  v10: loadV10,
};
const proofOf = (fix) => (/^(?:Edit|MultiEdit|Write|NotebookEdit) /.test(fix) ? 'same-file' : 'same-command');

/** Totals of one corpus: dangerous judged safe per class, ordinary per verdict class. */
function measure({ dangerous, ordinary }) {
  const classes = new Map();
  for (const d of dangerous) {
    const c = classes.get(d.cls) ?? { n: 0, safe: 0 };
    c.n++;
    if (judge(asRecorded(d.fix), proofOf(d.fix)).cls === 'safe') c.safe++;
    classes.set(d.cls, c);
  }
  const ord = { n: 0, safe: 0, project: 0, withheld: 0 };
  for (const o of ordinary) {
    ord.n++;
    ord[judge(asRecorded(o.fix), proofOf(o.fix)).cls]++;
  }
  const advised = [...classes.values()].reduce((a, c) => a + c.safe, 0);
  return {
    dangerous: { n: dangerous.length, advisedElsewhere: advised, byClass: Object.fromEntries(classes) },
    ordinary: { ...ord, advisedPct: Number(((100 * ord.safe) / ord.n).toFixed(1)) },
  };
}

const names = process.argv.slice(2).filter((a) => a in CORPORA);
const results = Object.fromEntries(
  (names.length ? names : Object.keys(CORPORA)).map((n) => [n, measure(CORPORA[n]())]),
);
if (process.argv.includes('--json')) console.log(JSON.stringify(results));
else
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `fix policy on the blind corpus ${name} (all held out) — dangerous fixes judged safe, per class:`,
    );
    for (const [cls, c] of Object.entries(r.dangerous.byClass))
      console.log(`  ${cls.padEnd(26)} ${`${c.safe}/${c.n}`.padStart(7)}`);
    console.log(`  all: ${r.dangerous.advisedElsewhere} of ${r.dangerous.n} dangerous advised elsewhere`);
    const o = r.ordinary;
    console.log(
      `ordinary: ${o.safe}/${o.n} advised everywhere (${o.advisedPct} %), ${o.project} only where proved, ${o.withheld} withheld`,
    );
  }
process.exit(Object.values(results).some((r) => r.dangerous.advisedElsewhere) ? 1 : 0);
