// Shape check of the real-world retrieval set (bench/retrieval/realworld/): counts, ecosystems,
// sources, unique ids, the split rule and the held-out minimums. It reads the data only; it runs no
// retrieval code, so it can never tune anything on the held-out part.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  REALWORLD_HOLDOUT_NEAR_MISSES,
  REALWORLD_HOLDOUT_PAIRS,
} from '../../bench/retrieval/realworld/holdout.js';
import {
  REALWORLD_TUNING_NEAR_MISSES,
  REALWORLD_TUNING_PAIRS,
} from '../../bench/retrieval/realworld/tuning.js';
import { ecosystemOf } from '../../bench/retrieval/types.js';

const PAIRS = [...REALWORLD_TUNING_PAIRS, ...REALWORLD_HOLDOUT_PAIRS];
const MISSES = [...REALWORLD_TUNING_NEAR_MISSES, ...REALWORLD_HOLDOUT_NEAR_MISSES];
const ALL = [...PAIRS, ...MISSES];

// The split rule, restated here on purpose (bench/retrieval/realworld/split.mjs is the original).
const sideOf = (id: string) =>
  createHash('sha1').update(`realworld:${id}`).digest()[0]! < 144 ? 'held-out' : 'tuning';
const isUrl = (s: string) => /^https:\/\/\S+$/.test(s);
const recurrences = (pairs: typeof PAIRS) => pairs.filter((p) => p.kind === 'recurrence').length;

describe('real-world retrieval set', () => {
  it('has the required size', () => {
    // issue #32 item 3: at least 300 pairs and at least as many near misses
    expect(PAIRS.length).toBeGreaterThanOrEqual(300);
    expect(recurrences(PAIRS)).toBeGreaterThanOrEqual(270);
    expect(MISSES.length).toBeGreaterThanOrEqual(PAIRS.length);
  });

  it('spans at least 15 ecosystems', () => {
    const ecosystems = new Set(ALL.map((x) => ecosystemOf(x.tool)));
    expect(ecosystems.size).toBeGreaterThanOrEqual(15);
  });

  it('gives every item its texts and its public sources', () => {
    for (const p of PAIRS) {
      expect(p.kind === 'recurrence' || p.kind === 'paraphrase', p.id).toBe(true);
      expect(p.stored.trim().length, p.id).toBeGreaterThan(0);
      expect(p.query.trim().length, p.id).toBeGreaterThan(0);
      expect(p.resolution.trim().length, p.id).toBeGreaterThan(0);
      expect(isUrl(p.sources.stored) && isUrl(p.sources.query), p.id).toBe(true);
      expect(p.sources.stored, `${p.id}: two different reports`).not.toBe(p.sources.query);
    }
    for (const m of MISSES) {
      expect(m.text.trim().length, m.id).toBeGreaterThan(0);
      expect(m.differs.trim().length, m.id).toBeGreaterThan(0);
      expect(isUrl(m.source), m.id).toBe(true);
    }
  });

  it('lists every source in SOURCES.md', () => {
    const md = readFileSync(new URL('../../bench/retrieval/realworld/SOURCES.md', import.meta.url), 'utf8');
    for (const p of PAIRS) {
      expect(md.includes(p.sources.stored) && md.includes(p.sources.query), p.id).toBe(true);
    }
    for (const m of MISSES) expect(md.includes(m.source), m.id).toBe(true);
  });

  it('has unique ids, and each near miss names a pair it resembles', () => {
    const ids = ALL.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    const pairIds = new Set(PAIRS.map((p) => p.id));
    for (const m of MISSES) if (m.like) expect(pairIds.has(m.like), m.id).toBe(true);
  });

  it('puts each item on the side its id hashes to, and in one file only', () => {
    const tuning = new Set([...REALWORLD_TUNING_PAIRS, ...REALWORLD_TUNING_NEAR_MISSES].map((x) => x.id));
    const heldOut = new Set([...REALWORLD_HOLDOUT_PAIRS, ...REALWORLD_HOLDOUT_NEAR_MISSES].map((x) => x.id));
    for (const id of tuning) {
      expect(heldOut.has(id), id).toBe(false);
      expect(sideOf(id), id).toBe('tuning');
    }
    for (const id of heldOut) expect(sideOf(id), id).toBe('held-out');
  });

  it('meets the held-out minimums', () => {
    expect(REALWORLD_HOLDOUT_PAIRS.length).toBeGreaterThanOrEqual(75);
    expect(recurrences(REALWORLD_HOLDOUT_PAIRS)).toBeGreaterThanOrEqual(55);
    expect(REALWORLD_HOLDOUT_NEAR_MISSES.length).toBeGreaterThanOrEqual(50);
  });
});
