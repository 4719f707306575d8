// `self-gen prune`: retention now (age and size cap), as the worker applies it after sessions.
import { loadConfig } from '../../common/config.js';
import { openDb } from '../../db/db.js';
import { pruneEvents } from '../../db/retention.js';

export type PruneOptions = Record<string, never>;

export function runPrune(): void {
  const db = openDb({ busyTimeoutMs: 10000 });
  const r = pruneEvents(db, loadConfig(), process.env, { force: true });
  console.log(`deleted ${r.deletedByAge} event(s) past retention and ${r.deletedBySize} for the size cap`);
  db.close();
}
