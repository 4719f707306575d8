// kb calibrate: how far apart the user's own errors are in the embedding space, and which vector
// thresholds fit them. Same-problem pairs are entries confirmed by the same fix (identical
// resolution text) or sharing their normalised head (first 30 characters); unrelated pairs are
// random entries with neither in common. Distances are L2 between unit vectors, the seed's metric
// (see error-kb/vector.ts), so the suggestion can be pasted into config.json embedding.thresholds.
import type { DB } from '../db/db.js';
import { entrySample } from './db.js';
import { type Embedder, validVector, EMBED_DIMS } from '../embed/index.js';
import { codes } from './tokens.js';
import type { VecThresholds } from './vector.js';

export interface Distribution {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  /** Counts per bin of `binWidth`, from 0 (the last bin holds everything beyond). */
  histogram: number[];
}

export interface Calibration {
  entries: number;
  embedded: number;
  same: Distribution | null;
  unrelated: Distribution | null;
  binWidth: number;
  /** Null when there are too few pairs to suggest anything. */
  suggested: VecThresholds | null;
  /** Why there is no suggestion, or what it rests on. */
  note: string;
  /** At the suggested (else the current) thresholds: share of same-problem pairs below accept / reject, share of unrelated below accept / reject. */
  at: {
    thresholds: VecThresholds;
    sameAccept: number;
    sameReject: number;
    unrelatedAccept: number;
    unrelatedReject: number;
  } | null;
}

export interface CalibrateOptions {
  /** At most this many entries are embedded (default 400). */
  maxEntries?: number;
  /** At most this many pairs of each kind (default 2000). */
  maxPairs?: number;
  seed?: number;
  current: VecThresholds;
  /** Fewer same-problem pairs than this: no suggestion (default 5). */
  minSame?: number;
  /** Fewer unrelated pairs than this: no suggestion (default 20). */
  minUnrelated?: number;
  binWidth?: number;
}

interface Row {
  id: number;
  error_normalized: string;
  resolution: string | null;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fix text that says something (not the seed's JSON of tool names, not a bare word). */
function fixKey(resolution: string | null): string | null {
  const r = resolution?.trim();
  if (!r || r.startsWith('{') || r.length < 8) return null;
  return r.toLowerCase().replace(/\s+/g, ' ');
}
const headKey = (n: string) => n.slice(0, 30).toLowerCase();

export function quantile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = (sorted.length - 1) * p;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (i - lo);
}

export function distribution(values: number[], binWidth: number, bins: number): Distribution | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const histogram = new Array<number>(bins).fill(0);
  for (const v of s) histogram[Math.min(bins - 1, Math.floor(v / binWidth))]! += 1;
  return {
    n: s.length,
    min: s[0] as number,
    q1: quantile(s, 0.25),
    median: quantile(s, 0.5),
    q3: quantile(s, 0.75),
    max: s[s.length - 1] as number,
    histogram,
  };
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += (v[i] as number) ** 2;
  n = Math.sqrt(n) || 1;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (v[i] as number) / n;
  return out;
}

export function l2(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(s);
}

const share = (xs: number[], below: number) =>
  xs.length ? xs.filter((x) => x < below).length / xs.length : 0;
const floor2 = (x: number) => Math.floor(x * 100) / 100;

/**
 * Thresholds from the two distributions: `accept` sits below (almost) every unrelated pair — the
 * 1st percentile of unrelated distances — and `reject` at their 5th percentile (the band between
 * is guarded by the keyword check). Both are capped by the seed's scale (never above 1.2) and
 * rounded down to 0.01.
 */
export function suggest(unrelated: number[]): VecThresholds {
  const u = [...unrelated].sort((a, b) => a - b);
  const accept = floor2(Math.min(1.2, quantile(u, 0.01)));
  const reject = Math.max(accept, floor2(Math.min(1.2, quantile(u, 0.05))));
  return { accept, reject };
}

/** Calibrates on the KB in `db` with `embedder`. Throws on database errors. */
export async function calibrate(db: DB, embedder: Embedder, opts: CalibrateOptions): Promise<Calibration> {
  const binWidth = opts.binWidth ?? 0.1;
  const bins = Math.ceil(1.5 / binWidth) + 1;
  const maxEntries = opts.maxEntries ?? 400;
  const maxPairs = opts.maxPairs ?? 2000;
  const rand = rng(opts.seed ?? 1);
  const all: Row[] = entrySample(db, { order: 'used', limit: maxEntries });
  const vecs = await embedRows(embedder, all);
  const rows = all.filter((r) => vecs.has(r.id));
  const samePairs = samePairsOf(rows);
  const same: number[] = [];
  for (const p of [...samePairs].slice(0, maxPairs)) {
    const [a, b] = p.split(':').map(Number) as [number, number];
    same.push(l2(vecs.get(a)!, vecs.get(b)!));
  }
  const unrelated = unrelatedDistances(rows, vecs, samePairs, maxPairs, rand);
  const { suggested, note } = suggestion(same, unrelated, opts);
  const th = suggested ?? opts.current;
  return {
    entries: all.length,
    embedded: rows.length,
    same: distribution(same, binWidth, bins),
    unrelated: distribution(unrelated, binWidth, bins),
    binWidth,
    suggested,
    note,
    at:
      same.length || unrelated.length
        ? {
            thresholds: th,
            sameAccept: share(same, th.accept),
            sameReject: share(same, th.reject),
            unrelatedAccept: share(unrelated, th.accept),
            unrelatedReject: share(unrelated, th.reject),
          }
        : null,
  };
}

/** 1. Every entry's unit vector (the current model, so the figures describe what search will see). */
async function embedRows(embedder: Embedder, all: Row[]): Promise<Map<number, Float32Array>> {
  const vecs = new Map<number, Float32Array>();
  for (let i = 0; i < all.length; i += 32) {
    const chunk = all.slice(i, i + 32);
    const out = await embedder.embed(chunk.map((r) => r.error_normalized));
    chunk.forEach((r, j) => {
      const v = out[j];
      if (validVector(v, EMBED_DIMS)) vecs.set(r.id, unit(v));
    });
  }
  return vecs;
}

/** 2. Same-problem pairs (`a:b`, a < b): the same fix, or the same normalised head. */
function samePairsOf(rows: Row[]): Set<string> {
  const groups = new Map<string, number[]>();
  for (const r of rows) {
    for (const k of [fixKey(r.resolution), 'head:' + headKey(r.error_normalized)]) {
      if (!k) continue;
      const g = groups.get(k) ?? [];
      g.push(r.id);
      groups.set(k, g);
    }
  }
  const samePairs = new Set<string>();
  for (const g of groups.values())
    for (let i = 0; i < g.length; i++)
      for (let j = i + 1; j < g.length; j++) {
        const a = Math.min(g[i]!, g[j]!);
        const b = Math.max(g[i]!, g[j]!);
        samePairs.add(`${a}:${b}`);
      }
  return samePairs;
}

/** 3. Distances of unrelated pairs: random entries with no fix, head or error code in common. */
function unrelatedDistances(
  rows: Row[],
  vecs: Map<number, Float32Array>,
  samePairs: Set<string>,
  maxPairs: number,
  rand: () => number,
): number[] {
  const unrelated: number[] = [];
  const tried = new Set<string>();
  const possible = (rows.length * (rows.length - 1)) / 2;
  for (
    let attempt = 0;
    attempt < maxPairs * 5 && unrelated.length < maxPairs && tried.size < possible;
    attempt++
  ) {
    const x = rows[Math.floor(rand() * rows.length)]!;
    const y = rows[Math.floor(rand() * rows.length)]!;
    if (x.id === y.id) continue;
    const key = `${Math.min(x.id, y.id)}:${Math.max(x.id, y.id)}`;
    if (tried.has(key)) continue;
    tried.add(key);
    if (samePairs.has(key)) continue;
    const fx = fixKey(x.resolution);
    if (fx && fx === fixKey(y.resolution)) continue;
    const cx = codes(x.error_normalized);
    if ([...codes(y.error_normalized)].some((c) => cx.has(c))) continue;
    unrelated.push(l2(vecs.get(x.id)!, vecs.get(y.id)!));
  }
  return unrelated;
}

/** Thresholds when there are enough pairs of both kinds, and what they rest on. */
function suggestion(
  same: number[],
  unrelated: number[],
  opts: CalibrateOptions,
): { suggested: VecThresholds | null; note: string } {
  const minSame = opts.minSame ?? 5;
  const minUnrelated = opts.minUnrelated ?? 20;
  if (same.length < minSame || unrelated.length < minUnrelated)
    return {
      suggested: null,
      note: `too few pairs to suggest thresholds (${same.length} same-problem, need ${minSame}; ${unrelated.length} unrelated, need ${minUnrelated}): keep the current ones and calibrate again when the KB has grown`,
    };
  return {
    suggested: suggest(unrelated),
    note: 'accept = 1st percentile of the unrelated distances, reject = their 5th percentile (the band between needs a shared keyword)',
  };
}
