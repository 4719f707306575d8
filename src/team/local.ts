// The team sync's local state in SQLite: a cursor per member (what was pulled) and what was pushed
// (a digest per row). The only module with SQL on team_cursors and team_pushed.
import type { DB } from '../db/db.js';

export function cursors(db: DB): Map<string, number> {
  const rows = db.prepare('SELECT member, seq FROM team_cursors').all() as { member: string; seq: number }[];
  return new Map(rows.map((r) => [r.member, r.seq]));
}

export function setCursor(db: DB, member: string, seq: number): void {
  db.prepare(
    `INSERT INTO team_cursors (member, seq) VALUES (?, ?)
     ON CONFLICT(member) DO UPDATE SET seq = max(seq, excluded.seq)`,
  ).run(member, seq);
}

export function dropCursor(db: DB, member: string): void {
  db.prepare('DELETE FROM team_cursors WHERE member = ?').run(member);
}

export const pushedKey = (projectId: string, errorKey: string, fixKey: string) =>
  `${projectId}\u0000${errorKey}\u0000${fixKey}`;

/** What the store holds of this machine: row key → digest ('deleted' for a tombstone). */
export function pushedDigests(db: DB): Map<string, string> {
  const rows = db.prepare('SELECT project_id, error_key, fix_key, digest FROM team_pushed').all() as {
    project_id: string;
    error_key: string;
    fix_key: string;
    digest: string;
  }[];
  return new Map(rows.map((r) => [pushedKey(r.project_id, r.error_key, r.fix_key), r.digest]));
}

export function setPushed(
  db: DB,
  rows: readonly { projectId: string; errorKey: string; fixKey: string; digest: string }[],
): void {
  const ins = db.prepare(
    `INSERT INTO team_pushed (project_id, error_key, fix_key, digest) VALUES (?, ?, ?, ?)
     ON CONFLICT(project_id, error_key, fix_key) DO UPDATE SET digest = excluded.digest`,
  );
  for (const r of rows) ins.run(r.projectId, r.errorKey, r.fixKey, r.digest);
}

export function pushedCounts(db: DB): { live: number; tombstones: number } {
  return db
    .prepare(
      `SELECT count(*) FILTER (WHERE digest <> 'deleted') AS live,
              count(*) FILTER (WHERE digest = 'deleted') AS tombstones FROM team_pushed`,
    )
    .get() as { live: number; tombstones: number };
}

/** Another store, or none: nothing pulled or pushed is known there. */
export function clearSyncState(db: DB): void {
  db.prepare('DELETE FROM team_cursors').run();
  db.prepare('DELETE FROM team_pushed').run();
}
