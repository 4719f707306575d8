// Fits the matcher (src/error-kb/matcher.ts) on the labelled tuning data and writes its numbers:
// 1. the background corpus of ordinary errors (synthetic errors of bench/kb-synth.ts and every error
//    text of the tuning data): how many of them hold each word → src/error-kb/common-words.ts;
// 2. a KB of every stored tuning error + 2000 fillers; each tuning query (recurrence or near miss)
//    gets its candidates and their features, exactly as searchErrorKB computes them;
// 3. a logistic regression (L2, gradient descent) on (features → is it the query's entry?), and the
//    lowest threshold whose answers are wrong (another entry, or a near miss answered) for at most
//    1 % of the queries → src/error-kb/matcher-weights.ts.
// Cross-validation first: fit on one fixed half, report the other, and swap.
// The template rule (matcher.ts decide: a candidate of the query's template answers whatever its score)
// applies in every evaluation; the threshold lets the model add at most --max-false wrong answers to it.
// Usage: node bench/fit-matcher.mjs [--dry] [--curve] [--max-false 0.01] [--l2 0.001] [--top 1 (0: all candidates)]
//        [--no-rule] [--why (print what the rule answered wrongly)]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './kb-build.mjs';
import { buildKb, dataSets, half, loadModules } from './kb-dataset.mjs';

const args = process.argv.slice(2);
const opt = (n, d) => (args.includes(n) ? Number(args[args.indexOf(n) + 1]) : d);
const dry = args.includes('--dry');
const maxFalse = opt('--max-false', 0.01);
const l2 = opt('--l2', 0.001);
const lr = opt('--lr', 2);
// --drop f1,f2: these features count 0 (to see what a rule or feature adds)
const dropped = args.includes('--drop') ? args[args.indexOf('--drop') + 1].split(',') : [];

let m = await loadModules();
const sets = dataSets(m).filter((s) => !s.name.endsWith('held-out'));
console.log(
  sets.map((s) => `${s.name}: ${s.pairs.length} pairs, ${s.unrelated.length} near misses`).join('; '),
);

// 1. background corpus
const corpus = [
  ...m.synthErrors(3000, 11),
  ...sets.flatMap((s) => [...s.pairs.flatMap((p) => [p.stored, p.query]), ...s.unrelated]),
];
const df = new Map();
for (const text of corpus) {
  const k = m.errorKey(text);
  const lines = [k.normalized, ...k.signature.slice(1).map(m.normalizeError)];
  for (const t of m.tokens(lines.join(' '))) df.set(t, (df.get(t) ?? 0) + 1);
}
const common = [...df]
  .filter(([t, n]) => n >= 2 && !t.includes(':'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 1500);
const bgFile = join(ROOT, 'src', 'error-kb', 'common-words.ts');
const wrap = (s) =>
  s
    .match(/.{1,400}(?: |$)/g)
    .map((l) => `  '${l}'`)
    .join(' +\n');
if (!dry) {
  writeFileSync(
    bgFile,
    `// Written by bench/fit-matcher.mjs: in how many of ${corpus.length} ordinary errors (synthetic and\n// tuning texts) each common word occurs. Do not edit.\nexport const BACKGROUND_DOCS = ${corpus.length};\nexport const BACKGROUND =\n${wrap(common.map(([t, n]) => `${t}:${n}`).join(' '))}.trim();\n`,
  );
  m = await loadModules(); // again, with the new background
}

// 2. candidates and features
const home = mkdtempSync(join(tmpdir(), 'sg-fit-matcher-'));
const env = { ...process.env };
const cases = [];
try {
  // one KB per set: the sets were written apart, the same problem may be stored in two of them
  for (const [i, s] of sets.entries()) {
    const db = m.openDb({ env: { ...env, SELF_GEN_HOME: join(home, String(i)) } });
    const idOf = buildKb(m, db, [s]);
    const add = (text, target, id, kind) => {
      const k = m.errorKey(text);
      const q = { normalized: k.normalized, signature: k.signature.length ? k.signature : [k.message] };
      // every candidate, the same key's entry included (feature sameKey): no early answer here
      const cands = m.scoreCandidates(db, q, false, Infinity).map((c) => ({
        id: c.entry.id,
        f: m.FEATURES.map((n) => (dropped.includes(n) ? 0 : c.features[n])),
        key: c.entry.error_normalized,
      }));
      cases.push({ target, exactId: null, cands, half: half(id), set: s.name, kind, text: k.normalized });
    };
    for (const p of s.pairs) add(p.query, idOf.get(p.id), p.id, p.kind);
    for (const u of s.unrelated) add(u, null, u);
    db.close();
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}

// 3. logistic regression
const sigmoid = (z) => 1 / (1 + Math.exp(-z));
function fit(train) {
  // the hard candidates only: a query's few best by word overlap (fillers that share nothing teach nothing)
  const top = opt('--top', 1);
  const ra = m.FEATURES.indexOf('rareAll');
  const pick = (c) => (top ? [...c.cands].sort((a, b) => b.f[ra] - a.f[ra]).slice(0, top) : c.cands);
  const rows = train.flatMap((c) => pick(c).map((k) => ({ f: k.f, y: k.id === c.target ? 1 : 0 })));
  const pos = rows.filter((r) => r.y).length;
  const wPos = args.includes('--balance') ? (rows.length - pos) / Math.max(pos, 1) : 1;
  const n = m.FEATURES.length;
  const w = new Array(n + 1).fill(0);
  for (let it = 0; it < opt('--iter', 3000); it++) {
    const g = new Array(n + 1).fill(0);
    let tot = 0;
    for (const r of rows) {
      const z = w[n] + r.f.reduce((a, x, i) => a + x * w[i], 0);
      const cw = r.y ? wPos : 1;
      const e = (sigmoid(z) - r.y) * cw;
      for (let i = 0; i < n; i++) g[i] += e * r.f[i];
      g[n] += e;
      tot += cw;
    }
    for (let i = 0; i < n; i++) w[i] -= lr * (g[i] / tot + l2 * w[i]);
    w[n] -= lr * (g[n] / tot);
  }
  return w;
}
// --veto f1,f2: a candidate with any of these binary features is never answered (a rule, kept only
// when the figures show it pays)
const vetoes = (args.includes('--veto') ? args[args.indexOf('--veto') + 1].split(',') : []).map((f) =>
  m.FEATURES.indexOf(f),
);
const prob = (w, f) =>
  vetoes.some((i) => f[i] === 1) ? 0 : sigmoid(w[w.length - 1] + f.reduce((a, x, i) => a + x * w[i], 0));
function evaluate(test, w, th) {
  let hits = 0;
  let wrong = 0;
  let falseM = 0;
  let pairs = 0;
  for (const c of test) {
    if (c.target != null) pairs++;
    let answer = c.exactId;
    // as decide() in matcher.ts: a candidate of the query's template answers first, whatever its
    // score (the same key first, then the best); --no-rule: the model alone
    if (answer == null && !args.includes('--no-rule')) {
      const fi = (n) => m.FEATURES.indexOf(n);
      const t = c.cands
        .filter((k) => k.f[fi('tplSame')] === 1 && (!args.includes('--rule-key') || k.f[fi('sameKey')] === 1))
        .sort((a, b) => b.f[fi('sameKey')] - a.f[fi('sameKey')] || prob(w, b.f) - prob(w, a.f))[0];
      if (t) answer = t.id;
      if (t && args.includes('--why') && t.id !== c.target)
        console.log('RULE', c.target == null ? 'near miss' : 'other entry', c.text, '→', t.key);
    }
    // as searchErrorKB: the entry of the same key answers when it reaches the threshold, else the best
    const sk = m.FEATURES.indexOf('sameKey');
    const same = c.cands.find((k) => k.f[sk] === 1);
    if (answer == null && same && prob(w, same.f) >= th) answer = same.id;
    if (answer == null) {
      const best = c.cands.map((k) => ({ id: k.id, p: prob(w, k.f) })).sort((a, b) => b.p - a.p)[0];
      if (best && best.p >= th) answer = best.id;
    }
    if (answer == null) continue;
    if (c.target == null) falseM++;
    else if (answer === c.target) hits++;
    else wrong++;
  }
  const n = test.length;
  return {
    recall: hits / pairs,
    wrongRate: (wrong + falseM) / n,
    hits,
    wrong,
    falseM,
    pairs,
    near: n - pairs,
  };
}
/**
 * The lowest threshold (as a probability, searched on the logit) with wrong answers ≤ maxFalse, on the
 * real-world part when there is one (the target is set on real reports; the older sets' near misses
 * were written against earlier rules).
 */
function threshold(train, w) {
  const rw = train.filter((c) => c.set === 'realworld-tuning');
  if (rw.length) train = rw;
  // the template rule answers whatever the threshold: the model may add at most maxFalse wrong answers
  const rule = evaluate(train, w, 2).wrongRate;
  for (let z = -4; z < 30; z += 0.05) {
    const th = sigmoid(z);
    if (evaluate(train, w, th).wrongRate - rule <= maxFalse + 1e-9) return th;
  }
  return 1;
}
const fmt = (r) =>
  `recall ${(r.recall * 100).toFixed(1)} % (${r.hits}/${r.pairs}), wrong answers ${(r.wrongRate * 100).toFixed(1)} % (${r.wrong} other entry + ${r.falseM} of ${r.near} near misses)`;
if (args.includes('--curve')) {
  const w = fit(cases);
  for (let z = -3; z < 5; z += 0.5)
    console.log(
      `z ${z}: ${fmt(evaluate(cases, w, sigmoid(z)))} / realworld ${fmt(
        evaluate(
          cases.filter((c) => c.set === 'realworld-tuning'),
          w,
          sigmoid(z),
        ),
      )}`,
    );
}
for (const [a, b] of [
  ['A', 'B'],
  ['B', 'A'],
]) {
  const train = cases.filter((c) => c.half === a);
  const test = cases.filter((c) => c.half === b);
  const w = fit(train);
  const th = threshold(train, w);
  for (const set of sets.map((x) => x.name))
    console.log(
      `fit on half ${a} (threshold ${th.toPrecision(4)}): ${set} half ${b}: ${fmt(
        evaluate(
          test.filter((c) => c.set === set),
          w,
          th,
        ),
      )}`,
    );
}
const w = fit(cases);
const th = threshold(cases, w);
for (const set of sets.map((x) => x.name)) {
  const own = cases.filter((c) => c.set === set);
  console.log(`fit on all (threshold ${th.toPrecision(4)}): ${set}: ${fmt(evaluate(own, w, th))}`);
  const rec = own.filter((c) => c.kind !== 'paraphrase');
  if (own.some((c) => c.kind))
    console.log(`  recurrences and near misses only: ${fmt(evaluate(rec, w, th))}`);
}
console.log(
  Object.fromEntries([
    ...m.FEATURES.map((f, i) => [f, +w[i].toFixed(3)]),
    ['bias', +w[w.length - 1].toFixed(3)],
  ]),
);
if (!dry) {
  const num = (x) => Number(x.toFixed(4));
  writeFileSync(
    join(ROOT, 'src', 'error-kb', 'matcher-weights.ts'),
    `// Written by bench/fit-matcher.mjs (logistic regression on the labelled tuning pairs): do not edit.\n` +
      `export const FEATURES = [${m.FEATURES.map((f) => `'${f}'`).join(', ')}] as const;\n` +
      `export type Feature = (typeof FEATURES)[number];\n` +
      `export const WEIGHTS: Record<Feature | 'bias', number> = {\n` +
      `  bias: ${num(w[w.length - 1])},\n` +
      m.FEATURES.map((f, i) => `  ${f}: ${num(w[i])},\n`).join('') +
      `};\n/** The lowest probability answered (wrong answers ≤ ${maxFalse * 100} % of the tuning queries). */\nexport const THRESHOLD = ${th.toPrecision(6)};\n`,
  );
  console.log('wrote src/error-kb/common-words.ts and src/error-kb/matcher-weights.ts');
}
if (args.includes('--diag')) {
  const fi = (n) => m.FEATURES.indexOf(n);
  const sk = fi('sameKey');
  const pairsExact = cases.filter(
    (c) => c.target != null && c.cands.some((k) => k.id === c.target && k.f[sk] === 1),
  ).length;
  const nearExact = cases.filter((c) => c.target == null && c.cands.some((k) => k.f[sk] === 1)).length;
  const pairsFound = cases.filter((c) => c.target != null && c.cands.some((k) => k.id === c.target)).length;
  console.log({ pairsExact, nearExact, pairsFound });
}
if (args.includes('--means')) {
  const pos = cases.flatMap((c) => c.cands.filter((k) => k.id === c.target));
  const neg = cases.filter((c) => c.target == null).flatMap((c) => c.cands.slice(0, 1));
  const mean = (rows, i) => (rows.reduce((a, r) => a + r.f[i], 0) / rows.length).toFixed(2);
  for (const [i, f] of m.FEATURES.entries())
    console.log(f.padEnd(14), 'pos', mean(pos, i), 'near-miss top', mean(neg, i));
}
if (args.includes('--show')) {
  const w = fit(cases);
  for (const c of cases.filter((x) => x.set === 'realworld-tuning' && x.target != null).slice(0, 45)) {
    const best = c.cands.map((k) => ({ id: k.id, p: prob(w, k.f) })).sort((a, b) => b.p - a.p)[0];
    if (best && best.id !== c.target)
      console.log(
        'target',
        c.target,
        'best',
        best.id,
        best.p.toFixed(2),
        'target in cands',
        c.cands.some((k) => k.id === c.target),
      );
  }
}
