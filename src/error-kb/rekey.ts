// The key-version pass: entries and events whose key an older KEY_VERSION computed get the key of
// this version, recomputed from the raw error they keep, through errorKey (the one definition).
// Runs after each session (session-end step `kb-rekey`, in the worker, before `kb-embed`), in
// batches: a large store is finished over several sessions, and a hook never waits for it.
//
// - error_kb: key and signature recomputed from error_raw; an entry whose new key another entry
//   already has is merged into it (candidates.ts mergeEntries); its embedding is dropped, so
//   `kb-embed` embeds the new key. An entry without a raw error keeps its key (nothing to
//   recompute from) and is marked current.
// - events: a tool_error's `error` recomputed from its `errorRaw`; a resolution takes the key of
//   the tool_error it resolved. A cursor in kv (`kb-rekey`) remembers how far the pass got.
// - the team store follows: the next push sends the new keys and tombstones the old ones
//   (team/sync.ts compares with what was pushed). A teammate's row pulled with a key their version
//   computed is stored stale (candidates.ts recordTeamFix): this pass gives it this version's key
//   and merges it into the local entry, the teammates' confirmations kept (store/entries.ts
//   mergeEntryInto).
import type { DB } from '../db/db.js';
import { kvGet, kvSet } from '../db/kv.js';
import { keyedEventsAfter, setEventKey, toolErrorKey } from '../db/events/errors.js';
import { parseEventData } from '../db/events/read.js';
import { deleteEmbedding, entryIdOf, setEntryKey, staleKeyEntries, vecTableExists } from './db.js';
import { errorKey, KEY_VERSION, storedSignature } from './error-key.js';
import { mergeEntries } from './candidates.js';

export interface RekeyReport {
  /** Entries given a new key. */
  rekeyed: number;
  /** Entries merged into the entry that already had their new key. */
  merged: number;
  /** Entries whose key stayed (same key, or no raw error to recompute it from). */
  kept: number;
  /** Events given a new key. */
  events: number;
  /** Events looked at (a full batch: more may follow). */
  eventsSeen: number;
}

/** Drops an entry's embedding (its key changed); a store without sqlite-vec has none. */
function dropEmbedding(db: DB, id: number): void {
  try {
    if (vecTableExists(db)) deleteEmbedding(db, id);
  } catch {
    // sqlite-vec not loaded in this process: kb-embed's orphan sweep cannot see it either; the
    // vector stays until the next embed of this entry
  }
}

/** Re-keys at most `limit` entries of an older key version. */
export function rekeyEntries(
  db: DB,
  limit: number,
  now = new Date(),
): Omit<RekeyReport, 'events' | 'eventsSeen'> {
  const r = { rekeyed: 0, merged: 0, kept: 0 };
  for (const e of staleKeyEntries(db, KEY_VERSION, limit)) {
    const key = e.error_raw ? errorKey(e.error_raw).normalized : '';
    const lines = e.error_raw ? storedSignature(e.error_raw) : null;
    if (!key || key === e.error_normalized) {
      setEntryKey(db, e.id, e.error_normalized, KEY_VERSION, key ? lines : null);
      r.kept++;
      continue;
    }
    const other = entryIdOf(db, key);
    dropEmbedding(db, e.id);
    if (other !== undefined && other !== e.id) {
      mergeEntries(db, e.id, other, now);
      r.merged++;
    } else {
      setEntryKey(db, e.id, key, KEY_VERSION, lines);
      r.rekeyed++;
    }
  }
  return r;
}

const CURSOR = 'kb-rekey';

/** Re-keys at most `limit` tool_error and resolution events after the kv cursor. */
export function rekeyEvents(db: DB, limit: number): { events: number; eventsSeen: number } {
  let cursor = { version: KEY_VERSION, eventId: 0 };
  try {
    const c = JSON.parse(kvGet(db, CURSOR) ?? 'null') as typeof cursor | null;
    if (c && c.version === KEY_VERSION && Number.isInteger(c.eventId)) cursor = c;
  } catch {
    // a damaged cursor: start over (re-keying is idempotent)
  }
  let changed = 0;
  const batch = keyedEventsAfter(db, cursor.eventId, limit);
  for (const ev of batch) {
    cursor.eventId = ev.id;
    const d = parseEventData<'tool_error'>(ev.data) as {
      error?: string;
      errorRaw?: string;
      keyVersion?: number;
    };
    if (d.keyVersion === KEY_VERSION) continue;
    let key: string | null = null;
    if (ev.type === 'tool_error') key = d.errorRaw ? errorKey(d.errorRaw).normalized || null : null;
    else {
      const id = (parseEventData<'resolution'>(ev.data) as { errorEventId?: number }).errorEventId;
      key = typeof id === 'number' ? toolErrorKey(db, id) : null;
    }
    setEventKey(db, ev.id, key ?? d.error ?? '', KEY_VERSION);
    if (key !== null && key !== d.error) changed++;
  }
  kvSet(db, CURSOR, JSON.stringify(cursor));
  return { events: changed, eventsSeen: batch.length };
}

/** One batch of both (inside one transaction each). */
export function rekeyPass(db: DB, limit = 2000, now = new Date()): RekeyReport {
  const entries = db.transaction(() => rekeyEntries(db, limit, now)).immediate();
  const events = db.transaction(() => rekeyEvents(db, limit)).immediate();
  return { ...entries, ...events };
}
