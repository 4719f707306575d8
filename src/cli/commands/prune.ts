// `self-gen prune`: retention now (age and size cap), as the worker applies it after sessions.
import type { CommandSpec } from '../command-table.js';
import type { PruneOptions } from './prune.run.js';

export const pruneCommand: CommandSpec<[], PruneOptions> = {
  name: 'prune',
  description:
    'apply retention now: delete events older than retentionDays and keep the database under maxDbMb',
  help: '\nExample:\n  self-gen prune',
  run: async () => (await import('./prune.run.js')).runPrune(),
};
