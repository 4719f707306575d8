// Retrieval quality guard on the TUNING part of the retrieval data set (bench/retrieval/tuning.ts;
// the held-out part is only measured by bench/kb-quality.mjs): the text tiers and the lexical
// fallback must never return a wrong or unrelated entry, and must keep finding most paraphrased
// variants offline. The floor is below the benchmark figure (see docs/error-kb-retrieval.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthErrors } from '../../bench/kb-synth.js';
import { HOLDOUT_PAIRS, HOLDOUT_UNRELATED } from '../../bench/retrieval/holdout.js';
import { PAIRS, UNRELATED, type KbPair } from '../../bench/retrieval/tuning.js';
import { ecosystemOf } from '../../bench/retrieval/types.js';
import { errorKey } from '../../src/kb/error-key.js';
import { normalizeError } from '../../src/kb/normalize.js';
import { recordResolution } from '../../src/kb/record.js';
import { searchErrorKB } from '../../src/kb/search.js';
import { closeDb, openDb, type DB } from '../../src/store/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let db: DB;
const idOf = new Map<string, number>();
const N = (raw: string) => errorKey(raw).normalized;

beforeAll(() => {
  t = tempEnv('sg-kb-quality-');
  db = openDb({ env: t.env });
  // The KB holds the stored errors of both parts (the held-out ones are distractors here).
  for (const p of [...PAIRS, ...HOLDOUT_PAIRS]) {
    idOf.set(p.id, recordResolution(db, N(p.stored), { errorRaw: p.stored, resolution: p.resolution })!);
  }
  // Distractors: 2000 made-up errors of the same shapes.
  for (const e of synthErrors(2000, 3))
    recordResolution(db, normalizeError(e), { errorRaw: e, resolution: 'filler' });
});
afterAll(() => {
  db.close();
  closeDb();
  t.cleanup();
});

async function evaluate(pairs: KbPair[], unrelated: string[], lexical: boolean) {
  let hits = 0;
  const wrong: string[] = [];
  const falseMatches: string[] = [];
  for (const p of pairs) {
    const r = await searchErrorKB(db, N(p.query), { normalized: true, embedder: null, lexical, bump: false });
    if (r?.id === idOf.get(p.id)) hits++;
    else if (r) wrong.push(`${p.id} → ${r.error_normalized}`);
  }
  for (const u of unrelated) {
    const r = await searchErrorKB(db, N(u), { normalized: true, embedder: null, lexical, bump: false });
    if (r) falseMatches.push(`${u} → ${r.error_normalized} (${r.tier})`);
  }
  return { recall: hits / pairs.length, wrong, falseMatches };
}

describe('#13.5 the retrieval data set', () => {
  it('≥ 150 pairs from ≥ 12 ecosystems and ≥ 75 unrelated errors; ≥ 40 % held out in its own file; every stored error distinct', () => {
    const all = [...PAIRS, ...HOLDOUT_PAIRS];
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(UNRELATED.length + HOLDOUT_UNRELATED.length).toBeGreaterThanOrEqual(75);
    expect(HOLDOUT_PAIRS.length / all.length).toBeGreaterThanOrEqual(0.4);
    expect(HOLDOUT_UNRELATED.length).toBeGreaterThanOrEqual(30);
    expect(new Set(all.map((p) => ecosystemOf(p.tool))).size).toBeGreaterThanOrEqual(12);
    expect(new Set(HOLDOUT_PAIRS.map((p) => ecosystemOf(p.tool))).size).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const stored = new Set(all.map((p) => N(p.stored)));
    expect(stored.size).toBe(all.length);
    // an unrelated error never has the key of a stored one (by the seed's definition, the same error)
    expect([...UNRELATED, ...HOLDOUT_UNRELATED].filter((u) => stored.has(N(u)))).toEqual([]);
  });
});

describe('error KB retrieval quality on the tuning set (offline, no vectors)', () => {
  it('text tiers alone: no wrong entry, at most 1 % false matches (rounded up)', async () => {
    const r = await evaluate(PAIRS, UNRELATED, false);
    expect(r.wrong).toEqual([]);
    expect(r.falseMatches.length, r.falseMatches.join('\n')).toBeLessThanOrEqual(
      Math.ceil(UNRELATED.length * 0.01),
    );
    expect(r.recall).toBeGreaterThan(0.5);
  });

  it('with the lexical fallback: recall@1 ≥ 90 %, no wrong entry, at most 3 % false matches', async () => {
    const r = await evaluate(PAIRS, UNRELATED, true);
    expect(r.wrong).toEqual([]);
    expect(r.falseMatches.length, r.falseMatches.join('\n')).toBeLessThanOrEqual(UNRELATED.length * 0.03);
    expect(r.recall).toBeGreaterThanOrEqual(0.9);
  });
});
