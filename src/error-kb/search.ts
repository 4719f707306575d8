// searchErrorKB: the one search of the error KB, for hooks, CLI (`kb search`) and MCP alike.
// Mode `matcher` (default), tiers in order: exact (the same key, one indexed query) → similar (the
// matcher: a few indexed candidates; the query's template answers, else one logistic model,
// matcher.ts) → vector (the seed's embedding search, only when entries have embeddings and an
// embedder answers). Mode `seed` (config kbSearch.mode): seed 001's tiers exactly — exact → prefix
// (the first 30 characters, length ratio ≥ 0.7) → vector. A hit bumps use_count and last_used.
// Returns null on no match or on any failure; never throws.
import type { DB } from '../db/db.js';
import { bumpUse, exactEntry, prefixEntries, resolvedEntries } from './db.js';
import { getSection, loadConfig } from '../common/config.js';
import { daemonEmbedder, validVector, type Embedder, EMBED_DIMS } from '../embed/index.js';
import { errorKey } from './error-key.js';
import { sharesKeyword } from './tokens.js';
import type { KbEntry } from './entry.js';
import {
  DEFAULT_TIERS,
  SEED_LENGTH_RATIO,
  SEED_PREFIX,
  SEED_TIERS,
  type KbSearchMode,
  type KbTier,
} from './search-options.js';
import {
  decide,
  judge,
  namesConflict,
  scoreCandidates,
  THRESHOLD,
  type MatchQuery,
  type Scored,
} from './matcher.js';
import { errorSignature } from './normalize.js';
import { DEFAULT_THRESHOLDS, embeddingsExist, knn, VEC_K, type VecThresholds } from './vector.js';
import { sinceStartMs } from '../common/clock.js';

export type { KbEntry };
export { bumpUse };

export { DEFAULT_TIERS, SEED_TIERS, SEED_PREFIX, SEED_LENGTH_RATIO, type KbTier, type KbSearchMode };

export interface KbMatch extends KbEntry {
  tier: KbTier;
  /** Vector tier: the seed's L2 distance on unit vectors. */
  distance?: number;
  /** Vector tier: the cosine distance (1 − cosine similarity) of the same pair. */
  cosine?: number;
  /** Similar tier: the matcher's probability. */
  score?: number;
}

/** What a search did (`kb search --explain`, benchmarks). */
export interface SearchTrace {
  normalized?: string;
  tiers: { tier: KbTier; ms: number; result: string }[];
  /** The similar tier's best candidates, scored (features, probability), and its threshold. */
  scored?: Scored[];
  threshold?: number;
}

export interface SearchOptions {
  /** The text is already a normalized key (skip errorKey). */
  normalized?: boolean;
  /** With `normalized`: the query's extracted, unmasked message (errorKey(raw).message). */
  message?: string;
  /** With `normalized`: the query's raw text, whose signature lines the matcher compares. */
  raw?: string;
  /** `matcher` or `seed` (default: config kbSearch.mode). */
  mode?: KbSearchMode;
  /** The tiers to run (default DEFAULT_TIERS; in seed mode SEED_TIERS). */
  tiers?: readonly KbTier[];
  /** The similar tier's threshold (default: the fitted one). */
  threshold?: number;
  now?: Date;
  env?: NodeJS.ProcessEnv;
  /** How the query is embedded for the vector tier (default: the running daemon; `null`: no vector tier). */
  embedder?: Embedder | null;
  /** Budget for the daemon (default config.embedding.daemonTimeoutMs). */
  daemonTimeoutMs?: number;
  /** Vector-tier thresholds, L2 on unit vectors (default config.embedding.thresholds). */
  thresholds?: VecThresholds;
  /** Bump use_count/last_used of the hit (default true, as the seed says). */
  bump?: boolean;
  trace?: SearchTrace;
}

/** The matcher's view of a query: its key and its signature lines (from the raw text when known). */
function matchQuery(normalized: string, message?: string, raw?: string): MatchQuery {
  const signature = raw ? errorSignature(raw) : [];
  return { normalized, signature: signature.length ? signature : [message ?? normalized] };
}

/**
 * The matcher's judgement of an entry found by its key (pre-tool guide, SubagentStart): one key can
 * hide two problems (`Cannot find module <STR>`: a package, or a path), so the same key is not enough.
 */
export function fits(message: string | undefined, entry: KbEntry, raw?: string): boolean {
  return judge(matchQuery(entry.error_normalized, message, raw), entry);
}

/** Judges the vector tier's candidates (nearest first) by the seed's thresholds (L2 on unit vectors). */
export function pickVector<C extends { entry: KbEntry; l2: number }>(
  normalized: string,
  candidates: C[],
  th: VecThresholds = DEFAULT_THRESHOLDS,
): C | null {
  for (const c of candidates) {
    if (c.l2 >= th.reject) break; // sorted: the rest are further away
    if (c.l2 < th.accept) return c;
    if (sharesKeyword(normalized, c.entry.error_normalized)) return c;
  }
  return null;
}

async function vectorTier(
  db: DB,
  q: MatchQuery,
  embedder: Embedder,
  th: VecThresholds,
  names = true,
): Promise<{ match: KbMatch | null; ran: boolean }> {
  let v: Float32Array | null = null;
  try {
    v = (await embedder.embed([q.normalized]))[0] ?? null;
  } catch {
    v = null;
  }
  if (!validVector(v, EMBED_DIMS)) return { match: null, ran: false };
  const near = await knn(db, v, VEC_K);
  const byId = new Map(
    resolvedEntries(
      db,
      near.map((n) => n.id),
    ).map((r) => [r.id, r]),
  );
  const candidates = near.flatMap((n) => {
    const entry = byId.get(n.id);
    return entry && !(names && namesConflict(q, entry)) ? [{ entry, l2: n.l2, cosine: n.distance }] : [];
  });
  const pick = pickVector(q.normalized, candidates, th);
  return {
    match: pick ? { ...pick.entry, tier: 'vector', distance: pick.l2, cosine: pick.cosine } : null,
    ran: true,
  };
}

function defaultEmbedder(opts: SearchOptions): Embedder | null {
  if (opts.embedder !== undefined) return opts.embedder;
  const env = opts.env ?? process.env;
  const timeoutMs = opts.daemonTimeoutMs ?? loadConfig(env).embedding.daemonTimeoutMs;
  return daemonEmbedder({ timeoutMs, env });
}

/** Searches the error KB. Resolves to the best entry with a resolution, or null (never rejects). */
export async function searchErrorKB(
  db: DB | null,
  error: string,
  opts: SearchOptions = {},
): Promise<KbMatch | null> {
  try {
    if (!db || typeof error !== 'string') return null;
    const key = opts.normalized ? null : errorKey(error);
    const normalized = key ? key.normalized : error.trim();
    if (!normalized) return null;
    const q: MatchQuery = key
      ? { normalized, signature: key.signature.length ? key.signature : [key.message] }
      : matchQuery(normalized, opts.message, opts.raw);
    const mode = opts.mode ?? searchMode(opts.env ?? process.env);
    const tiers = opts.tiers ?? (mode === 'seed' ? SEED_TIERS : DEFAULT_TIERS);
    if (opts.trace) opts.trace.normalized = normalized;
    const step = stepTimer(opts.trace);
    let hit: KbMatch | null = null;
    if (mode === 'seed') hit = seedTextTiers(db, normalized, tiers, step);
    else if (tiers.includes('exact') || tiers.includes('similar'))
      hit = matcherTiers(db, q, tiers, opts, step);
    if (!hit && tiers.includes('vector')) hit = await vectorSearch(db, q, { ...opts, mode }, step);
    if (!hit) return null;
    if (opts.bump !== false) bumpHit(db, hit, opts.now ?? new Date());
    return hit;
  } catch {
    return null;
  }
}

/** The configured search mode (config.json kbSearch.mode). */
export function searchMode(env: NodeJS.ProcessEnv): KbSearchMode {
  return getSection(loadConfig(env), 'kbSearch').mode;
}

type Step = (tier: KbTier, result: string) => void;

/**
 * Seed 001's text tiers (REQ-RA-002): 1. the entry whose key is the query's; 2. else the most used,
 * newest entry whose key starts with the query's first 30 characters (the seed's LIKE, through the
 * index), taken when the shorter key is at least 0.7 of the longer, else on to the vector tier.
 */
function seedTextTiers(db: DB, normalized: string, tiers: readonly KbTier[], step: Step): KbMatch | null {
  if (tiers.includes('exact')) {
    const e = exactEntry(db, normalized);
    step('exact', e ? `#${e.id}` : 'none');
    if (e) return { ...e, tier: 'exact' };
  }
  if (!tiers.includes('prefix')) return null;
  const head = normalized.slice(0, SEED_PREFIX);
  const low = head.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const top = prefixEntries(db, low, low + String.fromCodePoint(0x10ffff), escapeLike(head) + '%')[0];
  if (!top) {
    step('prefix', 'none');
    return null;
  }
  const a = normalized.length;
  const b = top.error_normalized.length;
  const ratio = Math.min(a, b) / Math.max(a, b, 1);
  const ok = ratio >= SEED_LENGTH_RATIO;
  step(
    'prefix',
    `${ok ? `#${top.id}` : 'none'} (best #${top.id}, length ratio ${ratio.toFixed(2)}; needs ≥ ${SEED_LENGTH_RATIO})`,
  );
  return ok ? { ...top, tier: 'prefix' } : null;
}
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** Records each tier's time (since the previous one) and result in the trace. */
function stepTimer(trace: SearchTrace | undefined): Step {
  let t = sinceStartMs();
  return (tier, result) => {
    const now = sinceStartMs();
    trace?.tiers.push({ tier, ms: now - t, result });
    t = now;
  };
}

/** exact and similar: one decision over the candidates (the same key is one of them, and a feature). */
function matcherTiers(
  db: DB,
  q: MatchQuery,
  tiers: readonly KbTier[],
  opts: SearchOptions,
  step: Step,
): KbMatch | null {
  const threshold = opts.threshold ?? THRESHOLD;
  const scored = scoreCandidates(db, q, !tiers.includes('similar'), threshold);
  const best = decide(scored, threshold);
  const hit: KbMatch | null = best
    ? {
        ...best.entry,
        tier: best.entry.error_normalized === q.normalized ? 'exact' : 'similar',
        score: best.p,
      }
    : null;
  if (opts.trace) {
    opts.trace.scored = scored.slice(0, 5);
    opts.trace.threshold = threshold;
  }
  const top = scored[0];
  step(
    hit?.tier ?? 'similar',
    `${hit ? `#${hit.id}` : 'none'} (${scored.length} candidates${top ? `; best #${top.entry.id} p ${top.p.toFixed(3)}` : ''}; threshold ${threshold})`,
  );
  return hit;
}

/** The vector tier, when an embedder answers and some entry has an embedding. */
async function vectorSearch(db: DB, q: MatchQuery, opts: SearchOptions, step: Step): Promise<KbMatch | null> {
  // nothing embedded yet: no need to embed the query nor to load sqlite-vec
  const embedder = embeddingsExist(db) ? defaultEmbedder(opts) : null;
  if (!embedder) {
    step('vector', opts.embedder === null ? 'disabled' : 'skipped (no entry has an embedding)');
    return null;
  }
  let hit: KbMatch | null = null;
  try {
    const th = opts.thresholds ?? loadConfig(opts.env ?? process.env).embedding.thresholds;
    const v = await vectorTier(db, q, embedder, th, opts.mode !== 'seed');
    hit = v.match;
    step(
      'vector',
      hit
        ? `#${hit.id} (L2 distance ${hit.distance?.toFixed(3)}, cosine ${hit.cosine?.toFixed(3)}; accept < ${th.accept}, keyword check < ${th.reject})`
        : v.ran
          ? 'none'
          : 'skipped (no vectors or no embedder)',
    );
  } catch (e) {
    step('vector', `failed: ${(e as Error).message}`);
  }
  return hit;
}

function bumpHit(db: DB, hit: KbMatch, now: Date): void {
  try {
    bumpUse(db, hit.id, now);
    hit.use_count = (hit.use_count ?? 0) + 1;
    hit.last_used = now.toISOString();
  } catch {
    // a read-only or busy database still gets its answer
  }
}
