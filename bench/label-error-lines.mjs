// Labels the error line of every text of the tuning pairs without hand-labelling: in a recurrence
// pair (two reports of one error) the error line is a line that recurs in both texts as the same
// template (template.ts alignment of every line of one text with every line of the other). A line
// is not a label when it is a stack frame, a traceback header or has fewer than two constant words;
// of the shared lines, only the most specific are labels: those whose masked form is printed by the
// fewest pairs (generic chatter such as `npm ERR! A complete log of this run…` is printed by many).
// Pairs with no shared line are skipped. Writes
// bench/data/error-lines.json: per pair, its id and the shared lines as [stored line, query line]
// (as choiceLines prints them).
// Usage: node bench/label-error-lines.mjs
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { choiceLines, loadLineModules, tuningPairs } from './error-lines-lib.mjs';
import { ROOT } from './kb-build.mjs';

const MAX_LINES = 80;
const m = await loadLineModules();
const pairs = tuningPairs(m).filter((p) => p.kind !== 'paraphrase');

/** npm ≥ 10's `npm error` is npm 6–9's `npm ERR!` (as extract.ts keys it). */
const npmSpelling = (l) => l.replace(/^npm error\b/, 'npm ERR!').replace(/^npm warn\b/, 'npm WARN');
const constants = (l) =>
  new Set(
    m
      .templateTokens(l)
      .filter((t) => t.kind === 'word' || t.kind === 'code')
      .map((t) => t.text.toLowerCase()),
  );
const textLines = (text) =>
  choiceLines(m, text)
    .map((line, i) => ({ line, i, key: m.normalizeError(npmSpelling(m.stripBanner(line) || line)) }))
    .filter((x) => x.line)
    .slice(0, MAX_LINES)
    .map((x) => ({ ...x, consts: constants(x.key) }));

// how many pairs print each masked line (to leave out the chatter every report of a tool prints)
const pairsOf = new Map();
const sides = pairs.map((p) => [textLines(p.stored), textLines(p.query)]);
pairs.forEach((p, k) => {
  for (const x of sides[k].flat()) {
    if (!pairsOf.has(x.key)) pairsOf.set(x.key, new Set());
    pairsOf.get(x.key).add(p.id);
  }
});

const candidate = (x) => !m.STACK_FRAME.test(x.line) && !m.TRACEBACK_LINE.test(x.line) && x.consts.size >= 2;

function same(a, b) {
  if (a.key === b.key) return true;
  let common = 0;
  for (const c of a.consts) if (b.consts.has(c)) common++;
  if (common / Math.max(a.consts.size, b.consts.size) < 0.5) return false;
  return m.sameTemplate(m.templateDiff(a.key, b.key));
}

const labelled = [];
let skipped = 0;
pairs.forEach((p, k) => {
  const [a, b] = sides[k].map((s) => s.filter(candidate));
  const shared = [];
  for (const x of a) for (const y of b) if (same(x, y)) shared.push([x, y]);
  // the most specific shared lines: printed by the fewest pairs (chatter is printed by many)
  const spread = ([x, y]) => Math.max(pairsOf.get(x.key).size, pairsOf.get(y.key).size);
  const least = Math.min(...shared.map(spread));
  const matches = shared.filter((s) => spread(s) === least).map(([x, y]) => [x.line, y.line]);
  if (!matches.length) {
    skipped++;
    return;
  }
  labelled.push({ pair: p.id, set: p.set, matches });
});

// written as prettier prints it (npm run lint checks bench/)
const out = join(ROOT, 'bench', 'data', 'error-lines.json');
const style = (await prettier.resolveConfig(out)) ?? {};
writeFileSync(out, await prettier.format(JSON.stringify(labelled), { ...style, parser: 'json' }));
console.log(
  `${pairs.length} recurrence pairs: ${pairs.length - skipped} labelled (${labelled.reduce((n, t) => n + t.matches.length, 0)} shared line pairs), ${skipped} without a confident shared line`,
);
