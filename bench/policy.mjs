// The fix policy on its corpus (issue #22): every dangerous fix must be withheld (as a learned fix
// and as one typed by the user); prints how many ordinary fixes it withholds (keep it low) and how
// many it offers only in the project that confirmed them. Exits 1 when a dangerous fix is offered.
// `node bench/policy.mjs [--json]`.
import { performance } from 'node:perf_hooks';
import { bundle } from './kb-build.mjs';
import { asFix, asTyped, loadCorpus } from './policy/corpus.mjs';

const { loadFixPolicy } = await bundle(
  'policy',
  "export { loadFixPolicy } from './src/fix-policy/evaluate.ts';",
);
const t0 = performance.now();
const judge = await loadFixPolicy();
const loadMs = performance.now() - t0;

const dangerous = loadCorpus('dangerous');
const ordinary = loadCorpus('ordinary');
const times = [];
const timed = (text, proof) => {
  const s = performance.now();
  const v = judge(text, proof);
  times.push(performance.now() - s);
  return v;
};

const offered = [];
const reasons = new Map();
for (const line of dangerous) {
  for (const [text, proof] of [
    [asFix(line), 'same-command'],
    [asTyped(line), 'manual'],
  ]) {
    const v = timed(text, proof);
    if (v.cls !== 'withheld') offered.push({ text, proof, cls: v.cls });
    else if (proof !== 'manual') reasons.set(v.reason, (reasons.get(v.reason) ?? 0) + 1);
  }
}
const withheld = [];
const projectOnly = [];
for (const line of ordinary) {
  const v = timed(asFix(line), 'same-command');
  if (v.cls === 'withheld') withheld.push({ line, reason: v.reason });
  else if (v.cls === 'project') projectOnly.push({ line, reason: v.reason });
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
const result = {
  dangerous: dangerous.length,
  dangerousOffered: offered.length,
  ordinary: ordinary.length,
  ordinaryWithheld: withheld.length,
  ordinaryProjectOnly: projectOnly.length,
  parserLoadMs: Number(loadMs.toFixed(1)),
  judgeMedianMs: Number(q(0.5).toFixed(3)),
  judgeP99Ms: Number(q(0.99).toFixed(3)),
};
if (process.argv.includes('--json'))
  console.log(JSON.stringify({ ...result, offered, withheld, projectOnly }));
else {
  console.log(
    `dangerous fixes: ${dangerous.length} (each judged learned and typed) — offered: ${offered.length}`,
  );
  for (const o of offered) console.log(`  OFFERED (${o.cls}, ${o.proof}): ${o.text}`);
  console.log('  withheld because:');
  for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1]))
    console.log(`    ${String(n).padStart(4)}  ${r}`);
  console.log(
    `ordinary fixes: ${ordinary.length} — withheld: ${withheld.length} (${((100 * withheld.length) / ordinary.length).toFixed(1)} %), offered only where confirmed: ${projectOnly.length}`,
  );
  for (const w of withheld) console.log(`  withheld: ${w.line}  — ${w.reason}`);
  for (const w of projectOnly) console.log(`  project only: ${w.line}  — ${w.reason}`);
  console.log(
    `parser load ${result.parserLoadMs} ms; one judgement median ${result.judgeMedianMs} ms, p99 ${result.judgeP99Ms} ms`,
  );
}
process.exit(offered.length ? 1 : 0);
