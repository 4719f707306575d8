// The shape every blind fix-policy corpus keeps (bench/policy/v5 onwards): enough dangerous fixes in
// enough classes, ordinary fixes that all name the public page they come from, recorded Edit/Write
// texts in the product's own form, no line twice, no line of an earlier corpus (compared without
// printing their lines), and a README whose count tables match the files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asRecorded } from '../../bench/policy/v3/corpus.mjs';
import { loadV2 } from '../../bench/policy/v2/corpus.mjs';
import { loadV3 } from '../../bench/policy/v3/corpus.mjs';
import { loadV4 } from '../../bench/policy/v4/corpus.mjs';
import { loadV5 } from '../../bench/policy/v5/corpus.mjs';
import { loadV6 } from '../../bench/policy/v6/corpus.mjs';
import { loadV7 } from '../../bench/policy/v7/corpus.mjs';
import { loadV8 } from '../../bench/policy/v8/corpus.mjs';
import { loadV9 } from '../../bench/policy/v9/corpus.mjs';
import { loadV10 } from '../../bench/policy/v10/corpus.mjs';
import { loadCorpus } from '../../bench/policy/corpus.mjs';
import { ROOT } from './env.js';

type Corpus = { dangerous: { cls: string; fix: string }[]; ordinary: { source: string; fix: string }[] };

/** The blind corpora in the order they were written (v1 is bench/policy/*.txt). */
const LATER: [number, () => Corpus][] = [
  [2, loadV2],
  [3, loadV3],
  [4, loadV4],
  [5, loadV5],
  [6, loadV6],
  [7, loadV7],
  [8, loadV8],
  [9, loadV9],
  [10, loadV10],
];

/** Every fix of the corpora written before version `v` (v1 included). */
function earlierFixes(v: number): Set<string> {
  const out = new Set<string>([...loadCorpus('dangerous'), ...loadCorpus('ordinary')]);
  for (const [n, load] of LATER)
    if (n < v) for (const x of [...load().dangerous, ...load().ordinary]) out.add(x.fix);
  return out;
}

/** What a corpus must hold. */
export interface CorpusShape {
  version: number;
  minDangerous: number;
  minClasses: number;
  minPerClass: number;
  minOrdinary: number;
}

/** A recorded Edit: `Edit <path>: <side> → <side>`, a side being `…` (at most 80 characters) or (nothing). */
const EDIT = /^(?:Edit|MultiEdit) (\S(?:.*\S)?): (`(.*?)`|\(nothing\)) → (`(.*)`|\(nothing\))$/;
const WRITE = /^Write \S+ \(wrote \d+ line\(s\)\)$/;
const RECORDED = /^(?:Edit|MultiEdit|Write) /;

/** The shape tests of bench/policy/v<version>. */
export function describeBlindCorpus(shape: CorpusShape): Corpus {
  const { version: v } = shape;
  const corpus = LATER.find(([n]) => n === v)![1]();
  const README = readFileSync(join(ROOT, 'bench', 'policy', `v${v}`, 'README.md'), 'utf8');
  describe(`policy corpus v${v}: dangerous.tsv`, () => {
    it(`holds at least ${shape.minDangerous} fixes in at least ${shape.minClasses} classes, each with at least ${shape.minPerClass}`, () => {
      expect(corpus.dangerous.length).toBeGreaterThanOrEqual(shape.minDangerous);
      const perClass = new Map<string, number>();
      for (const d of corpus.dangerous) perClass.set(d.cls, (perClass.get(d.cls) ?? 0) + 1);
      expect(perClass.size).toBeGreaterThanOrEqual(shape.minClasses);
      for (const [cls, n] of perClass) {
        expect(cls).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
        expect(n, cls).toBeGreaterThanOrEqual(shape.minPerClass);
      }
    });

    it('keeps every shell line short enough that the product records it whole', () => {
      const long = corpus.dangerous.filter((d) => !RECORDED.test(d.fix) && d.fix.length > 200);
      expect(long.map((d) => d.fix)).toEqual([]);
    });
  });

  describe(`policy corpus v${v}: ordinary.tsv`, () => {
    it(`holds at least ${shape.minOrdinary} fixes, each with a public page as its source`, () => {
      expect(corpus.ordinary.length).toBeGreaterThanOrEqual(shape.minOrdinary);
      expect(corpus.ordinary.filter((o) => !/^https?:\/\/\S+$/.test(o.source))).toEqual([]);
    });

    it('mixes shell lines with recorded Edit fixes (at least a fifth of the set)', () => {
      const edits = corpus.ordinary.filter((o) => o.fix.startsWith('Edit ')).length;
      expect(edits * 5).toBeGreaterThanOrEqual(corpus.ordinary.length);
      expect(corpus.ordinary.filter((o) => !RECORDED.test(o.fix)).length).toBeGreaterThanOrEqual(150);
    });
  });

  describe(`policy corpus v${v}: both files`, () => {
    const all = [...corpus.dangerous, ...corpus.ordinary];

    it('has no line twice, and no fix in both files', () => {
      for (const list of [corpus.dangerous, corpus.ordinary]) {
        const seen = new Set<string>();
        const twice = list.filter((x) => seen.size === seen.add(x.fix).size).map((x) => x.fix);
        expect(twice).toEqual([]);
      }
      const dangerous = new Set(corpus.dangerous.map((d) => d.fix));
      expect(corpus.ordinary.filter((o) => dangerous.has(o.fix)).map((o) => o.fix)).toEqual([]);
    });

    it(`repeats no line of the earlier corpora (reported by v${v} position only)`, () => {
      const earlier = earlierFixes(v);
      expect(earlier.size).toBeGreaterThan(0);
      const positions = all.flatMap((x, i) => (earlier.has(x.fix) ? [i] : []));
      expect(positions).toEqual([]);
    });

    it('writes every fix on one line, without surrounding blanks or tabs', () => {
      const bad = all.filter((x) => x.fix !== x.fix.trim() || /[\t\r\n]/.test(x.fix) || !x.fix);
      expect(bad).toEqual([]);
    });

    it('writes recorded Edit/Write fixes in the product form, each Edit side at most 80 characters', () => {
      for (const { fix } of all.filter((x) => RECORDED.test(x.fix))) {
        if (fix.startsWith('Write ')) {
          expect(fix).toMatch(WRITE);
          continue;
        }
        const m = EDIT.exec(fix);
        expect(m, fix).not.toBeNull();
        for (const side of [m![3], m![5]])
          if (side !== undefined) {
            expect([...side].length, fix).toBeLessThanOrEqual(80);
            expect(side, fix).not.toContain('`');
          }
      }
    });

    it('prints in the README the counts the files hold', () => {
      const perClass = new Map<string, number>();
      for (const d of corpus.dangerous) perClass.set(d.cls, (perClass.get(d.cls) ?? 0) + 1);
      for (const [cls, n] of perClass) expect(README, cls).toContain(`| ${cls} | ${n} |`);
      expect(README).toContain(`| **dangerous, all classes** | **${corpus.dangerous.length}** |`);
      expect(README).toContain(`| from public reports (URL) | ${corpus.ordinary.length} |`);
      const edits = corpus.ordinary.filter((o) => o.fix.startsWith('Edit ')).length;
      const writes = corpus.ordinary.filter((o) => o.fix.startsWith('Write ')).length;
      expect(README).toContain(`| of which recorded Edit fixes | ${edits} |`);
      expect(README).toContain(`| of which recorded Write fixes | ${writes} |`);
    });

    it('turns a shell line into the learned form and keeps a recorded text as it is', () => {
      expect(asRecorded('cargo clean && cargo build')).toBe('ran `cargo clean && cargo build`');
      const edit = corpus.ordinary.find((o) => o.fix.startsWith('Edit '))!.fix;
      expect(asRecorded(edit)).toBe(edit);
      const write = corpus.dangerous.find((d) => d.fix.startsWith('Write '))!.fix;
      expect(asRecorded(write)).toBe(write);
    });
  });
  return corpus;
}
