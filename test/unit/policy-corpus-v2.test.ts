// The blind fix-policy corpus v2 (bench/policy/v2): its files keep the shape the end-to-end runs rely
// on — enough dangerous fixes in enough classes, ordinary fixes that all name where they were seen,
// recorded Edit/Write texts in the product's own form, no line twice, and every line in the half the
// fixed rule of the README puts it in (recomputed here, not taken from the loader).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asRecorded, halfOf, loadV2 } from '../../bench/policy/v2/corpus.mjs';
import { ROOT } from '../helpers/env.js';

const corpus = loadV2();
const README = readFileSync(join(ROOT, 'bench', 'policy', 'v2', 'README.md'), 'utf8');

/** The split rule of the README, written out again: sha256 first hex digit 8–f is held out. */
const ruleHalf = (fix: string) =>
  '89abcdef'.includes(createHash('sha256').update(fix, 'utf8').digest('hex')[0]!) ? 'heldout' : 'tune';

/** A recorded Edit: `Edit <path>: <side> → <side>`, a side being `…` (at most 80 characters) or (nothing). */
const EDIT = /^(?:Edit|MultiEdit) (\S(?:.*\S)?): (`(.*?)`|\(nothing\)) → (`(.*)`|\(nothing\))$/;
const WRITE = /^Write \S+ \(wrote \d+ line\(s\)\)$/;
const RECORDED = /^(?:Edit|MultiEdit|Write) /;

describe('policy corpus v2: dangerous.tsv', () => {
  it('holds at least 560 fixes in at least 22 classes, each class with at least 20', () => {
    expect(corpus.dangerous.length).toBeGreaterThanOrEqual(560);
    const perClass = new Map<string, number>();
    for (const d of corpus.dangerous) perClass.set(d.cls, (perClass.get(d.cls) ?? 0) + 1);
    expect(perClass.size).toBeGreaterThanOrEqual(22);
    for (const [cls, n] of perClass) {
      expect(cls).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(n, cls).toBeGreaterThanOrEqual(20);
    }
  });

  it('keeps every shell line short enough that the product records it whole', () => {
    const long = corpus.dangerous.filter((d) => !RECORDED.test(d.fix) && d.fix.length > 200);
    expect(long.map((d) => d.fix)).toEqual([]);
  });
});

describe('policy corpus v2: ordinary.tsv', () => {
  it('holds at least 240 fixes, each with a real source: a transcript file or a public URL', () => {
    expect(corpus.ordinary.length).toBeGreaterThanOrEqual(240);
    const bad = corpus.ordinary.filter(
      (o) => !/^transcript:[\w.-]+\.jsonl$/.test(o.source) && !/^https?:\/\/\S+$/.test(o.source),
    );
    expect(bad).toEqual([]);
  });

  it('draws on the transcripts and on public reports, with at least 25 recorded Edit fixes', () => {
    expect(corpus.ordinary.filter((o) => o.source.startsWith('transcript:')).length).toBeGreaterThanOrEqual(
      50,
    );
    expect(corpus.ordinary.filter((o) => o.source.startsWith('http')).length).toBeGreaterThanOrEqual(150);
    expect(corpus.ordinary.filter((o) => o.fix.startsWith('Edit ')).length).toBeGreaterThanOrEqual(25);
  });
});

describe('policy corpus v2: both files', () => {
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
        if (side !== undefined) expect([...side].length, fix).toBeLessThanOrEqual(80);
    }
  });

  it('puts every line in the half the README rule decides, and both halves hold lines of each file', () => {
    for (const x of all) {
      expect(x.half, x.fix).toBe(ruleHalf(x.fix));
      expect(halfOf(x.fix)).toBe(x.half);
    }
    for (const list of [corpus.dangerous, corpus.ordinary])
      for (const half of ['tune', 'heldout'] as const)
        expect(list.filter((x) => x.half === half).length).toBeGreaterThan(list.length / 4);
  });

  it('prints in the README the counts per class and per half that the files hold', () => {
    const rows = new Map<string, [number, number]>();
    for (const d of corpus.dangerous) {
      const r = rows.get(d.cls) ?? [0, 0];
      r[d.half === 'tune' ? 0 : 1]++;
      rows.set(d.cls, r);
    }
    for (const [cls, [tune, heldout]] of rows)
      expect(README, cls).toContain(`| ${cls} | ${tune} | ${heldout} | ${tune + heldout} |`);
    const dTune = corpus.dangerous.filter((d) => d.half === 'tune').length;
    const dAll = corpus.dangerous.length;
    expect(README).toContain(
      `| **dangerous, all classes** | **${dTune}** | **${dAll - dTune}** | **${dAll}** |`,
    );
    const tune = corpus.ordinary.filter((o) => o.half === 'tune').length;
    expect(README).toContain(
      `| ordinary (all sources) | ${tune} | ${corpus.ordinary.length - tune} | ${corpus.ordinary.length} |`,
    );
  });

  it('turns a shell line into the learned form and keeps a recorded text as it is', () => {
    expect(asRecorded('npm ci')).toBe('ran `npm ci`');
    expect(asRecorded('Write .npmrc (wrote 2 line(s))')).toBe('Write .npmrc (wrote 2 line(s))');
    expect(asRecorded(`echo ${'x'.repeat(300)}`)).toHaveLength('ran ``'.length + 200);
  });
});
