// Fits the error-line model (bench/error-lines/model.ts) on the labelled lines of the tuning pairs
// (bench/data/error-lines.json, from bench/label-error-lines.mjs): a conditional logit over the
// lines of each text (softmax of w·features), fit so that both texts of a pair choose a shared line:
// the log of Σ over the shared line pairs (i, j) of pStored(i)·pQuery(j), L2, gradient ascent.
// Cross-validation by pair id (kb-dataset.mjs half): fit on A, check on B, and swap; on the part
// not fit on:
// - lines: both texts' chosen lines are a shared pair (labelled pairs, the model);
// - key: both texts of a pair give the same key template (every recurrence pair, labelled or not),
//   the model (extract.ts extractWith with the model as picker) against the rules (extractErrorMessage).
// Then fits on everything and writes bench/error-lines/weights.ts (unless --dry).
// Usage: node bench/fit-error-lines.mjs [--dry] [--l2 0.1] [--iter 1500] [--lr 2]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { choiceLines, loadLineModules, tuningPairs } from './error-lines-lib.mjs';
import { ROOT } from './kb-build.mjs';
import { half } from './kb-dataset.mjs';

const args = process.argv.slice(2);
const opt = (n, d) => (args.includes(n) ? Number(args[args.indexOf(n) + 1]) : d);
const dry = args.includes('--dry');
const l2 = opt('--l2', 0.1);
const iters = opt('--iter', 1500);
const lr = opt('--lr', 2);

const m = await loadLineModules();
const names = m.LINE_FEATURES;
const labels = JSON.parse(readFileSync(join(ROOT, 'bench', 'data', 'error-lines.json'), 'utf8'));
const pairs = tuningPairs(m).filter((p) => p.kind !== 'paraphrase');
const byId = new Map(pairs.map((p) => [p.id, p]));

// each labelled pair: both texts' line features, and which line pairs (i, j) are the shared error line
const examples = labels.flatMap((t) => {
  const p = byId.get(t.pair);
  if (!p) return [];
  const side = (text) => {
    const lines = choiceLines(m, text);
    const X = m.lineFeatures(lines);
    const at = lines.map((l, i) => (X[i].length ? i : -1)).filter((i) => i >= 0);
    // the rules' line: the first whose text their message holds (npm's spelling aside)
    const msg = m.extractErrorMessage(text).replace(/^npm ERR!/, '');
    const own = (l) => (m.stripBanner(l) || l).replace(/^npm (?:ERR!|error)/, '');
    const rule = at.findIndex((i) => msg.includes(own(lines[i])));
    return { lines, rows: at.map((i) => X[i]), index: new Map(at.map((i, k) => [lines[i], k])), rule };
  };
  const [a, b] = [side(p.stored), side(p.query)];
  const matches = t.matches
    .map(([x, y]) => [a.index.get(x), b.index.get(y)])
    .filter(([i, j]) => i !== undefined && j !== undefined);
  const rules = [a.rule, b.rule];
  return matches.length ? [{ pair: t.pair, a: a.rows, b: b.rows, matches, rules }] : [];
});

const dot = (x, w) => x.reduce((s, v, k) => s + v * w[k], 0);
/** The softmax of the lines' scores. */
function probs(rows, w) {
  const s = rows.map((x) => dot(x, w));
  const top = Math.max(...s);
  const e = s.map((v) => Math.exp(v - top));
  const z = e.reduce((x, y) => x + y, 0);
  return e.map((v) => v / z);
}

// the objective: the log of the chance that both texts' chosen lines are a shared pair,
// log Σ_(i,j) shared pA(i)·pB(j); its gradient is E[f | shared] − E[f] on each side
function fit(train) {
  const w = names.map(() => 0);
  for (let it = 0; it < iters; it++) {
    const g = names.map(() => 0);
    for (const ex of train) {
      const pa = probs(ex.a, w);
      const pb = probs(ex.b, w);
      const r = ex.matches.map(([i, j]) => pa[i] * pb[j]);
      const z = r.reduce((x, y) => x + y, 0) || 1e-300;
      ex.matches.forEach(([i, j], k) => {
        ex.a[i].forEach((v, f) => (g[f] += (r[k] / z) * v));
        ex.b[j].forEach((v, f) => (g[f] += (r[k] / z) * v));
      });
      ex.a.forEach((x, i) => x.forEach((v, f) => (g[f] -= pa[i] * v)));
      ex.b.forEach((x, i) => x.forEach((v, f) => (g[f] -= pb[i] * v)));
    }
    w.forEach((_, k) => (w[k] += lr * (g[k] / train.length - l2 * w[k])));
  }
  return w;
}

const pct = (a, b) => `${((a / b) * 100).toFixed(1)} % (${a}/${b})`;
const sameKey = (a, b) => a === b || m.sameTemplate(m.templateDiff(a, b));
const key = (text, chooser, w) =>
  m.normalizeError(
    chooser === 'model'
      ? m.extractWith(text, (all) => m.errorLineIndex(all, w))
      : m.extractErrorMessage(text),
  );

function check(w, part) {
  const exs = examples.filter((e) => half(e.pair) === part);
  const argmax = (rows) => {
    const sc = rows.map((x) => dot(x, w));
    return sc.indexOf(Math.max(...sc));
  };
  const shared = (e, [i, j]) => e.matches.some(([x, y]) => x === i && y === j);
  const linesOk = exs.filter((e) => shared(e, [argmax(e.a), argmax(e.b)])).length;
  const rulesOk = exs.filter((e) => shared(e, e.rules)).length;
  const ps = pairs.filter((p) => half(p.id) === part);
  const pairOk = (c, set) =>
    ps.filter((p) => (!set || p.set === set) && sameKey(key(p.stored, c, w), key(p.query, c, w))).length;
  const n = (set) => ps.filter((p) => p.set === set).length;
  console.log(
    `  part ${part}: both chosen lines a shared pair (labelled pairs): model ${pct(linesOk, exs.length)}, rules ${pct(rulesOk, exs.length)}; ` +
      `same key template in both texts: model ${pct(pairOk('model'), ps.length)}, rules ${pct(pairOk('rules'), ps.length)}` +
      ` (realworld: model ${pct(pairOk('model', 'realworld-tuning'), n('realworld-tuning'))}, rules ${pct(pairOk('rules', 'realworld-tuning'), n('realworld-tuning'))})`,
  );
}

console.log(
  `${examples.length} labelled pairs of ${pairs.length} recurrence pairs; ${names.length} features`,
);
for (const [fitOn, checkOn] of [
  ['A', 'B'],
  ['B', 'A'],
]) {
  console.log(`fit on ${fitOn}, check on ${checkOn}:`);
  check(fit(examples.filter((e) => half(e.pair) === fitOn)), checkOn);
}
const w = fit(examples);
console.log(names.map((f, k) => `${f} ${w[k].toFixed(2)}`).join(', '));
if (!dry) {
  const body = names.map((f, k) => `  ${f}: ${+w[k].toFixed(4)},`).join('\n');
  writeFileSync(
    join(ROOT, 'bench', 'error-lines', 'weights.ts'),
    `// Generated by bench/fit-error-lines.mjs from bench/data/error-lines.json: do not edit by hand.\n` +
      `export const LINE_WEIGHTS: Record<string, number> = {\n${body}\n};\n`,
  );
  console.log('wrote bench/error-lines/weights.ts');
}
