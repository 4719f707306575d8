// The analysis tables: analysis_cache (getCachedAnalysis, used by the seeds, and storeAnalysis)
// and feedback (accepted / dismissed suggestions). The only module with SQL on them.
import type { DB } from '../db/db.js';

/** One feedback row: what the user did with a suggestion. */
export interface FeedbackRecord {
  suggestion_id: string;
  action: 'accepted' | 'dismissed';
  project: string | null;
  type: string | null;
  text: string | null;
  ts: string;
}

/** Feedback rows of these suggestion ids, oldest first (one indexed query). */
export function feedbackRows(db: DB, ids: string[]): FeedbackRecord[] {
  if (ids.length === 0) return [];
  return db
    .prepare(
      `SELECT suggestion_id, action, project, type, text, ts FROM feedback
       WHERE suggestion_id IN (${ids.map(() => '?').join(',')}) ORDER BY ts ASC, id ASC`,
    )
    .all(...ids) as FeedbackRecord[];
}

/** The newest feedback rows. */
export function latestFeedback(db: DB, limit: number): FeedbackRecord[] {
  return db
    .prepare(
      `SELECT suggestion_id, action, project, type, text, ts FROM feedback ORDER BY ts DESC, id DESC LIMIT ?`,
    )
    .all(limit) as FeedbackRecord[];
}

export function insertFeedback(db: DB, r: FeedbackRecord): void {
  db.prepare(
    `INSERT INTO feedback (ts, suggestion_id, action, project, type, text) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(r.ts, r.suggestion_id, r.action, r.project, r.type, r.text);
}

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

/** Drops suggestions the user dismissed (`self-gen dismiss`): one indexed query on feedback. */
function withoutDismissed(db: DB, suggestions: Suggestion[]): Suggestion[] {
  const ids = suggestions.map((s) => s.id).filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) return suggestions;
  const rows = feedbackRows(db, ids);
  const last = new Map(rows.map((r) => [r.suggestion_id, r.action]));
  return suggestions.filter((s) => typeof s.id !== 'string' || last.get(s.id) !== 'dismissed');
}

/**
 * The newest analysis stored within the last `hours` for `project` (or a global one, project NULL).
 * Suggestions the user dismissed are left out. Returns null when none, or on any error.
 */
export function getCachedAnalysis(
  db: DB,
  hours: number,
  project: string | null,
  now = new Date(),
): Analysis | null {
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
    return { ...a, suggestions: withoutDismissed(db, a.suggestions) };
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

export interface CacheRow {
  id: number;
  ts: string;
  project: string | null;
  days: number;
  input_hash: string;
  analysis: Analysis;
}

type RawRow = Omit<CacheRow, 'analysis'> & { analysis: string };

function parseRow(r: RawRow | undefined): CacheRow | null {
  if (!r) return null;
  try {
    const a = JSON.parse(r.analysis) as Analysis;
    return { ...r, analysis: a && Array.isArray(a.suggestions) ? a : { ...a, suggestions: [] } };
  } catch {
    return null;
  }
}

/** The stored analysis of exactly this input, if any (the "unchanged input → no new call" check). */
export function findAnalysisByHash(
  db: DB,
  project: string | null,
  days: number,
  inputHash: string,
): CacheRow | null {
  const r = db
    .prepare(
      `SELECT id, ts, project, days, input_hash, analysis FROM analysis_cache
       WHERE ifnull(project, '') = ifnull(?, '') AND days = ? AND input_hash = ?`,
    )
    .get(project, days, inputHash) as RawRow | undefined;
  return parseRow(r);
}

/** Marks a cached analysis as current again (its input was found unchanged). */
export function touchAnalysis(db: DB, id: number, now = new Date()): void {
  db.prepare(`UPDATE analysis_cache SET ts = ? WHERE id = ?`).run(now.toISOString(), id);
}

/**
 * The newest analysis of `project` and the newest global one (project NULL), each at most
 * `hours` old: two indexed lookups. Project first.
 */
export function latestAnalyses(db: DB, project: string | null, hours: number, now = new Date()): CacheRow[] {
  const since = new Date(now.getTime() - hours * 3600 * 1000).toISOString();
  const cols = 'id, ts, project, days, input_hash, analysis';
  const rows = (
    project === null
      ? db
          .prepare(
            `SELECT ${cols} FROM analysis_cache WHERE project IS NULL AND ts >= ? ORDER BY ts DESC LIMIT 1`,
          )
          .all(since)
      : db
          .prepare(
            `SELECT * FROM (SELECT ${cols} FROM analysis_cache WHERE project = ? AND ts >= ? ORDER BY ts DESC LIMIT 1)
             UNION ALL
             SELECT * FROM (SELECT ${cols} FROM analysis_cache WHERE project IS NULL AND ts >= ? ORDER BY ts DESC LIMIT 1)`,
          )
          .all(project, since, since)
  ) as RawRow[];
  return rows
    .map(parseRow)
    .filter((r): r is CacheRow => r !== null)
    .sort((a, b) => Number(a.project === null) - Number(b.project === null));
}

/** The newest analyses of every scope, newest first (used to find a suggestion by id). */
export function recentAnalyses(db: DB, limit = 50): CacheRow[] {
  const rows = db
    .prepare(
      `SELECT id, ts, project, days, input_hash, analysis FROM analysis_cache ORDER BY ts DESC, id DESC LIMIT ?`,
    )
    .all(limit) as RawRow[];
  return rows.map(parseRow).filter((r): r is CacheRow => r !== null);
}
