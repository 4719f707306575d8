// Listing and hand-editing the error KB (the `self-gen kb` commands).
import type { DB } from '../db/db.js';
import {
  deleteEntry,
  embeddedAmong,
  embeddedCount,
  entriesByTool,
  getEntry,
  kbTotals,
  learnedEntryCount,
  mostAdvised,
  selectEntries,
  selectEntriesByWords,
  updateEntry,
  type EntryColumns,
} from './db.js';
import { redact, truncate } from '../common/redact.js';
import { clearCandidates, noteForget, recordManualFix } from './candidates.js';
import { errorKey, KEY_VERSION } from './error-key.js';
import { MAX_FIND_WORDS } from './search-options.js';
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
  const rows = selectEntries(db, {
    ...(opts.contains ? { like: `%${opts.contains.replace(/[\\%_]/g, (c) => '\\' + c)}%` } : {}),
    unresolved: !!opts.unresolved,
    sort: opts.sort === 'used' ? 'used' : 'recent',
    limit: opts.limit ?? 20,
  });
  const embedded = embeddedSet(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, embedded: embedded.has(r.id) }));
}

export { MAX_FIND_WORDS };

/** Entries holding any of the words (`kb find`): most words held first (db.ts selectEntriesByWords). */
export function findEntries(
  db: DB,
  words: readonly string[],
  limit = 20,
): (KbEntry & { embedded: boolean })[] {
  const uniq = [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))].slice(
    0,
    MAX_FIND_WORDS,
  );
  const rows = selectEntriesByWords(db, uniq, limit);
  const embedded = embeddedSet(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, embedded: embedded.has(r.id) }));
}

export function embeddedSet(db: DB, ids: number[]): Set<number> {
  if (ids.length === 0 || !embeddingsExist(db)) return new Set();
  return embeddedAmong(db, ids);
}

export { getEntry };

export interface EditFields {
  /** The project the user typed it in (a prose fix is offered there). */
  projectPath?: string;
  /** New error text (normalized unless `normalized` is set). The entry's embedding is dropped. */
  error?: string;
  normalized?: boolean;
  resolution?: string | null;
  resolvedBy?: string | null;
  errorRaw?: string | null;
}

/** Edits an entry; returns the updated entry, or null when it does not exist. Throws on conflicts. */
export async function editEntry(
  db: DB,
  id: number,
  f: EditFields,
  /** Judges the new fix text at once (the fix policy's review); else the worker judges it later. */
  judge?: (db: DB) => Promise<unknown>,
): Promise<KbEntry | null> {
  const cur = getEntry(db, id);
  if (!cur) return null;
  const cols: EntryColumns = {};
  let errorChanged = false;
  if (f.error !== undefined) {
    const n = f.normalized ? f.error.trim() : errorKey(f.error).normalized;
    if (!n) throw new Error('the new error text is empty after normalization');
    if (n !== cur.error_normalized) {
      cols.error_normalized = redact(n);
      cols.key_version = KEY_VERSION;
      errorChanged = true;
    }
  }
  if (f.resolution !== undefined) {
    cols.resolution = f.resolution === null ? null : truncate(redact(f.resolution), 1000);
  }
  if (f.resolvedBy !== undefined) {
    cols.resolved_by = f.resolvedBy === null ? null : redact(f.resolvedBy);
  }
  if (f.errorRaw !== undefined) {
    cols.error_raw = f.errorRaw === null ? null : truncate(redact(f.errorRaw), 2000);
  }
  // `ts` stays: it is when the entry was learned, not when it was last edited.
  if (Object.keys(cols).length) {
    db.transaction(() => {
      updateEntry(db, id, cols);
      // A resolution typed by the user becomes the entry's manual candidate (it outranks learned
      // fixes); clearing it forgets every candidate.
      const now = getEntry(db, id);
      if (f.resolution === null) clearCandidates(db, id);
      else if (now?.resolution && (f.resolution !== undefined || f.resolvedBy !== undefined))
        recordManualFix(
          db,
          id,
          now.resolution,
          now.resolved_by,
          now.tool_sequence,
          new Date(),
          f.projectPath,
        );
    }).immediate();
  }
  // The vector described the old text: the next batch embeds the new one.
  if (errorChanged) await dropEmbedding(db, id);
  // The fix policy judges the new text now (until then it is withheld).
  if (f.resolution && judge) await judge(db);
  return getEntry(db, id);
}

/** Deletes entries (and their embeddings), noted as forgotten for the team store; returns how many existed. */
export async function removeEntries(db: DB, ids: number[]): Promise<number> {
  let n = 0;
  for (const id of ids) {
    noteForget(db, id);
    if (deleteEntry(db, id)) {
      n++;
      await dropEmbedding(db, id);
    }
  }
  return n;
}

export interface KbStats {
  entries: number;
  resolved: number;
  /** Entries with a fix learned from sessions (proven by a later call; typed and legacy fixes not counted). */
  learned: number;
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
  const a = kbTotals(db);
  let embedded = 0;
  if (embeddingsExist(db) !== null) {
    embedded = embeddedCount(db);
  }
  const topUsed = mostAdvised(db);
  const byTool = entriesByTool(db);
  return { ...a, learned: learnedEntryCount(db), embedded, pending: a.entries - embedded, topUsed, byTool };
}
