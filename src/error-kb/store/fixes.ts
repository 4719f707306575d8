// error_kb_fixes and error_kb_fix_projects: the candidate fixes of an entry and where they were confirmed.
import type { DB } from '../../db/db.js';

// ---------------------------------------------------------------- error_kb_fixes, error_kb_fix_projects

/** Best first: strongest proof, then most confirmations, then the oldest. */
const BEST_ORDER = 'strength DESC, confirmations DESC, first_ts ASC, id ASC';

/** The candidate fixes of an entry, best first (rows of error_kb_fixes). */
export function fixRows<T>(db: DB, kbId: number): T[] {
  return db.prepare(`SELECT * FROM error_kb_fixes WHERE kb_id = ? ORDER BY ${BEST_ORDER}`).all(kbId) as T[];
}

/** The best candidate fix of an entry. */
export function bestFixRow<T>(db: DB, kbId: number): T | null {
  return (
    (db.prepare(`SELECT * FROM error_kb_fixes WHERE kb_id = ? ORDER BY ${BEST_ORDER} LIMIT 1`).get(kbId) as
      T | undefined) ?? null
  );
}

/** Where a fix was confirmed, most recent first. */
export function fixProjectRows(
  db: DB,
  fixId: number,
): { project_path: string; repo: string | null; confirmations: number; last_ts: string }[] {
  return db
    .prepare(
      `SELECT project_path, repo, confirmations, last_ts FROM error_kb_fix_projects WHERE fix_id = ? ORDER BY last_ts DESC`,
    )
    .all(fixId) as { project_path: string; repo: string | null; confirmations: number; last_ts: string }[];
}

/**
 * Candidate fixes the fix policy has not judged (or judged with an older version), oldest first;
 * with `kbId`, only that entry's.
 */
export function unjudgedFixRows(
  db: DB,
  version: number,
  limit: number,
  kbId?: number,
): { id: number; resolution: string; proof: string }[] {
  return db
    .prepare(
      `SELECT id, resolution, proof FROM error_kb_fixes
       WHERE (policy_version IS NULL OR policy_version != ?) AND (? IS NULL OR kb_id = ?) ORDER BY id LIMIT ?`,
    )
    .all(version, kbId ?? null, kbId ?? null, limit) as { id: number; resolution: string; proof: string }[];
}

/** Stores the fix policy's verdict with a candidate (only if its text is still the one judged). */
export function setFixVerdict(
  db: DB,
  id: number,
  resolution: string,
  v: { cls: string; reason: string; text: string; version: number; rule?: string },
): void {
  db.prepare(
    `UPDATE error_kb_fixes SET policy_class = ?, policy_reason = ?, policy_text = ?, policy_version = ?,
       policy_rule = ? WHERE id = ? AND resolution = ?`,
  ).run(v.cls, v.reason, v.text, v.version, v.rule || null, id, resolution);
}

/** Adds a candidate fix or confirms it again (its text replaced only when `replaceText`). Returns its id. */
export function upsertFix(
  db: DB,
  kbId: number,
  c: {
    fixKey: string;
    resolution: string;
    resolvedBy: string | null;
    toolSequence: string | null;
    proof: string;
    strength: number;
    replaceText: boolean;
  },
  now: string,
): number {
  const row = db
    .prepare(
      `INSERT INTO error_kb_fixes
         (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
       ON CONFLICT(kb_id, fix_key) DO UPDATE SET
         confirmations = confirmations + 1,
         last_ts = excluded.last_ts,
         resolution = CASE WHEN ? THEN excluded.resolution ELSE resolution END,
         resolved_by = CASE WHEN ? THEN excluded.resolved_by ELSE resolved_by END,
         tool_sequence = CASE WHEN ? THEN excluded.tool_sequence ELSE tool_sequence END
       RETURNING id`,
    )
    .get(
      kbId,
      c.fixKey,
      c.resolution,
      c.resolvedBy,
      c.toolSequence,
      c.proof,
      c.strength,
      now,
      now,
      c.replaceText ? 1 : 0,
      c.replaceText ? 1 : 0,
      c.replaceText ? 1 : 0,
    ) as { id: number };
  return row.id;
}

/** Counts one more confirmation of a fix in a project. */
export function confirmFixInProject(
  db: DB,
  fixId: number,
  projectPath: string,
  repo: string | null,
  ts: string,
): void {
  db.prepare(
    `INSERT INTO error_kb_fix_projects (fix_id, project_path, repo, confirmations, last_ts) VALUES (?, ?, ?, 1, ?)
         ON CONFLICT(fix_id, project_path) DO UPDATE SET confirmations = confirmations + 1,
           last_ts = excluded.last_ts, repo = coalesce(excluded.repo, repo)`,
  ).run(fixId, projectPath, repo, ts);
}

/** The fix shown by an entry (error_kb.resolution, resolved_by, tool_sequence). */
export function shownFix(
  db: DB,
  id: number,
): { resolution: string | null; resolved_by: string | null; tool_sequence: string | null } {
  return db.prepare('SELECT resolution, resolved_by, tool_sequence FROM error_kb WHERE id = ?').get(id) as {
    resolution: string | null;
    resolved_by: string | null;
    tool_sequence: string | null;
  };
}

/** Removes every candidate of an entry. */
export function deleteFixes(db: DB, kbId: number): void {
  db.prepare('DELETE FROM error_kb_fixes WHERE kb_id = ?').run(kbId);
}

// ---------------------------------------------------------------- team provenance (src/team)

/** A teammate's confirmations of a fix in one project (error_kb_fix_team). */
