// Retention: events older than retentionDays are deleted, then the oldest events until the
// database is under maxDbMb. Runs in the background (session-end job, `self-gen prune`).
import type { LoadedConfig } from '../common/config.js';
import { dbSizeBytes, type DB } from './db.js';
import { deleteEvents } from './events/retention.js';
import { oldestEventIds } from './events/retention.js';
import { kvGet, kvSet } from './kv.js';

export interface PruneResult {
  deletedByAge: number;
  deletedBySize: number;
  skipped: boolean;
}

export function pruneEvents(
  db: DB,
  config: Pick<LoadedConfig, 'retentionDays' | 'maxDbMb'>,
  env: NodeJS.ProcessEnv = process.env,
  opts: { force?: boolean; now?: Date } = {},
): PruneResult {
  const now = opts.now ?? new Date();
  const last = kvGet(db, 'last_prune');
  if (!opts.force && last !== null && now.getTime() - Date.parse(last) < 6 * 3600 * 1000) {
    return { deletedByAge: 0, deletedBySize: 0, skipped: true };
  }
  const cutoff = new Date(now.getTime() - config.retentionDays * 86400 * 1000).toISOString();
  let deletedByAge = 0;
  for (;;) {
    const ids = oldestEventIds(db, 2000, cutoff);
    if (ids.length === 0) break;
    deleteEvents(db, ids);
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
      const ids = oldestEventIds(db, 5000);
      if (ids.length === 0) break;
      deleteEvents(db, ids);
      deletedBySize += ids.length;
    }
    db.exec('VACUUM');
  }
  db.pragma('optimize');
  kvSet(db, 'last_prune', now.toISOString());
  return { deletedByAge, deletedBySize, skipped: false };
}
