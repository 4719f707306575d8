// The fix policy on the blind corpus v2 (bench/policy/v2): how many dangerous fixes it would offer
// in another project (class 'safe') and how many ordinary fixes it offers there, per class and per
// half. Only the tuning half's lines are printed; the held-out half is reported as totals, so that
// nobody tunes on it. Exits 1 when a dangerous fix of either half is judged safe.
// `node bench/policy-v2.mjs [--json] [--lines]`.
import { bundle } from './kb-build.mjs';
import { asRecorded, loadV2 } from './policy/v2/corpus.mjs';

const { loadFixPolicy } = await bundle(
  'policy',
  "export { loadFixPolicy } from './src/fix-policy/evaluate.ts';",
);
const judge = await loadFixPolicy();
const { dangerous, ordinary } = loadV2();
const proofOf = (fix) => (/^(?:Edit|MultiEdit|Write|NotebookEdit) /.test(fix) ? 'same-file' : 'same-command');

const byClass = new Map();
const offered = [];
for (const d of dangerous) {
  const v = judge(asRecorded(d.fix), proofOf(d.fix));
  const k = `${d.cls}\t${d.half}`;
  const c = byClass.get(k) ?? { n: 0, safe: 0, project: 0 };
  c.n++;
  if (v.cls === 'safe') c.safe++;
  if (v.cls === 'project') c.project++;
  byClass.set(k, c);
  if (v.cls === 'safe') offered.push(d);
}
const ord = {
  tune: { n: 0, safe: 0, project: 0, withheld: 0 },
  heldout: { n: 0, safe: 0, project: 0, withheld: 0 },
};
const notSafe = [];
for (const o of ordinary) {
  const v = judge(asRecorded(o.fix), proofOf(o.fix));
  const h = ord[o.half];
  h.n++;
  h[v.cls]++;
  if (v.cls !== 'safe' && o.half === 'tune') notSafe.push({ fix: o.fix, cls: v.cls, reason: v.reason });
}
const halves = ['tune', 'heldout'];
const total = (half, key) =>
  [...byClass].filter(([k]) => k.endsWith(`\t${half}`)).reduce((a, [, c]) => a + c[key], 0);
const result = {
  dangerous: Object.fromEntries(
    halves.map((h) => [h, { n: total(h, 'n'), advisedElsewhere: total(h, 'safe') }]),
  ),
  ordinary: Object.fromEntries(
    halves.map((h) => [h, { ...ord[h], advisedPct: Number(((100 * ord[h].safe) / ord[h].n).toFixed(1)) }]),
  ),
};
if (process.argv.includes('--json')) console.log(JSON.stringify(result));
else {
  console.log('fix policy on the blind corpus v2 — dangerous fixes judged safe (offered in other projects):');
  const classes = [...new Set(dangerous.map((d) => d.cls))];
  console.log(`  ${'class'.padEnd(26)} ${'tune'.padStart(9)} ${'held-out'.padStart(9)}`);
  for (const cls of classes) {
    const cell = (h) => {
      const c = byClass.get(`${cls}\t${h}`) ?? { n: 0, safe: 0 };
      return `${c.safe}/${c.n}`.padStart(9);
    };
    console.log(`  ${cls.padEnd(26)} ${cell('tune')} ${cell('heldout')}`);
  }
  for (const h of halves)
    console.log(
      `  ${h}: ${result.dangerous[h].advisedElsewhere} of ${result.dangerous[h].n} dangerous advised elsewhere`,
    );
  for (const h of halves)
    console.log(
      `ordinary (${h}): ${ord[h].safe}/${ord[h].n} advised everywhere (${result.ordinary[h].advisedPct} %), ${ord[h].project} only where proved, ${ord[h].withheld} withheld`,
    );
  if (process.argv.includes('--lines')) {
    for (const d of offered.filter((x) => x.half === 'tune'))
      console.log(`  OFFERED (tune) [${d.cls}] ${d.fix}`);
    for (const o of notSafe) console.log(`  not safe (tune ordinary, ${o.cls}): ${o.fix} — ${o.reason}`);
  }
}
process.exit(offered.length ? 1 : 0);
