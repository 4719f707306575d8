// `self-gen prune`: retention now (age and size cap), as the worker applies it after sessions.
import { loadConfig } from '../../common/config.js';
import { openDb } from '../../db/db.js';
import { pruneEvents } from '../../db/retention.js';
import type { CommandSpec } from '../command-table.js';

export type PruneOptions = Record<string, never>;

export function runPrune(): void {
  const db = openDb({ busyTimeoutMs: 10000 });
  const r = pruneEvents(db, loadConfig(), process.env, { force: true });
  console.log(`deleted ${r.deletedByAge} event(s) past retention and ${r.deletedBySize} for the size cap`);
  db.close();
}

export const pruneCommand: CommandSpec<[], PruneOptions> = {
  name: 'prune',
  description:
    'apply retention now: delete events older than retentionDays and keep the database under maxDbMb',
  help: '\nExample:\n  self-gen prune',
  run: runPrune,
};
