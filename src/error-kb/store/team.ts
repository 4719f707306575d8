// The team provenance tables (error_kb_fix_team, error_kb_forgotten, error_kb_team_projects; src/team
// fills them) and this machine's proven fixes the team store may receive.
import type { DB } from '../../db/db.js';
import { stmt } from '../../db/events/write.js';
import type { upsertFix } from './fixes.js';

export interface TeamConfirmation {
  member: string;
  machine: string;
  project_id: string;
  project_name: string;
  confirmations: number;
  last_ts: string;
  updated_at: string;
}

/** Teammates' confirmations of a fix (hook path: indexed by the primary key). */
export function fixTeamRows(db: DB, fixId: number): TeamConfirmation[] {
  return stmt(
    db,
    `SELECT member, machine, project_id, project_name, confirmations, last_ts, updated_at
     FROM error_kb_fix_team WHERE fix_id = ? ORDER BY last_ts DESC`,
  ).all(fixId) as TeamConfirmation[];
}

/** The team identity of a local project folder (recorded by the last sync), or null. */
export function teamProjectId(db: DB, projectPath: string): string | null {
  return (
    (
      stmt(db, 'SELECT project_id FROM error_kb_team_projects WHERE project_path = ?').get(projectPath) as
        { project_id: string } | undefined
    )?.project_id ?? null
  );
}

/** Records the team identities of local project folders. */
export function setTeamProjects(
  db: DB,
  rows: readonly { projectPath: string; projectId: string; name: string }[],
): void {
  const ins = stmt(
    db,
    `INSERT INTO error_kb_team_projects (project_path, project_id, name) VALUES (?, ?, ?)
     ON CONFLICT(project_path) DO UPDATE SET project_id = excluded.project_id, name = excluded.name`,
  );
  for (const r of rows) ins.run(r.projectPath, r.projectId, r.name);
}

/** Local project folders whose team identity is known. */
export function teamProjectRows(db: DB): { project_path: string; project_id: string; name: string }[] {
  return stmt(db, 'SELECT project_path, project_id, name FROM error_kb_team_projects').all() as {
    project_path: string;
    project_id: string;
    name: string;
  }[];
}

/** The local project folders a fix was confirmed in, and the distinct folders of the KB. */
export function fixProjectPaths(db: DB): string[] {
  return (
    stmt(db, 'SELECT DISTINCT project_path FROM error_kb_fix_projects').all() as { project_path: string }[]
  ).map((r) => r.project_path);
}

/** The candidate of an entry with this fix key. */
export function fixIdOf(db: DB, kbId: number, fixKey: string): number | undefined {
  return (
    stmt(db, 'SELECT id FROM error_kb_fixes WHERE kb_id = ? AND fix_key = ?').get(kbId, fixKey) as
      { id: number } | undefined
  )?.id;
}

/**
 * A candidate pulled from the team: created with no local confirmation, or, when it exists, made
 * stronger (never weaker) by the teammate's proof; its text stays the local one. Returns its id.
 */
export function upsertTeamFix(
  db: DB,
  kbId: number,
  c: Omit<Parameters<typeof upsertFix>[2], 'replaceText'> & { firstTs: string },
): number {
  const row = stmt(
    db,
    `INSERT INTO error_kb_fixes
         (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
       ON CONFLICT(kb_id, fix_key) DO UPDATE SET
         proof = CASE WHEN excluded.strength > strength THEN excluded.proof ELSE proof END,
         strength = max(strength, excluded.strength)
       RETURNING id`,
  ).get(
    kbId,
    c.fixKey,
    c.resolution,
    c.resolvedBy,
    c.toolSequence,
    c.proof,
    c.strength,
    c.firstTs,
    c.firstTs,
  ) as {
    id: number;
  };
  return row.id;
}

/** Sets (never adds) a teammate's confirmations of a fix in one project: a pull applied twice is a no-op. */
export function setFixTeam(db: DB, fixId: number, r: TeamConfirmation): void {
  stmt(
    db,
    `INSERT INTO error_kb_fix_team
       (fix_id, member, machine, project_id, project_name, confirmations, last_ts, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(fix_id, member, machine, project_id) DO UPDATE SET
       project_name = excluded.project_name, confirmations = excluded.confirmations,
       last_ts = excluded.last_ts, updated_at = excluded.updated_at`,
  ).run(fixId, r.member, r.machine, r.project_id, r.project_name, r.confirmations, r.last_ts, r.updated_at);
}

/** Removes one teammate's confirmations of a fix in one project. */
export function deleteFixTeam(
  db: DB,
  fixId: number,
  member: string,
  machine: string,
  projectId: string,
): void {
  stmt(
    db,
    'DELETE FROM error_kb_fix_team WHERE fix_id = ? AND member = ? AND machine = ? AND project_id = ?',
  ).run(fixId, member, machine, projectId);
}

/** Removes teammates' confirmations of an entry's fixes last changed at or before `ts` (a forget). */
export function deleteTeamRowsOfEntry(db: DB, kbId: number, ts: string): void {
  stmt(
    db,
    `DELETE FROM error_kb_fix_team WHERE updated_at <= ?
       AND fix_id IN (SELECT id FROM error_kb_fixes WHERE kb_id = ?)`,
  ).run(ts, kbId);
}

/** Removes every confirmation of a member (muted); returns the entries it touched. */
export function deleteMemberTeamRows(db: DB, member: string): number[] {
  const ids = (
    stmt(
      db,
      `SELECT DISTINCT f.kb_id FROM error_kb_fix_team t JOIN error_kb_fixes f ON f.id = t.fix_id WHERE t.member = ?`,
    ).all(member) as { kb_id: number }[]
  ).map((r) => r.kb_id);
  stmt(db, 'DELETE FROM error_kb_fix_team WHERE member = ?').run(member);
  return ids;
}

/** Drops an entry's candidates that only the team gave and no teammate confirms any more. */
export function dropOrphanTeamFixes(db: DB, kbId: number): void {
  stmt(
    db,
    `DELETE FROM error_kb_fixes WHERE kb_id = ? AND confirmations = 0 AND proof <> 'manual'
       AND NOT EXISTS (SELECT 1 FROM error_kb_fix_projects p WHERE p.fix_id = error_kb_fixes.id)
       AND NOT EXISTS (SELECT 1 FROM error_kb_fix_team t WHERE t.fix_id = error_kb_fixes.id)`,
  ).run(kbId);
}

/** Confirmations of fixes by the team, in all (`team status`). */
export function teamTotals(db: DB): { fixes: number; members: number; confirmations: number } {
  return stmt(
    db,
    `SELECT count(DISTINCT fix_id) AS fixes, count(DISTINCT member) AS members,
              coalesce(sum(confirmations), 0) AS confirmations FROM error_kb_fix_team`,
  ).get() as { fixes: number; members: number; confirmations: number };
}

/** When an error was last forgotten here (`kb rm`), or null. */
export function forgottenAt(db: DB, key: string): string | null {
  return (
    (stmt(db, 'SELECT ts FROM error_kb_forgotten WHERE error_key = ?').get(key) as { ts: string } | undefined)
      ?.ts ?? null
  );
}

/** Records a forget (the latest time wins); `pushed` = it came from the team, nothing to push. */
export function markForgotten(db: DB, key: string, ts: string, pushed = false): void {
  stmt(
    db,
    `INSERT INTO error_kb_forgotten (error_key, ts, pushed) VALUES (?, ?, ?)
     ON CONFLICT(error_key) DO UPDATE SET ts = max(ts, excluded.ts),
       pushed = CASE WHEN excluded.ts >= ts THEN excluded.pushed ELSE pushed END`,
  ).run(key, ts, pushed ? 1 : 0);
}

/** Forgets made here and not pushed yet. */
export function unpushedForgets(db: DB): { error_key: string; ts: string }[] {
  return stmt(db, 'SELECT error_key, ts FROM error_kb_forgotten WHERE pushed = 0 ORDER BY ts').all() as {
    error_key: string;
    ts: string;
  }[];
}

/** A forget reached the team store; its time becomes the store's. */
export function forgetPushed(db: DB, key: string, localTs: string, storeTs: string): void {
  stmt(db, 'UPDATE error_kb_forgotten SET pushed = 1, ts = max(ts, ?) WHERE error_key = ? AND ts = ?').run(
    storeTs,
    key,
    localTs,
  );
}

/** This machine's own proven fixes, per project folder (what the team store may receive). */
export interface LocalFixRow {
  error_key: string;
  error_raw: string | null;
  fix_key: string;
  resolution: string;
  resolved_by: string | null;
  tool_sequence: string | null;
  proof: string;
  strength: number;
  first_ts: string;
  project_path: string;
  confirmations: number;
  last_ts: string;
}

export function localProvenFixes(db: DB): LocalFixRow[] {
  return stmt(
    db,
    `SELECT e.error_normalized AS error_key, e.error_raw, f.fix_key, f.resolution, f.resolved_by,
              f.tool_sequence, f.proof, f.strength, f.first_ts, p.project_path, p.confirmations, p.last_ts
       FROM error_kb_fix_projects p JOIN error_kb_fixes f ON f.id = p.fix_id JOIN error_kb e ON e.id = f.kb_id
       WHERE f.proof NOT IN ('legacy', 'manual') ORDER BY e.id, f.id`,
  ).all() as LocalFixRow[];
}

// ---------------------------------------------------------------- error_kb_lookups

/** Counts one lookup answered with advice (in project folder `project`, when known; `team`: the fix came from a teammate). */
