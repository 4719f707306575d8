// vec_error_kb (sqlite-vec): the entries' embeddings.
import type { DB } from '../../db/db.js';
import { inList } from './params.js';

/** Does sqlite-vec's rowids shadow table exist (readable without loading the extension)? */
export function vecTableExists(db: DB): boolean {
  return !!db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vec_error_kb_rowids'`)
    .get();
}

/** Does any entry have an embedding (vec table must exist)? */
export function anyEmbedding(db: DB): boolean {
  return (db.prepare('SELECT EXISTS(SELECT 1 FROM vec_error_kb_rowids) AS n').get() as { n: number }).n === 1;
}

/** Entries among `ids` that have an embedding (no extension needed). */
export function embeddedAmong(db: DB, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = db
    .prepare(`SELECT rowid AS id FROM vec_error_kb_rowids WHERE rowid IN (${inList(ids)})`)
    .all(...ids) as { id: number }[];
  return new Set(rows.map((r) => r.id));
}

/** How many existing entries have an embedding. */
export function embeddedCount(db: DB): number {
  return (
    db
      .prepare('SELECT count(*) AS n FROM vec_error_kb_rowids WHERE rowid IN (SELECT id FROM error_kb)')
      .get() as {
      n: number;
    }
  ).n;
}

/** The k nearest embeddings with sqlite-vec's cosine distance (sqlite-vec loaded). */
export function nearestEmbeddings(db: DB, blob: Buffer, k: number): { id: number; distance: number }[] {
  return db
    .prepare(
      'SELECT error_kb_id AS id, distance FROM vec_error_kb WHERE embedding MATCH ? AND k = ? ORDER BY distance',
    )
    .all(blob, k) as { id: number; distance: number }[];
}

/** Replaces the embedding of one entry (seed: DELETE then INSERT; sqlite-vec loaded). */
export function replaceEmbedding(db: DB, id: number, blob: Buffer): void {
  db.prepare('DELETE FROM vec_error_kb WHERE error_kb_id = ?').run(BigInt(id));
  db.prepare('INSERT INTO vec_error_kb (error_kb_id, embedding) VALUES (?, ?)').run(BigInt(id), blob);
}

/** Removes the embedding of one entry (sqlite-vec loaded). */
export function deleteEmbedding(db: DB, id: number): void {
  db.prepare('DELETE FROM vec_error_kb WHERE error_kb_id = ?').run(BigInt(id));
}

/** Drops embeddings of deleted entries (they would take KNN slots; sqlite-vec loaded). */
export function deleteOrphanEmbeddings(db: DB): void {
  db.prepare('DELETE FROM vec_error_kb WHERE error_kb_id NOT IN (SELECT id FROM error_kb)').run();
}

const PENDING =
  'SELECT id, error_normalized FROM error_kb WHERE id NOT IN (SELECT error_kb_id FROM vec_error_kb) ORDER BY id';

/** Entries without an embedding, by id (sqlite-vec loaded). */
export function unembeddedEntries(db: DB): { id: number; error_normalized: string }[] {
  return db.prepare(PENDING).all() as { id: number; error_normalized: string }[];
}

/** How many entries have no embedding (sqlite-vec loaded). */
export function unembeddedCount(db: DB): number {
  return (db.prepare(`SELECT count(*) AS n FROM (${PENDING})`).get() as { n: number }).n;
}
