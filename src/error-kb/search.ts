// searchErrorKB (seed 001, REQ-RA-002): exact → prefix (first 30 characters, length ratio ≥ 0.7)
// → vector (the seed's L2 distance on unit vectors < 0.76; 0.76–0.85 with a shared keyword; ≥ 0.85
// none; thresholds configurable, see error-kb/vector.ts) → lexical
// (FTS5/BM25, for entries the vector tier cannot judge). A hit bumps use_count and last_used.
// Returns null on no match or on any failure; never throws.
import type { DB } from '../db/db.js';
import { bumpUse, exactEntry, prefixEntries, resolvedEntries } from './db.js';
import { loadConfig } from '../common/config.js';
import { daemonEmbedder } from '../embed/client.js';
import { validVector, type Embedder } from '../embed/embedder.js';
import { EMBED_DIMS } from '../embed/model.js';
import { errorKey } from './error-key.js';
import {
  codes,
  distinctive,
  identTokens,
  isStopWord,
  sharesKeyword,
  similarity,
  tokens,
} from './keywords.js';
import type { KbEntry } from './entry.js';
import { accepts, LEXICAL_AMBIGUITY_MARGIN, searchLexical, type LexicalOptions } from './lexical.js';
import { namesAgree } from './names.js';
import { contextAgreement, contextWords } from './context.js';
import {
  extractErrorMessage,
  HEADLINE_LINE,
  keyWithReporter,
  normalizeDetail,
  WRAPPER_LINE,
} from './normalize.js';
import { DEFAULT_THRESHOLDS, embeddingsExist, knn, VEC_K, type VecThresholds } from './vector.js';

export type { KbEntry };
export { bumpUse };

export type KbTier = 'exact' | 'prefix' | 'lexical' | 'vector';

export interface KbMatch extends KbEntry {
  tier: KbTier;
  /** The seed's L2 distance on unit vectors (vector tier) or the BM25 score (lexical tier). */
  distance?: number;
  /** Vector tier: the cosine distance (1 − cosine similarity) of the same pair. */
  cosine?: number;
  /** Lexical tier: the weighted keyword overlap (0–1). Prefix tier: the length ratio. */
  score?: number;
}

/** What a search did (CLI, benchmarks, debugging). */
export interface SearchTrace {
  normalized?: string;
  tiers: { tier: KbTier; ms: number; result: string }[];
}

export interface SearchOptions {
  /** The text is already a normalized key (skip errorKey: extraction + normalisation). */
  normalized?: boolean;
  /**
   * With `normalized`: the query's extracted, unmasked message (errorKey(raw).message), for the
   * names check (names.ts). Without it a normalized query is judged on its key alone.
   */
  message?: string;
  /**
   * With `normalized`: the query's raw text (errorKey(raw).raw), for the context check of a wrapper
   * key (contextAgrees). Without it that check has no opinion.
   */
  raw?: string;
  now?: Date;
  env?: NodeJS.ProcessEnv;
  /**
   * How the query is embedded for the vector tier. Default: ask the running embedding daemon
   * (never loads a model in this process). `null`: no vector tier.
   */
  embedder?: Embedder | null;
  /** Budget for the daemon (default config.embedding.daemonTimeoutMs). */
  daemonTimeoutMs?: number;
  /** Vector-tier thresholds, L2 on unit vectors (default config.embedding.thresholds). */
  thresholds?: VecThresholds;
  /** Run the lexical tier (default true). */
  lexical?: boolean;
  /** Lexical tier settings (benchmarks: thresholds chosen by cross-validation). */
  lexicalOptions?: Pick<LexicalOptions, 'minScore' | 'ambiguityMargin'>;
  /** Bump use_count/last_used of the hit (default true, as the seed says). */
  bump?: boolean;
  trace?: SearchTrace;
}

// The seed's LIKE, plus a range on lower(error_normalized) (LIKE folds ASCII case just as lower()
// does) so the index idx_error_kb_lower finds the candidates instead of a scan of the whole KB.
const MAX_CHAR = String.fromCodePoint(0x10ffff);
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

export function lengthRatio(a: string, b: string): number {
  const x = a.length;
  const y = b.length;
  if (x === 0 || y === 0) return 0;
  return Math.min(x, y) / Math.max(x, y);
}

/**
 * The detail the key drops: what follows the 200-character cut (a long wrapper first:
 * `requests.exceptions.SSLError: HTTPSConnectionPool(host=<STR>, …) (Caused by SSLError(…`) and
 * quoted sentences (`'[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: Hostname
 * mismatch'`, masked by rule 3 as if it were a name). When the two details differ, they must agree
 * as the prefix tier asks (prefixAgrees: same codes, something in common after the common
 * beginning).
 */
export function detailAgrees(message: string | undefined, entry: KbEntry): boolean {
  if (!message || !entry.error_raw) return true;
  const q = normalizeDetail(message);
  const s = normalizeDetail(extractErrorMessage(entry.error_raw));
  return q === s || prefixAgrees(q, s, DETAIL_TAIL_MIN_SCORE);
}

/**
 * The overlap the details need after their common beginning: more than the prefix guard's 0.25, since
 * the rest of the key already agrees and the detail is all that is left to tell two problems apart
 * (chosen on the halves: 0.25 / 0.3 / 0.35 / 0.4 / 0.45 / 0.55, docs/error-kb-retrieval.md).
 */
export const DETAIL_TAIL_MIN_SCORE = 0.4;

/**
 * The context overlap (Dice coefficient of the distinctive words) a wrapper key needs: a rerun of one
 * problem prints nearly the same lines around the wrapper; two causes share the tool's frame words
 * (`! [rejected] main -> main (fetch first)` vs `! [remote rejected] main -> main (pre-receive hook
 * declined)` share `rejected`, `main`: 0.33).
 */
export const CONTEXT_MIN_DICE = 0.5;

/** A key that says a step failed, not why: a wrapper or headline line the extraction fell back on. */
export function wrapperKey(message: string): boolean {
  return WRAPPER_LINE.test(message) || HEADLINE_LINE.test(message);
}

/**
 * The context check (exact and prefix tiers): when either key is a wrapper line (`error: failed to
 * push some refs to <STR>`, `Failed to compile.` — the extraction found no other line that reads
 * like an error), the cause is in the rest of the output (`! [remote rejected] … (shallow update not
 * allowed)` vs `! [rejected] … (fetch first)`), and the two raw errors must agree there: both without
 * other words, or with a Dice overlap of their distinctive words of at least CONTEXT_MIN_DICE
 * (context.ts: noise lines — progress, stack frames, log paths — dropped, masked like the key). One
 * side with a cause and the other without: which cause the stored fix was for is unknown — silent.
 * No raw text on either side: no opinion.
 */
export function contextAgrees(message: string | undefined, raw: string | undefined, entry: KbEntry): boolean {
  if (!message || !raw || !entry.error_raw) return true;
  const stored = extractErrorMessage(entry.error_raw);
  if (!wrapperKey(message) && !wrapperKey(stored)) return true;
  const a = contextAgreement(contextWords(raw, message), contextWords(entry.error_raw, stored));
  if (a.query === 0 && a.stored === 0) return true;
  return a.query > 0 && a.stored > 0 && a.dice >= CONTEXT_MIN_DICE;
}

/** The checks every tier's candidate passes when the query's message (and raw text) is known. */
export function fits(message: string | undefined, entry: KbEntry, raw?: string): boolean {
  return namesAgree(message, entry) && detailAgrees(message, entry) && contextAgrees(message, raw, entry);
}

function exactTier(db: DB, normalized: string, message?: string, raw?: string): KbMatch | null {
  const exact = exactEntry(db, normalized);
  if (exact && fits(message, exact, raw)) return { ...exact, tier: 'exact' };
  // an entry recorded before the reporter rule keeps its key (`bash: tsc: command not found`)
  const legacy = message ? keyWithReporter(message) : '';
  if (!legacy || legacy === normalized) return null;
  const old = exactEntry(db, legacy);
  return old && fits(message, old, raw) ? { ...old, tier: 'exact' } : null;
}

/** Below this overlap, the parts after the common beginning tell two different problems. */
export const PREFIX_TAIL_MIN_SCORE = 0.25;

/**
 * The prefix tier's guard (wrong advice is worse than none): a candidate that shares the first 30
 * characters is still refused when the two carry different error codes or classes
 * (`…java.lang.NullPointerException` vs `…java.lang.ClassNotFoundException`), or when what follows
 * the common beginning has nothing in common (`…port <N> failed: Connection refused` vs
 * `…port <N> failed: FATAL: password authentication failed`). The lexical tier may still match it.
 */
export function prefixAgrees(query: string, candidate: string, minTail = PREFIX_TAIL_MIN_SCORE): boolean {
  const cq = codes(query);
  const cc = codes(candidate);
  if (cq.size > 0 && cc.size > 0 && ![...cq].some((c) => cc.has(c))) return false;
  let i = 0;
  const n = Math.min(query.length, candidate.length);
  while (i < n && query[i]!.toLowerCase() === candidate[i]!.toLowerCase()) i++;
  // back to the start of the word the two differ in
  while (i > 0 && /[\p{L}\p{N}]/u.test(query[i - 1]!)) i--;
  // the words of the common beginning say nothing about whether the rest agrees
  // (`curl: (<N>) SSL certificate problem: unable to verify the first certificate` vs `…: certificate
  // is not yet valid` share only `certificate`, a word of the beginning)
  const headWords = tokens(query.slice(0, i));
  const rest = (s: string) =>
    s.slice(i).replace(/[\p{L}\p{N}]+/gu, (w) => (headWords.has(w.toLowerCase()) ? ' ' : w));
  // (from the start of a joined name: `.png` ↔ `.sqlite`, `left-pad` ↔ `left-mid`)
  let j = i;
  while (j > 0 && /[\p{L}\p{N}\-@/._]/u.test(query[j - 1]!)) j--;
  if (cruxDiffers(query.slice(j), candidate.slice(j))) return false;
  if (tokens(query.slice(i)).size < 2 || tokens(candidate.slice(i)).size < 2) return true;
  const sim = similarity(rest(query), rest(candidate));
  return sim.score >= minTail;
}

/**
 * The words that differ after the common beginning name the problem: with the common ending dropped
 * too (`context.` of `Working outside of request context.` vs `… application context.`), when each
 * side still has a distinctive word (not a generic word, a program or a name) and the two share
 * none, one crux word was replaced by another (`request` ↔ `application`, `resource` ↔ `input
 * variable`): another problem, however alike the rest.
 */
export function cruxDiffers(queryTail: string, candidateTail: string): boolean {
  const words = (s: string): string[] =>
    (
      s
        .replace(/<(?:STR|PATH|N)>/g, ' ')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).filter((w) => /\p{L}/u.test(w)); // numbers are like the masked parts
  const q = words(queryTail);
  const c = words(candidateTail);
  let ending = 0;
  while (q.length && c.length && q[q.length - 1] === c[c.length - 1]) {
    q.pop();
    c.pop();
    ending++;
  }
  // a word replaced inside a sentence that goes on alike (a template's slot), one or two words each
  if (q.length > 2 || c.length > 2) return false;
  // at the end of the message, a replaced phrase of two words or more (`resource` ↔ `input variable`):
  // a lone word there is as often a name (`for a test.` ↔ `for a hook.`)
  if (ending === 0 && Math.max(q.length, c.length) < 2) return false;
  // names: identifiers, and words of a chunk with other signs inside (`left-pad@^<N>`, `.sqlite`,
  // `worker-!~{00a}~.js:3:0`): a file, package or host name, not a word of the message
  const joined = (t: string) =>
    t
      .split(/\s+/)
      .map((c) => c.replace(/^[("'`[]+|[)"'`\],.:;!?]+$/g, ''))
      .filter((c) => /[^\p{L}\p{N}]/u.test(c))
      .flatMap((c) => c.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const names = new Set([
    ...identTokens(queryTail),
    ...identTokens(candidateTail),
    ...joined(queryTail),
    ...joined(candidateTail),
  ]);
  const crux = (w: string) => w.length >= 3 && /\p{L}/u.test(w) && distinctive(w) && !isStopWord(w);
  const dq = q.filter((w) => crux(w) && !names.has(w));
  const dc = c.filter((w) => crux(w) && !names.has(w));
  if (dq.length === 0 || dc.length === 0) return false;
  return !q.some((w) => crux(w) && c.includes(w));
}

function prefixTier(db: DB, normalized: string, message?: string, raw?: string): KbMatch | null {
  const head = normalized.slice(0, 30);
  const low = asciiLower(head);
  const rows = prefixEntries(db, low, low + MAX_CHAR, escapeLike(head) + '%');
  // Among the entries that begin alike (every Maven error begins `[ERROR] Failed to execute goal`),
  // the one whose whole message agrees best, not the most used one; below 70 % of the length the
  // prefix match is ignored and the search falls through (seed).
  let best: { entry: KbEntry; ratio: number; score: number } | null = null;
  const passed: { entry: KbEntry; ratio: number; score: number }[] = [];
  for (const entry of rows) {
    const ratio = lengthRatio(normalized, entry.error_normalized);
    if (ratio < 0.7 || !prefixAgrees(normalized, entry.error_normalized)) continue;
    if (!fits(message, entry, raw)) continue;
    // A lone candidate needs the seed's rule and the guard; when several entries begin alike, the
    // beginning cannot tell them apart and each must agree as a whole, as the lexical tier asks
    // (`…maven-surefire-plugin…: There are test failures.` vs `…maven-compiler-plugin…: invalid target release`).
    const sim = similarity(normalized, entry.error_normalized);
    if (rows.length > 1 && !accepts(sim)) continue;
    const score = sim.score;
    passed.push({ entry, ratio, score });
    if (!best || score > best.score + 1e-9) best = { entry, ratio, score };
  }
  // no coin toss: another entry with other advice that agrees about as well (the lexical tier's margin)
  const b = best;
  if (
    b &&
    passed.some(
      (p) =>
        p !== b && p.entry.resolution !== b.entry.resolution && p.score >= b.score - LEXICAL_AMBIGUITY_MARGIN,
    )
  )
    return null;
  return best ? { ...best.entry, tier: 'prefix', score: best.ratio } : null;
}

/**
 * A severity label or an exception class before the message (`ERROR: `, `FATAL: `, `error: `,
 * `psycopg2.errors.InFailedSqlTransaction: `, `django.db.utils.ProgrammingError: `): who labels
 * the message differs between clients of one server (psql, psycopg2, Django) while the message is
 * the server's. Not a label: one that carries an error code (`error[E0603]: `, `error TS2307: `).
 */
const LABEL =
  /^(?:ERROR|FATAL|PANIC|Error|error|fatal|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\.[A-Z]\w*(?:Error|Exception|Violation|Transaction)?): (?=\S)/;
/** The generic labels an entry may carry instead of the query's. */
const GENERIC_LABELS = ['ERROR', 'FATAL', 'error', 'Error', 'fatal'];

/**
 * The label tier (exact, after the prefix tier): the same message under another generic label
 * (`error: sorry, too many clients already` = `FATAL: sorry, too many clients already`,
 * `psycopg2.errors.InFailedSqlTransaction: current transaction is aborted…` = `ERROR: current
 * transaction is aborted…`). Looked up by exact key, as many lookups as generic labels.
 */
function labelTier(db: DB, normalized: string, message?: string, raw?: string): KbMatch | null {
  const m = LABEL.exec(normalized);
  if (!m) return null;
  const body = normalized.slice(m[0].length);
  if (body.length < 12) return null; // `Error: x` says too little
  for (const label of GENERIC_LABELS) {
    const key = `${label}: ${body}`;
    if (key === normalized) continue;
    const e = exactEntry(db, key);
    if (e && fits(message, e, raw)) return { ...e, tier: 'prefix' };
  }
  return null;
}

/**
 * A trailing hint: a sentence that tells what to try, not what failed (`Did you mean <PATH>?`,
 * `To resolve this issue, run: …`, `Try <STR> and then …`, `You have to remove (or rename) …`).
 */
const HINT =
  /^[\s.;,]*(?:Did you mean|Did you forget|Did you install|To resolve|To fix|Try |Either |You have to|You may |You might |Please |Consider |Run |Use |See |Hint:|help:|note:|For more information)/i;

/**
 * The hint tier (after the label tier): one key is the other plus a trailing hint, which the seed's
 * length ratio refuses when the message is short (`File does not exist.` vs `File does not exist.
 * Did you mean <PATH>?`). Only a whole key followed by a hint sentence, both ways; the names and
 * detail checks apply.
 */
function hintTier(db: DB, normalized: string, message?: string, raw?: string): KbMatch | null {
  // the query has the hint: its message without it, by exact key
  const cut = normalized.search(/[.?!:]\s+\S/);
  for (let at = cut; at >= 0 && at < normalized.length;) {
    const end = at + 1;
    if (HINT.test(normalized.slice(end))) {
      const e = exactEntry(db, normalized.slice(0, end).trim());
      if (e && fits(message, e, raw)) return { ...e, tier: 'prefix' };
    }
    const next = normalized.slice(end).search(/[.?!:]\s+\S/);
    at = next < 0 ? -1 : end + next;
  }
  // the stored error has the hint: entries that begin with the whole query
  const low = asciiLower(normalized);
  for (const e of prefixEntries(db, low, low + MAX_CHAR, escapeLike(normalized) + '%')) {
    if (e.error_normalized.length === normalized.length) continue;
    if (HINT.test(e.error_normalized.slice(normalized.length)) && fits(message, e, raw))
      return { ...e, tier: 'prefix' };
  }
  return null;
}

/** The text tiers only (exact, prefix): synchronous, ~1 ms. */
export function searchText(db: DB, normalized: string, message?: string, raw?: string): KbMatch | null {
  return (
    exactTier(db, normalized, message, raw) ??
    prefixTier(db, normalized, message, raw) ??
    labelTier(db, normalized, message, raw) ??
    hintTier(db, normalized, message, raw)
  );
}

/**
 * Judges the vector tier's candidates (nearest first) by the seed's thresholds; `l2` is the L2
 * distance on unit vectors, the seed's metric.
 */
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
  normalized: string,
  embedder: Embedder,
  th: VecThresholds,
  message?: string,
): Promise<{ match: KbMatch | null; ran: boolean }> {
  let q: Float32Array | null = null;
  try {
    q = (await embedder.embed([normalized]))[0] ?? null;
  } catch {
    q = null;
  }
  if (!validVector(q, EMBED_DIMS)) return { match: null, ran: false };
  const near = await knn(db, q, VEC_K);
  if (near.length === 0) return { match: null, ran: true };
  const ids = near.map((n) => n.id);
  const rows = resolvedEntries(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const candidates = near.flatMap((n) => {
    const entry = byId.get(n.id);
    return entry && namesAgree(message, entry) ? [{ entry, l2: n.l2, cosine: n.distance }] : [];
  });
  const pick = pickVector(normalized, candidates, th);
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
    const message = key ? key.message : opts.message;
    const raw = key ? key.raw : opts.raw;
    const trace = opts.trace;
    if (trace) trace.normalized = normalized;
    let t = performance.now();
    const step = (tier: KbTier, result: string) => {
      const now = performance.now();
      trace?.tiers.push({ tier, ms: now - t, result });
      t = now;
    };

    let hit: KbMatch | null = exactTier(db, normalized, message, raw);
    step('exact', hit ? `#${hit.id}` : 'none');
    if (!hit) {
      hit =
        prefixTier(db, normalized, message, raw) ??
        labelTier(db, normalized, message, raw) ??
        hintTier(db, normalized, message, raw);
      step('prefix', hit ? `#${hit.id} (length ratio ${hit.score?.toFixed(2)})` : 'none');
    }
    let vectorRan = false;
    if (!hit) {
      // Nothing embedded yet: no need to embed the query nor to load sqlite-vec.
      const embedder = embeddingsExist(db) ? defaultEmbedder(opts) : null;
      if (embedder) {
        try {
          const th = opts.thresholds ?? loadConfig(opts.env ?? process.env).embedding.thresholds;
          const v = await vectorTier(db, normalized, embedder, th, message);
          hit = v.match;
          vectorRan = v.ran;
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
      } else {
        step('vector', opts.embedder === null ? 'disabled' : 'skipped (no entry has an embedding)');
      }
    }
    if (!hit && opts.lexical !== false) {
      const lex = searchLexical(db, normalized, {
        ...opts.lexicalOptions,
        onlyUnembedded: vectorRan,
        // the names only: a paraphrase's detail differs by nature (the detail check on every
        // lexical candidate, or on those with the query's first 30 characters, cost recall on both
        // halves and removed false matches on one)
        fits: (e) => namesAgree(message, e),
      });
      if (lex) hit = { ...lex.entry, tier: 'lexical', score: lex.score, distance: lex.bm25 };
      step(
        'lexical',
        hit ? `#${hit.id} (score ${lex?.score.toFixed(2)}, bm25 ${lex?.bm25.toFixed(2)})` : 'none',
      );
    }
    if (!hit) return null;
    if (opts.bump !== false) {
      const now = opts.now ?? new Date();
      try {
        bumpUse(db, hit.id, now);
        hit.use_count = (hit.use_count ?? 0) + 1;
        hit.last_used = now.toISOString();
      } catch {
        // a read-only or busy database still gets its answer
      }
    }
    return hit;
  } catch {
    return null;
  }
}
