// searchErrorKB (seed 001, REQ-RA-002): exact → prefix (first 30 chars, length ratio ≥ 0.7) →
// [lexical / vector tiers: added by the error-KB issue]. Returns null on no match or any failure.
import type { DB } from '../store/db.js';
import { normalizeError } from './normalize.js';

export interface KbEntry {
  id: number;
  ts: string;
  error_normalized: string;
  error_raw: string | null;
  resolution: string | null;
  resolved_by: string | null;
  tool_sequence: string | null;
  use_count: number;
  last_used: string | null;
}

export type KbTier = 'exact' | 'prefix' | 'lexical' | 'vector';

export interface KbMatch extends KbEntry {
  tier: KbTier;
  /** Cosine distance (vector tier) or BM25 score (lexical tier). */
  distance?: number;
  score?: number;
}

export interface SearchOptions {
  /** The text is already normalized (skip normalizeError). */
  normalized?: boolean;
  now?: Date;
}

const EXACT = `SELECT * FROM error_kb WHERE error_normalized = ? AND resolution IS NOT NULL ORDER BY use_count DESC, ts DESC LIMIT 1`;
const PREFIX = `SELECT * FROM error_kb WHERE error_normalized LIKE ? ESCAPE '\\' AND resolution IS NOT NULL ORDER BY use_count DESC, ts DESC LIMIT 1`;

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

export function lengthRatio(a: string, b: string): number {
  const x = a.length;
  const y = b.length;
  if (x === 0 || y === 0) return 0;
  return Math.min(x, y) / Math.max(x, y);
}

export function bumpUse(db: DB, id: number, now = new Date()): void {
  db.prepare('UPDATE error_kb SET use_count = use_count + 1, last_used = ? WHERE id = ?').run(now.toISOString(), id);
}

/** The text tiers only (exact, prefix): synchronous, ~1 ms. */
export function searchText(db: DB, normalized: string): KbMatch | null {
  const exact = db.prepare(EXACT).get(normalized) as KbEntry | undefined;
  if (exact) return { ...exact, tier: 'exact' };
  const prefix = db.prepare(PREFIX).get(escapeLike(normalized.slice(0, 30)) + '%') as KbEntry | undefined;
  if (prefix && lengthRatio(normalized, prefix.error_normalized) >= 0.7) return { ...prefix, tier: 'prefix' };
  return null;
}

export async function searchErrorKB(db: DB | null, error: string, opts: SearchOptions = {}): Promise<KbMatch | null> {
  try {
    if (!db) return null;
    const normalized = opts.normalized ? error : normalizeError(error);
    if (!normalized) return null;
    const hit = searchText(db, normalized);
    if (hit) bumpUse(db, hit.id, opts.now);
    return hit;
  } catch {
    return null;
  }
}
