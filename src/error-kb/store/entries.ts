// error_kb (and its FTS index error_kb_fts / error_kb_vocab): the entries — lookups, writes, key versions.
import type { DB } from '../../db/db.js';
import { stmt } from '../../db/events/write.js';
import type { KbEntry } from '../entry.js';
import { KEY_VERSION } from '../error-key.js';
import { inList } from './params.js';

// ---------------------------------------------------------------- error_kb: lookups

/**
 * The exact tier: the entry of exactly this normalized error that has a resolution (indexed:
 * error_normalized is unique). Every exact lookup (search, PreToolUse, SubagentStart, analysis)
 * goes through here.
 */
export function exactEntry(db: DB, normalized: string): KbEntry | null {
  return (
    (stmt(
      db,
      `SELECT * FROM error_kb WHERE error_normalized = ? AND resolution IS NOT NULL ORDER BY use_count DESC, ts DESC LIMIT 1`,
    ).get(normalized) as KbEntry | undefined) ?? null
  );
}

/**
 * The matcher's prefix candidates (at most 10, most used first): entries with a resolution whose error starts with
 * `likePattern` (the seed's LIKE), found through a range on lower(error_normalized) ([low, high))
 * so the index idx_error_kb_lower serves it (LIKE folds ASCII case just as lower() does).
 */
export function prefixEntries(db: DB, low: string, high: string, likePattern: string): KbEntry[] {
  return stmt(
    db,
    `SELECT * FROM error_kb
  WHERE lower(error_normalized) >= ? AND lower(error_normalized) < ?
    AND error_normalized LIKE ? ESCAPE '\\' AND resolution IS NOT NULL
  ORDER BY use_count DESC, ts DESC LIMIT 10`,
  ).all(low, high, likePattern) as KbEntry[];
}

/** Entries among `ids` that have a resolution (any order). */
export function resolvedEntries(db: DB, ids: number[]): KbEntry[] {
  if (ids.length === 0) return [];
  return db
    .prepare(`SELECT * FROM error_kb WHERE id IN (${inList(ids)}) AND resolution IS NOT NULL`)
    .all(...ids) as KbEntry[];
}

/** The best full-text (BM25) candidates with a resolution for an FTS5 query, best first. */
export function ftsCandidates(db: DB, match: string, limit: number): (KbEntry & { bm25: number })[] {
  return db
    .prepare(
      `SELECT e.*, bm25(error_kb_fts) AS bm25 FROM error_kb_fts f JOIN error_kb e ON e.id = f.rowid
       WHERE error_kb_fts MATCH ? AND e.resolution IS NOT NULL ORDER BY rank LIMIT ${Math.max(1, Math.floor(limit))}`,
    )
    .all(match) as (KbEntry & { bm25: number })[];
}

/** In how many entries each word occurs (FTS5 vocabulary, both columns; one indexed look-up a word). */
export function kbDocFreq(db: DB, words: string[]): Map<string, number> {
  const q = stmt(db, 'SELECT doc FROM error_kb_vocab WHERE term = ?');
  const out = new Map<string, number>();
  for (const w of words) {
    const r = q.get(w) as { doc: number } | undefined;
    if (r) out.set(w, r.doc);
  }
  return out;
}

/** How many entries the KB holds. */
export function kbSize(db: DB): number {
  return (stmt(db, 'SELECT count(*) AS n FROM error_kb').get() as { n: number }).n;
}

/** A hit: bumps use_count and last_used (the seed). */
export function bumpUse(db: DB, id: number, now = new Date()): void {
  db.prepare('UPDATE error_kb SET use_count = use_count + 1, last_used = ? WHERE id = ?').run(
    now.toISOString(),
    id,
  );
}

export function getEntry(db: DB, id: number): KbEntry | null {
  return (db.prepare('SELECT * FROM error_kb WHERE id = ?').get(id) as KbEntry | undefined) ?? null;
}

/** The id of the entry of exactly this key (with or without a resolution). */
export function entryIdOf(db: DB, key: string): number | undefined {
  return (
    db.prepare('SELECT id FROM error_kb WHERE error_normalized = ?').get(key) as { id: number } | undefined
  )?.id;
}

/** The version of an entry's key (error_kb.key_version), or undefined when there is no such entry. */
export function entryKeyVersion(db: DB, id: number): number | undefined {
  return (
    stmt(db, 'SELECT key_version FROM error_kb WHERE id = ?').get(id) as { key_version: number } | undefined
  )?.key_version;
}

/** The raw error text stored with an entry. */
export function entryErrorRaw(db: DB, id: number): string | null {
  return (
    (
      db.prepare('SELECT error_raw FROM error_kb WHERE id = ?').get(id) as
        { error_raw: string | null } | undefined
    )?.error_raw ?? null
  );
}

/** Entries, newest first (or most used first), optionally filtered by a LIKE pattern / unresolved. */
export function selectEntries(
  db: DB,
  o: { like?: string; unresolved?: boolean; sort?: 'used' | 'recent'; limit: number },
): KbEntry[] {
  const where: string[] = [];
  const args: unknown[] = [];
  if (o.like !== undefined) {
    where.push(
      `(error_normalized LIKE ? ESCAPE '\\' OR error_raw LIKE ? ESCAPE '\\' OR resolution LIKE ? ESCAPE '\\')`,
    );
    args.push(o.like, o.like, o.like);
  }
  if (o.unresolved) where.push('resolution IS NULL');
  const order = o.sort === 'used' ? 'use_count DESC, ts DESC' : 'ts DESC, id DESC';
  return db
    .prepare(
      `SELECT * FROM error_kb ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY ${order} LIMIT ?`,
    )
    .all(...args, Math.max(1, o.limit)) as KbEntry[];
}

/**
 * Entries holding any of `words` (case-insensitive, in the normalized or raw error or the
 * resolution): those holding the most of them first, then the most used, then the newest.
 */
export function selectEntriesByWords(db: DB, words: readonly string[], limit: number): KbEntry[] {
  if (words.length === 0) return [];
  const one = `(error_normalized LIKE ? ESCAPE '\\' OR error_raw LIKE ? ESCAPE '\\' OR resolution LIKE ? ESCAPE '\\')`;
  const hits = words.map(() => `(CASE WHEN ${one} THEN 1 ELSE 0 END)`).join(' + ');
  const args = words.flatMap((w) => {
    const like = `%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    return [like, like, like];
  });
  return db
    .prepare(
      `SELECT * FROM (SELECT *, ${hits} AS hits FROM error_kb) WHERE hits > 0
         ORDER BY hits DESC, use_count DESC, ts DESC, id DESC LIMIT ?`,
    )
    .all(...args, Math.max(1, limit))
    .map((r) => {
      const { hits: _hits, ...entry } = r as KbEntry & { hits: number };
      return entry as KbEntry;
    });
}

/** id, error and resolution of entries: most used first (`kb calibrate`) or newest first (`kb review`). */
export function entrySample(
  db: DB,
  o: { order: 'used' | 'recent'; limit: number },
): { id: number; error_normalized: string; resolution: string | null }[] {
  return (
    o.order === 'used'
      ? db
          .prepare(
            'SELECT id, error_normalized, resolution FROM error_kb ORDER BY use_count DESC, id DESC LIMIT ?',
          )
          .all(o.limit)
      : db
          .prepare('SELECT id, error_normalized, resolution FROM error_kb ORDER BY ts DESC, id DESC LIMIT ?')
          .all(o.limit)
  ) as { id: number; error_normalized: string; resolution: string | null }[];
}

/** Entries whose error names a file called `name` (full-text), with a resolution, best first. */
export function entriesNamingFile(
  db: DB,
  name: string,
  limit: number,
): { id: number; error_normalized: string }[] {
  return db
    .prepare(
      `SELECT k.id, k.error_normalized FROM error_kb_fts f JOIN error_kb k ON k.id = f.rowid
             WHERE error_kb_fts MATCH ? AND k.resolution IS NOT NULL ORDER BY rank LIMIT ?`,
    )
    .all(`"${name.replace(/"/g, '')}"`, limit) as { id: number; error_normalized: string }[];
}

// ---------------------------------------------------------------- error_kb: writes

/** The seed's UPSERT: creates the entry or refreshes its resolution (use_count + 1). Returns its id. */
export function upsertEntry(
  db: DB,
  e: {
    ts: string;
    key: string;
    errorRaw: string | null;
    resolution: string | null;
    resolvedBy: string | null;
    toolSequence: string | null;
    /** The signature lines (errorSignature of the whole raw output), one a line. */
    errorLines?: string | null;
    /** The version of `key` (default KEY_VERSION; lower: the rekey pass recomputes it). */
    keyVersion?: number;
  },
): number | null {
  const row = db
    .prepare(
      `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count, error_lines, key_version)
VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)
ON CONFLICT(error_normalized) DO UPDATE SET
  ts = excluded.ts,
  key_version = excluded.key_version,
  error_lines = coalesce(error_lines, excluded.error_lines),
  resolution = excluded.resolution,
  resolved_by = excluded.resolved_by,
  tool_sequence = excluded.tool_sequence,
  use_count = use_count + 1
RETURNING id`,
    )
    .get(
      e.ts,
      e.key,
      e.errorRaw,
      e.resolution,
      e.resolvedBy,
      e.toolSequence,
      e.errorLines ?? null,
      e.keyVersion ?? KEY_VERSION,
    ) as { id: number } | undefined;
  return row?.id ?? null;
}

/** The columns `kb edit` may change. */
export interface EntryColumns {
  error_normalized?: string;
  resolution?: string | null;
  resolved_by?: string | null;
  error_raw?: string | null;
  ts?: string;
  key_version?: number;
}

const EDITABLE: readonly (keyof EntryColumns)[] = [
  'error_normalized',
  'resolution',
  'resolved_by',
  'error_raw',
  'ts',
  'key_version',
];

/** Sets some columns of one entry. */
export function updateEntry(db: DB, id: number, cols: EntryColumns): void {
  const keys = EDITABLE.filter((k) => cols[k] !== undefined);
  if (keys.length === 0) return;
  db.prepare(`UPDATE error_kb SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(
    ...keys.map((k) => cols[k]),
    id,
  );
}

// ---------------------------------------------------------------- error_kb: key versions (rekey.ts)

/** Entries whose key is of a version older than `version`, by id. */
export function staleKeyEntries(
  db: DB,
  version: number,
  limit: number,
): { id: number; error_normalized: string; error_raw: string | null }[] {
  return db
    .prepare('SELECT id, error_normalized, error_raw FROM error_kb WHERE key_version < ? ORDER BY id LIMIT ?')
    .all(version, limit) as { id: number; error_normalized: string; error_raw: string | null }[];
}

/** Gives an entry its key of `version` (and the signature computed with it, when there is one). */
export function setEntryKey(db: DB, id: number, key: string, version: number, lines: string | null): void {
  db.prepare(
    'UPDATE error_kb SET error_normalized = ?, key_version = ?, error_lines = coalesce(?, error_lines) WHERE id = ?',
  ).run(key, version, lines, id);
}

/** The id of entry `to`'s fix with the fix key of the row's fix (`fix_id`), inside an UPDATE. */
const TWIN = `(SELECT t.id FROM error_kb_fixes t JOIN error_kb_fixes f ON f.fix_key = t.fix_key
  WHERE t.kb_id = ? AND f.id = fix_id)`;

/**
 * Entry `from` has the key of entry `to` now: its candidate fixes, its uses and its lookups go to
 * `to`, then `from` is deleted (the rest by trigger). A fix both have stays `to`'s, with the
 * confirmations of both (its count, its projects, its teammates: a pulled teammate's fix keyed by
 * another key version keeps who confirmed it).
 */
export function mergeEntryInto(db: DB, from: number, to: number): void {
  db.prepare(
    `UPDATE error_kb_fixes SET confirmations = confirmations + coalesce((SELECT f.confirmations
       FROM error_kb_fixes f WHERE f.kb_id = ? AND f.fix_key = error_kb_fixes.fix_key), 0) WHERE kb_id = ?`,
  ).run(from, to);
  for (const table of ['error_kb_fix_projects', 'error_kb_fix_team'])
    db.prepare(
      `UPDATE OR IGNORE ${table} SET fix_id = ${TWIN}
       WHERE fix_id IN (SELECT id FROM error_kb_fixes WHERE kb_id = ?) AND ${TWIN} IS NOT NULL`,
    ).run(to, from, to);
  db.prepare('UPDATE OR IGNORE error_kb_fixes SET kb_id = ? WHERE kb_id = ?').run(to, from);
  db.prepare(
    `UPDATE error_kb SET use_count = coalesce(use_count, 0) +
       coalesce((SELECT use_count FROM error_kb WHERE id = ?), 0) WHERE id = ?`,
  ).run(from, to);
  db.prepare('UPDATE OR IGNORE error_kb_lookups SET kb_id = ? WHERE kb_id = ?').run(to, from);
  db.prepare('DELETE FROM error_kb WHERE id = ?').run(from);
}

/** Deletes one entry (its candidates and lookups go by trigger). True when it existed. */
export function deleteEntry(db: DB, id: number): boolean {
  return db.prepare('DELETE FROM error_kb WHERE id = ?').run(id).changes > 0;
}
