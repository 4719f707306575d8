// Retrieval quality guard on the TUNING part of the retrieval data set (bench/retrieval/tuning.ts,
// tuning-2.ts, holdout-v2.ts, holdout-v3.ts and holdout-v4.ts, the four former held-out sets; the
// held-out set holdout-v5.ts is only measured by bench/kb-quality.mjs, never here, so this floor
// never tunes on it): a floor at the benchmark figures (bench/results/2026-11-26-matcher.md), so a change that brings back
// wrong entries or false matches fails. Queries are searched as the hooks search them: the key plus
// the unmasked message (the names check).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthErrors } from '../../bench/kb-synth.js';
import { HOLDOUT2_PAIRS, HOLDOUT2_UNRELATED } from '../../bench/retrieval/holdout-v2.js';
import { HOLDOUT3_PAIRS, HOLDOUT3_UNRELATED } from '../../bench/retrieval/holdout-v3.js';
import { HOLDOUT4_PAIRS, HOLDOUT4_UNRELATED } from '../../bench/retrieval/holdout-v4.js';
import { TUNING2_PAIRS, TUNING2_UNRELATED } from '../../bench/retrieval/tuning-2.js';
import { PAIRS as PAIRS1, UNRELATED as UNRELATED1, type KbPair } from '../../bench/retrieval/tuning.js';
import { ecosystemOf } from '../../bench/retrieval/types.js';
import { errorKey } from '../../src/error-kb/error-key.js';
import { normalizeError } from '../../src/error-kb/normalize.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { searchErrorKB } from '../../src/error-kb/search.js';
import { closeDb, openDb, type DB } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let db: DB;
const idOf = new Map<string, number>();
const N = (raw: string) => errorKey(raw).normalized;
const PAIRS = [...PAIRS1, ...TUNING2_PAIRS, ...HOLDOUT2_PAIRS, ...HOLDOUT3_PAIRS, ...HOLDOUT4_PAIRS];
const UNRELATED = [
  ...UNRELATED1,
  ...TUNING2_UNRELATED,
  ...HOLDOUT2_UNRELATED,
  ...HOLDOUT3_UNRELATED,
  ...HOLDOUT4_UNRELATED,
];

beforeAll(() => {
  t = tempEnv('sg-kb-quality-');
  db = openDb({ env: t.env });
  const seen = new Set<string>();
  for (const p of PAIRS) {
    // a stored error of the former held-out sets with the key of another one is a failure of the
    // key (kept out, its query counts as a miss or a wrong entry), as in the benchmark
    if (seen.has(N(p.stored))) continue;
    seen.add(N(p.stored));
    idOf.set(p.id, recordResolution(db, N(p.stored), { errorRaw: p.stored, resolution: p.resolution })!);
  }
  // Distractors: 2000 made-up errors of the same shapes, each its own problem with its own fix.
  synthErrors(2000, 3).forEach((e, i) =>
    recordResolution(db, normalizeError(e), { errorRaw: e, resolution: `filler ${i}` }),
  );
});
afterAll(() => {
  db.close();
  closeDb();
  t.cleanup();
});

async function evaluate(pairs: KbPair[], unrelated: string[]) {
  let hits = 0;
  const wrong: string[] = [];
  const falseMatches: string[] = [];
  const search = (raw: string) => {
    const k = errorKey(raw);
    return searchErrorKB(db, k.normalized, {
      normalized: true,
      message: k.message,
      raw: k.raw,
      embedder: null,
      bump: false,
    });
  };
  for (const p of pairs) {
    const r = await search(p.query);
    if (r?.id === idOf.get(p.id)) hits++;
    else if (r) wrong.push(`${p.id} → ${r.error_normalized}`);
  }
  for (const u of unrelated) {
    const r = await search(u);
    if (r) falseMatches.push(`${u} → ${r.error_normalized} (${r.tier})`);
  }
  return { recall: hits / pairs.length, wrong, falseMatches };
}

describe('#13.5 the retrieval data set', () => {
  it('tuning: ≥ 150 pairs from ≥ 12 ecosystems and ≥ 75 unrelated errors (the former held-out sets folded in); every stored error distinct', () => {
    const all = PAIRS;
    expect(all.length).toBe(626);
    expect(UNRELATED.length).toBe(458);
    expect(new Set(all.map((p) => ecosystemOf(p.tool))).size).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const stored = new Set(all.map((p) => N(p.stored)));
    // tuning.ts, tuning-2.ts and holdout-v2.ts store distinct keys; holdout-v3.ts and holdout-v4.ts
    // were written blind and 9 of their stored errors share a key with another stored error (failures
    // of the key; 11 before the headline lines of the several-causes round)
    const earlier = [...PAIRS1, ...TUNING2_PAIRS, ...HOLDOUT2_PAIRS];
    const stored276 = new Set(earlier.map((p) => N(p.stored)));
    expect(stored276.size).toBe(276);
    expect(all.length - stored.size).toBe(9);
    // an unrelated error never has the key of a stored one (by the seed's definition, the same error)
    // (holdout-v2.ts was written blind: its two clashes — webpack's `Can't resolve <STR> in <STR>` and
    // clang's `fatal error: <STR> file not found`, the quoted names masked by the seed's rule 3 — are
    // failures of the key, counted as false matches)
    // (holdout-v3.ts and holdout-v4.ts, written blind too, store the very key of 19 of them: counted as
    // false matches)
    const checked = [...UNRELATED1, ...TUNING2_UNRELATED];
    expect(checked.filter((u) => stored276.has(N(u)))).toEqual([]);
    expect(HOLDOUT2_UNRELATED.filter((u) => stored276.has(N(u))).length).toBe(2);
    expect(checked.filter((u) => stored.has(N(u))).length).toBe(19);
    // …nor the key of a pair's later error (that would be the pair's problem: a label collision)
    const queries = new Set(earlier.map((p) => N(p.query)));
    expect(checked.filter((u) => queries.has(N(u)))).toEqual([]);
  });
});

describe("error KB retrieval quality on the tuning set (offline, no vectors, the hooks' search)", () => {
  // Issue #32.2: a key identical to a stored one, or the same template with other variables, is
  // found (the template rule); where two problems print one template, that is a wrong answer here
  // (measured 57.0 %, 13, 64; the fitted model alone before: 55.8 %, 9, 56). With the key taken from
  // the tool's own line (#32.1) merged, measured 14.
  it('the matcher (template rule + model): recall@1 ≥ 56.5 %, ≤ 14 wrong entries, ≤ 64 false matches', async () => {
    const r = await evaluate(PAIRS, UNRELATED);
    expect(r.wrong.length, r.wrong.join('\n')).toBeLessThanOrEqual(14);
    expect(r.falseMatches.length, r.falseMatches.join('\n')).toBeLessThanOrEqual(64);
    expect(r.recall).toBeGreaterThanOrEqual(0.565);
  });
});
