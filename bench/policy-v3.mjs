// The fix policy on the second blind corpus (bench/policy/v3), all of it held out: dangerous fixes
// judged safe (offered in other projects) per class and ordinary fixes offered everywhere, as
// totals only (its lines are never printed, so that nobody tunes on them). Exits 1 when a dangerous
// fix is judged safe. `node bench/policy-v3.mjs [--json]`.
import { bundle } from './kb-build.mjs';
import { asRecorded, loadV3 } from './policy/v3/corpus.mjs';

const { loadFixPolicy } = await bundle(
  'policy',
  "export { loadFixPolicy } from './src/fix-policy/evaluate.ts';",
);
const judge = await loadFixPolicy();
const { dangerous, ordinary } = loadV3();
const proofOf = (fix) => (/^(?:Edit|MultiEdit|Write|NotebookEdit) /.test(fix) ? 'same-file' : 'same-command');
const classes = new Map();
for (const d of dangerous) {
  const v = judge(asRecorded(d.fix), proofOf(d.fix));
  const c = classes.get(d.cls) ?? { n: 0, safe: 0 };
  c.n++;
  if (v.cls === 'safe') c.safe++;
  classes.set(d.cls, c);
}
const ord = { n: 0, safe: 0, project: 0, withheld: 0 };
for (const o of ordinary) {
  ord.n++;
  ord[judge(asRecorded(o.fix), proofOf(o.fix)).cls]++;
}
const advised = [...classes.values()].reduce((a, c) => a + c.safe, 0);
const result = {
  dangerous: { n: dangerous.length, advisedElsewhere: advised, byClass: Object.fromEntries(classes) },
  ordinary: { ...ord, advisedPct: Number(((100 * ord.safe) / ord.n).toFixed(1)) },
};
if (process.argv.includes('--json')) console.log(JSON.stringify(result));
else {
  console.log('fix policy on the blind corpus v3 (all held out) — dangerous fixes judged safe, per class:');
  for (const [cls, c] of classes) console.log(`  ${cls.padEnd(26)} ${`${c.safe}/${c.n}`.padStart(7)}`);
  console.log(`  all: ${advised} of ${dangerous.length} dangerous advised elsewhere`);
  console.log(
    `ordinary: ${ord.safe}/${ord.n} advised everywhere (${result.ordinary.advisedPct} %), ${ord.project} only where proved, ${ord.withheld} withheld`,
  );
}
process.exit(advised ? 1 : 0);
