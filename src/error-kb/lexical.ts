// The lexical tier: when no vector can be used (the entry has no embedding yet, or no embedder
// answers), SQLite FTS5 (BM25) finds candidates that share a distinctive word with the query and a
// weighted keyword overlap decides. Tuned never to return an unrelated entry (bench/kb-quality.mjs).
import type { DB } from '../db/db.js';
import { embeddedAmong, ftsCandidates } from './db.js';
import { codes, distinctive, similarity, tokens, weight, type Similarity } from './keywords.js';
import type { KbEntry } from './entry.js';
import { ftsQuery } from '../common/fts.js';

/** Weighted Dice score a lexical candidate needs (see docs/error-kb-retrieval.md for how it was chosen). */
export const LEXICAL_MIN_SCORE = 0.55;
/** …when only one of the two errors carries an error code or class (TypeError, EACCES, TS2307). */
export const LEXICAL_ONE_SIDED_SCORE = 0.75;
const CANDIDATES = 10;
const MAX_QUERY_TERMS = 12;

export interface LexicalHit {
  entry: KbEntry;
  score: number;
  bm25: number;
  sim: Similarity;
}

export interface LexicalOptions {
  /** Only entries without an embedding (the vector tier already judged the others). */
  onlyUnembedded?: boolean;
  minScore?: number;
  /** Ambiguity margin (default LEXICAL_AMBIGUITY_MARGIN, see searchLexical). */
  ambiguityMargin?: number;
  /** A check of the candidate beyond its key (search.ts: the names and the detail of the query's message). */
  fits?: (entry: KbEntry) => boolean;
}

/**
 * Overlap needed when each error has distinctive words the other lacks (a substitution, see
 * accepts; chosen by cross-validation, docs/error-kb-retrieval.md).
 */
export const LEXICAL_SUBSTITUTION_SCORE = 0.65;
/** Plain distinctive words two errors must share when only one names an error class. */
export const CLASS_ONE_SIDED_WORDS = 2;
/**
 * When the runner-up is another entry with other advice and scores within this margin of the best,
 * the query fits both as well: no answer (a miss is better than a coin toss between two fixes).
 */
export const LEXICAL_AMBIGUITY_MARGIN = 0.05;

/** The FTS5 query: the query's distinctive words and codes (a match must share one of them). */
export function lexicalFtsQuery(normalized: string): string | null {
  const terms = new Set<string>();
  const ts = tokens(normalized);
  // names (identifiers) are searched for too: rare, they rank the entry of the same name first
  for (const t of ts) if (distinctive(t)) terms.add(t);
  // no word of its own: the programs it names, else every word (see similarity)
  if (terms.size === 0) for (const t of ts) if (weight(t) === 0.5) terms.add(t);
  if (terms.size === 0) for (const t of ts) if (t.length >= 3) terms.add(t);
  for (const c of codes(normalized))
    for (const part of c.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 2) terms.add(part);
  if (terms.size === 0) return null;
  const list = [...terms].sort((a, b) => b.length - a.length);
  return ftsQuery(list.join(' '), { op: 'OR', max: MAX_QUERY_TERMS, column: 'error_normalized' }) || null;
}

/** Error codes that differ do not separate two errors that share this many plain distinctive words… */
export const CONFLICT_OVERRIDE_WORDS = 4;
/** …with at least this overlap (`SqliteError` vs `sqlite3.OperationalError`, same message). */
export const CONFLICT_OVERRIDE_SCORE = 0.7;

/**
 * The lexical acceptance rule: no conflicting error codes (unless the messages agree word for
 * word), the seed's shared keyword, at least one shared distinctive word, and enough weighted
 * overlap — more when only one side has a code, or when the only shared distinctive words are
 * error class names (two AssertionErrors are not the same problem).
 */
export function accepts(sim: Similarity, minScore = LEXICAL_MIN_SCORE): boolean {
  if (!sim.keywordShared || sim.sharedDistinctive < 1) return false;
  if (
    sim.codeConflict &&
    !(sim.sharedPlain >= CONFLICT_OVERRIDE_WORDS && sim.score >= CONFLICT_OVERRIDE_SCORE)
  )
    return false;
  // a class name on one side only is the runtime's wording when ≥ 2 plain words agree
  const strict =
    sim.codeOneSided ||
    (sim.classOneSided && sim.sharedPlain < CLASS_ONE_SIDED_WORDS) ||
    sim.sharedPlain === 0 ||
    sim.generic;
  // each side has words of its own the other lacks: a word was replaced (`panic: close of closed
  // channel` vs `panic: send on closed channel`), which a near miss does as often as a paraphrase
  if (sim.queryOnly.length > 0 && sim.candidateOnly.length > 0 && sim.score < LEXICAL_SUBSTITUTION_SCORE)
    return false;
  return sim.score >= (strict ? Math.max(minScore, LEXICAL_ONE_SIDED_SCORE) : minScore);
}

/** Entries among `ids` that have an embedding (read from sqlite-vec's rowids table: no extension needed). */
function embeddedIds(db: DB, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  try {
    return embeddedAmong(db, ids);
  } catch {
    return new Set();
  }
}

/** The best lexical candidate that passes the checks, or null. Throws on database errors. */
export function searchLexical(db: DB, normalized: string, opts: LexicalOptions = {}): LexicalHit | null {
  const q = lexicalFtsQuery(normalized);
  if (!q) return null;
  const rows = ftsCandidates(db, q, CANDIDATES);
  if (rows.length === 0) return null;
  const skip = opts.onlyUnembedded
    ? embeddedIds(
        db,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  const ok: LexicalHit[] = [];
  for (const r of rows) {
    if (skip.has(r.id)) continue;
    const sim = similarity(normalized, r.error_normalized);
    if (!accepts(sim, opts.minScore)) continue;
    const { bm25, ...entry } = r;
    if (opts.fits && !opts.fits(entry)) continue;
    ok.push({ entry, score: sim.score, bm25, sim });
  }
  if (ok.length === 0) return null;
  // best score first; equal scores: the most used entry
  ok.sort((a, b) =>
    Math.abs(a.score - b.score) > 1e-9
      ? b.score - a.score
      : (b.entry.use_count ?? 0) - (a.entry.use_count ?? 0),
  );
  const best = ok[0]!;
  const margin = opts.ambiguityMargin ?? LEXICAL_AMBIGUITY_MARGIN;
  const rival = ok.find((h) => h !== best && h.entry.resolution !== best.entry.resolution);
  if (rival && rival.score >= best.score - margin) return null;
  return best;
}
