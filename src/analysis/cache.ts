// analysis_cache access: getCachedAnalysis (used by the seeds) and storeAnalysis.
import type { DB } from '../store/db.js';

export interface Suggestion {
  id?: string;
  type: 'claude_md' | 'skill' | 'hook' | (string & {});
  rule?: string;
  summary?: string;
  project?: string | null;
  [k: string]: unknown;
}

export interface Analysis {
  suggestions: Suggestion[];
  [k: string]: unknown;
}

/**
 * The newest analysis stored within the last `hours` for `project` (or a global one, project NULL).
 * Returns null when none, or on any error.
 */
export function getCachedAnalysis(db: DB, hours: number, project: string | null, now = new Date()): Analysis | null {
  try {
    const since = new Date(now.getTime() - hours * 3600 * 1000).toISOString();
    const row = db
      .prepare(
        `SELECT analysis FROM analysis_cache
         WHERE ts >= ? AND (project = ? OR project IS NULL)
         ORDER BY (project IS NULL) ASC, ts DESC LIMIT 1`,
      )
      .get(since, project) as { analysis: string } | undefined;
    if (!row) return null;
    const a = JSON.parse(row.analysis) as Analysis;
    if (!a || !Array.isArray(a.suggestions)) return { ...a, suggestions: [] };
    return a;
  } catch {
    return null;
  }
}

/** Stores an analysis; the same (project, days, input hash) replaces the older row. */
export function storeAnalysis(
  db: DB,
  a: { project: string | null; days: number; inputHash: string; analysis: Analysis },
  now = new Date(),
): number {
  const info = db
    .prepare(
      `INSERT INTO analysis_cache (ts, project, days, input_hash, analysis) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(ifnull(project, ''), days, input_hash) DO UPDATE SET ts = excluded.ts, analysis = excluded.analysis`,
    )
    .run(now.toISOString(), a.project, a.days, a.inputHash, JSON.stringify(a.analysis));
  return Number(info.lastInsertRowid);
}
