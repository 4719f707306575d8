// Listing and hand-editing the error KB (the `self-gen kb` commands).
import type { DB } from '../db/db.js';
import { redact, truncate } from '../common/redact.js';
import { clearCandidates, recordManualFix } from './candidates.js';
import { errorKey } from './error-key.js';
import type { KbEntry } from './search.js';
import { dropEmbedding, embeddingsExist } from './vector.js';

export interface ListOptions {
  limit?: number;
  /** Order: most used first, or most recent first (default). */
  sort?: 'recent' | 'used';
  /** Substring filter on the normalized or raw error, or the resolution. */
  contains?: string;
  /** Only entries without a resolution (these are never returned by search). */
  unresolved?: boolean;
}

export function listEntries(db: DB, opts: ListOptions = {}): (KbEntry & { embedded: boolean })[] {
  const where: string[] = [];
  const args: unknown[] = [];
  if (opts.contains) {
    where.push(
      `(error_normalized LIKE ? ESCAPE '\\' OR error_raw LIKE ? ESCAPE '\\' OR resolution LIKE ? ESCAPE '\\')`,
    );
    const like = `%${opts.contains.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    args.push(like, like, like);
  }
  if (opts.unresolved) where.push('resolution IS NULL');
  const order = opts.sort === 'used' ? 'use_count DESC, ts DESC' : 'ts DESC, id DESC';
  const rows = db
    .prepare(
      `SELECT * FROM error_kb ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY ${order} LIMIT ?`,
    )
    .all(...args, Math.max(1, opts.limit ?? 20)) as KbEntry[];
  const embedded = embeddedSet(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, embedded: embedded.has(r.id) }));
}

function embeddedSet(db: DB, ids: number[]): Set<number> {
  if (ids.length === 0 || !embeddingsExist(db)) return new Set();
  const rows = db
    .prepare(`SELECT rowid AS id FROM vec_error_kb_rowids WHERE rowid IN (${ids.map(() => '?').join(',')})`)
    .all(...ids) as { id: number }[];
  return new Set(rows.map((r) => r.id));
}

export function getEntry(db: DB, id: number): KbEntry | null {
  return (db.prepare('SELECT * FROM error_kb WHERE id = ?').get(id) as KbEntry | undefined) ?? null;
}

export interface EditFields {
  /** New error text (normalized unless `normalized` is set). The entry's embedding is dropped. */
  error?: string;
  normalized?: boolean;
  resolution?: string | null;
  resolvedBy?: string | null;
  errorRaw?: string | null;
}

/** Edits an entry; returns the updated entry, or null when it does not exist. Throws on conflicts. */
export async function editEntry(db: DB, id: number, f: EditFields): Promise<KbEntry | null> {
  const cur = getEntry(db, id);
  if (!cur) return null;
  const sets: string[] = [];
  const args: unknown[] = [];
  let errorChanged = false;
  if (f.error !== undefined) {
    const n = f.normalized ? f.error.trim() : errorKey(f.error).normalized;
    if (!n) throw new Error('the new error text is empty after normalization');
    if (n !== cur.error_normalized) {
      sets.push('error_normalized = ?');
      args.push(redact(n));
      errorChanged = true;
    }
  }
  if (f.resolution !== undefined) {
    sets.push('resolution = ?');
    args.push(f.resolution === null ? null : truncate(redact(f.resolution), 1000));
  }
  if (f.resolvedBy !== undefined) {
    sets.push('resolved_by = ?');
    args.push(f.resolvedBy === null ? null : redact(f.resolvedBy));
  }
  if (f.errorRaw !== undefined) {
    sets.push('error_raw = ?');
    args.push(f.errorRaw === null ? null : truncate(redact(f.errorRaw), 2000));
  }
  if (sets.length) {
    sets.push('ts = ?');
    args.push(new Date().toISOString());
    db.transaction(() => {
      db.prepare(`UPDATE error_kb SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
      // A resolution typed by the user becomes the entry's manual candidate (it outranks learned
      // fixes); clearing it forgets every candidate.
      const now = getEntry(db, id);
      if (f.resolution === null) clearCandidates(db, id);
      else if (now?.resolution && (f.resolution !== undefined || f.resolvedBy !== undefined))
        recordManualFix(db, id, now.resolution, now.resolved_by, now.tool_sequence);
    }).immediate();
  }
  // The vector described the old text: the next batch embeds the new one.
  if (errorChanged) await dropEmbedding(db, id);
  return getEntry(db, id);
}

/** Deletes entries (and their embeddings); returns how many existed. */
export async function removeEntries(db: DB, ids: number[]): Promise<number> {
  let n = 0;
  for (const id of ids) {
    const r = db.prepare('DELETE FROM error_kb WHERE id = ?').run(id);
    if (r.changes > 0) {
      n++;
      await dropEmbedding(db, id);
    }
  }
  return n;
}

export interface KbStats {
  entries: number;
  resolved: number;
  embedded: number;
  pending: number;
  totalUses: number;
  lastUsed: string | null;
  newest: string | null;
  topUsed: { id: number; use_count: number; error_normalized: string }[];
  byTool: { resolved_by: string | null; n: number }[];
}

export function kbStats(db: DB): KbStats {
  // Lookups answered: advice actually given (error-kb/advice.ts counts it), not use_count, which the
  // seed's UPSERT starts at 1 and bumps on every record.
  const a = db
    .prepare(
      `SELECT count(*) AS entries, count(resolution) AS resolved,
              (SELECT coalesce(sum(answered), 0) FROM error_kb_lookups WHERE kb_id IN (SELECT id FROM error_kb)) AS totalUses,
              (SELECT max(last_ts) FROM error_kb_lookups WHERE kb_id IN (SELECT id FROM error_kb)) AS lastUsed,
              max(ts) AS newest FROM error_kb`,
    )
    .get() as {
    entries: number;
    resolved: number;
    totalUses: number;
    lastUsed: string | null;
    newest: string | null;
  };
  let embedded = 0;
  if (embeddingsExist(db) !== null) {
    embedded = (
      db
        .prepare('SELECT count(*) AS n FROM vec_error_kb_rowids WHERE rowid IN (SELECT id FROM error_kb)')
        .get() as { n: number }
    ).n;
  }
  const topUsed = db
    .prepare(
      `SELECT e.id, l.answered AS use_count, e.error_normalized FROM error_kb_lookups l
       JOIN error_kb e ON e.id = l.kb_id WHERE l.answered > 0 ORDER BY l.answered DESC, e.ts DESC LIMIT 5`,
    )
    .all() as KbStats['topUsed'];
  const byTool = db
    .prepare('SELECT resolved_by, count(*) AS n FROM error_kb GROUP BY resolved_by ORDER BY n DESC LIMIT 10')
    .all() as KbStats['byTool'];
  return { ...a, embedded, pending: a.entries - embedded, topUsed, byTool };
}
