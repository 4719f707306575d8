// Retrieval quality guard (the same cases as bench/kb-quality.mjs): the lexical fallback must not
// return a wrong or unrelated entry, and must find most paraphrased variants offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDOUT_PAIRS, HOLDOUT_UNRELATED, PAIRS, UNRELATED, type KbPair } from '../../bench/kb-cases.js';
import { synthErrors } from '../../bench/kb-synth.js';
import { extractErrorMessage, normalizeError } from '../../src/kb/normalize.js';
import { recordResolution } from '../../src/kb/record.js';
import { searchErrorKB } from '../../src/kb/search.js';
import { closeDb, openDb, type DB } from '../../src/store/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let db: DB;
const idOf = new Map<string, number>();
const N = (raw: string) => normalizeError(extractErrorMessage(raw));

beforeAll(() => {
  t = tempEnv('sg-kb-quality-');
  db = openDb({ env: t.env });
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

describe('error KB retrieval quality (offline, no vectors)', () => {
  it(`has at least 40 realistic pairs and 20 unrelated queries, all stored errors distinct`, () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(40);
    expect(UNRELATED.length).toBeGreaterThanOrEqual(20);
    expect(new Set([...PAIRS, ...HOLDOUT_PAIRS].map((p) => N(p.stored))).size).toBe(
      PAIRS.length + HOLDOUT_PAIRS.length,
    );
  });

  it('text tiers alone: no wrong entry, no false match', async () => {
    const r = await evaluate(PAIRS, UNRELATED, false);
    expect(r.wrong).toEqual([]);
    expect(r.falseMatches).toEqual([]);
    expect(r.recall).toBeGreaterThan(0.4);
  });

  it('with the lexical fallback: recall ≥ 95 % on the tuning set, ≥ 85 % held out, never a wrong or unrelated entry', async () => {
    const tuning = await evaluate(PAIRS, UNRELATED, true);
    expect(tuning.wrong).toEqual([]);
    expect(tuning.falseMatches).toEqual([]);
    expect(tuning.recall).toBeGreaterThanOrEqual(0.95);
    const held = await evaluate(HOLDOUT_PAIRS, HOLDOUT_UNRELATED, true);
    expect(held.wrong).toEqual([]);
    expect(held.falseMatches).toEqual([]);
    expect(held.recall).toBeGreaterThanOrEqual(0.85);
  });
});
