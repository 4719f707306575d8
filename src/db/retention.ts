// Retention: events older than retentionDays are deleted, then the oldest events until the
// database is under maxDbMb. Runs in the background (session-end job, `self-gen prune`).
import type { LoadedConfig } from '../common/config.js';
import { dbSizeBytes, type DB } from './db.js';

export interface PruneResult {
  deletedByAge: number;
  deletedBySize: number;
  skipped: boolean;
}

function deleteIds(db: DB, ids: number[]): void {
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

export function pruneEvents(
  db: DB,
  config: Pick<LoadedConfig, 'retentionDays' | 'maxDbMb'>,
  env: NodeJS.ProcessEnv = process.env,
  opts: { force?: boolean; now?: Date } = {},
): PruneResult {
  const now = opts.now ?? new Date();
  const last = db.prepare(`SELECT value FROM kv WHERE key = 'last_prune'`).get() as
    { value: string } | undefined;
  if (!opts.force && last && now.getTime() - Date.parse(last.value) < 6 * 3600 * 1000) {
    return { deletedByAge: 0, deletedBySize: 0, skipped: true };
  }
  const cutoff = new Date(now.getTime() - config.retentionDays * 86400 * 1000).toISOString();
  let deletedByAge = 0;
  for (;;) {
    const ids = (
      db.prepare('SELECT id FROM events WHERE ts < ? ORDER BY ts LIMIT 2000').all(cutoff) as { id: number }[]
    ).map((r) => r.id);
    if (ids.length === 0) break;
    deleteIds(db, ids);
    deletedByAge += ids.length;
  }
  let deletedBySize = 0;
  const cap = config.maxDbMb * 1024 * 1024;
  if (dbSizeBytes(env) > cap) {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    while (
      (db.pragma('page_count', { simple: true }) as number) * pageSize -
        (db.pragma('freelist_count', { simple: true }) as number) * pageSize >
      cap
    ) {
      const ids = (db.prepare('SELECT id FROM events ORDER BY ts LIMIT 5000').all() as { id: number }[]).map(
        (r) => r.id,
      );
      if (ids.length === 0) break;
      deleteIds(db, ids);
      deletedBySize += ids.length;
    }
    db.exec('VACUUM');
  }
  db.pragma('optimize');
  db.prepare(
    `INSERT INTO kv (key, value) VALUES ('last_prune', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  ).run(now.toISOString());
  return { deletedByAge, deletedBySize, skipped: false };
}
