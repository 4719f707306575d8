// The kv table (small state: analysis state and leases, last prune…). The only module with SQL on it.
import type { DB } from './db.js';

export function kvGet(db: DB, key: string): string | null {
  const row = db.prepare('SELECT value FROM kv WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? row.value : null;
}

export function kvSet(db: DB, key: string, value: string): void {
  db.prepare(
    `INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  ).run(key, value);
}

/**
 * Stores a JSON lease unless a valid one (`$.expires` at or after `nowIso`) is there: one atomic
 * UPSERT. True when it was stored.
 */
export function kvTakeLease(db: DB, key: string, value: string, nowIso: string): boolean {
  return (
    db
      .prepare(
        `INSERT INTO kv (key, value) VALUES (?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value
     WHERE json_valid(kv.value) = 0 OR json_extract(kv.value, '$.expires') < ?`,
      )
      .run(key, value, nowIso).changes === 1
  );
}

/** Replaces a JSON lease only while it still holds `token`. True when replaced. */
export function kvSwapLease(db: DB, key: string, value: string, token: string): boolean {
  return (
    db
      .prepare(`UPDATE kv SET value = ? WHERE key = ? AND json_extract(value, '$.token') = ?`)
      .run(value, key, token).changes === 1
  );
}

/** Deletes a JSON lease only while it still holds `token`. */
export function kvDropLease(db: DB, key: string, token: string): void {
  db.prepare(`DELETE FROM kv WHERE key = ? AND json_extract(value, '$.token') = ?`).run(key, token);
}

/** Deletes the JSON values under a key prefix whose `path` field (a time) is before `beforeIso`. */
export function kvDeleteOlder(db: DB, prefix: string, path: string, beforeIso: string): void {
  db.prepare(`DELETE FROM kv WHERE substr(key, 1, ?) = ? AND json_extract(value, ?) < ?`).run(
    prefix.length,
    prefix,
    path,
    beforeIso,
  );
}

/** Deletes one key. */
export function kvDelete(db: DB, key: string): void {
  db.prepare('DELETE FROM kv WHERE key = ?').run(key);
}

/** The keys and values under a key prefix, in key order. */
export function kvList(db: DB, prefix: string): { key: string; value: string }[] {
  return db
    .prepare('SELECT key, value FROM kv WHERE substr(key, 1, ?) = ? ORDER BY key')
    .all(prefix.length, prefix) as { key: string; value: string }[];
}
