// Deleting old events (the background pruner) and rebuilding the full-text index.

import type { DB } from '../db.js';

/** Ids of the oldest events (before `cutoff` when given), at most `limit`. */
export function oldestEventIds(db: DB, limit: number, cutoff?: string): number[] {
  const rows =
    cutoff === undefined
      ? db.prepare(`SELECT id FROM events ORDER BY ts LIMIT ${Math.floor(limit)}`).all()
      : db.prepare(`SELECT id FROM events WHERE ts < ? ORDER BY ts LIMIT ${Math.floor(limit)}`).all(cutoff);
  return (rows as { id: number }[]).map((r) => r.id);
}
/** Deletes events with their file names and full-text entries, in one transaction. */
export function deleteEvents(db: DB, ids: number[]): void {
  const delFiles = db.prepare('DELETE FROM event_files WHERE event_id = ?');
  const delFts = db.prepare('DELETE FROM events_fts WHERE rowid = ?');
  const delEv = db.prepare('DELETE FROM events WHERE id = ?');
  db.transaction(() => {
    for (const id of ids) {
      delFiles.run(id);
      delFts.run(id);
      delEv.run(id);
    }
  })();
}
/** Refills the contentless events_fts from the string values of each event's data (repair). */
export function refillEventsFts(db: DB): void {
  db.exec(`INSERT INTO events_fts(rowid, text)
        SELECT e.id, group_concat(j.value, ' ') FROM events e, json_tree(e.data) j
        WHERE j.type = 'text' GROUP BY e.id`);
}
