// The lexical tier: when no vector can be used (the entry has no embedding yet, or no embedder
// answers), SQLite FTS5 (BM25) finds candidates that share a distinctive word with the query and a
// weighted keyword overlap decides. Tuned never to return an unrelated entry (bench/kb-quality.mjs).
import type { DB } from '../store/db.js';
import { codes, distinctive, similarity, tokens, weight, type Similarity } from './keywords.js';
import type { KbEntry } from './search.js';

/** Weighted Dice score a lexical candidate needs (see the README, "Error knowledge base" → "Benchmarks", for how it was chosen). */
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
}

/** The FTS5 query: the query's distinctive words and codes (a match must share one of them). */
export function ftsQuery(normalized: string): string | null {
  const terms = new Set<string>();
  const ts = tokens(normalized);
  for (const t of ts) if (distinctive(t)) terms.add(t);
  // no word of its own: the programs it names, else every word (see similarity)
  if (terms.size === 0) for (const t of ts) if (weight(t) === 0.5) terms.add(t);
  if (terms.size === 0) for (const t of ts) if (t.length >= 3) terms.add(t);
  for (const c of codes(normalized))
    for (const part of c.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 2) terms.add(part);
  if (terms.size === 0) return null;
  const list = [...terms].sort((a, b) => b.length - a.length).slice(0, MAX_QUERY_TERMS);
  return `error_normalized : (${list.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ')})`;
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
  const strict = sim.codeOneSided || sim.sharedPlain === 0 || sim.generic;
  return sim.score >= (strict ? Math.max(minScore, LEXICAL_ONE_SIDED_SCORE) : minScore);
}

/** Entries among `ids` that have an embedding (read from sqlite-vec's rowids table: no extension needed). */
function embeddedIds(db: DB, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  try {
    const rows = db
      .prepare(`SELECT rowid AS id FROM vec_error_kb_rowids WHERE rowid IN (${ids.map(() => '?').join(',')})`)
      .all(...ids) as { id: number }[];
    return new Set(rows.map((r) => r.id));
  } catch {
    return new Set();
  }
}

/** The best lexical candidate that passes the checks, or null. Throws on database errors. */
export function searchLexical(db: DB, normalized: string, opts: LexicalOptions = {}): LexicalHit | null {
  const q = ftsQuery(normalized);
  if (!q) return null;
  const rows = db
    .prepare(
      `SELECT e.*, bm25(error_kb_fts) AS bm25 FROM error_kb_fts f JOIN error_kb e ON e.id = f.rowid
       WHERE error_kb_fts MATCH ? AND e.resolution IS NOT NULL ORDER BY rank LIMIT ${CANDIDATES}`,
    )
    .all(q) as (KbEntry & { bm25: number })[];
  if (rows.length === 0) return null;
  const skip = opts.onlyUnembedded
    ? embeddedIds(
        db,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  let best: LexicalHit | null = null;
  for (const r of rows) {
    if (skip.has(r.id)) continue;
    const sim = similarity(normalized, r.error_normalized);
    if (!accepts(sim, opts.minScore)) continue;
    const better =
      !best ||
      sim.score > best.score + 1e-9 ||
      (Math.abs(sim.score - best.score) <= 1e-9 && (r.use_count ?? 0) > (best.entry.use_count ?? 0));
    if (better) {
      const { bm25, ...entry } = r;
      best = { entry, score: sim.score, bm25, sim };
    }
  }
  return best;
}
