// `self-gen orch record retry <subtask>`: one more retry of a subtask in self-gen's own ledger.
import type { CommandSpec } from '../../../command-table.js';
import type { OrchRecordRetryOptions } from './retry.run.js';

export const orchRecordRetryCommand: CommandSpec<[string], OrchRecordRetryOptions> = {
  name: 'retry <subtask>',
  description:
    "count one more retry of a subtask in self-gen's own ledger (exit 2 past the limit: ask the user)",
  options: [{ flags: '--task <id>', description: 'the task of the subtask (default: searched)' }],
  help: '\nExample:\n  self-gen orch record retry T1-S2',
  run: async (args, o) => (await import('./retry.run.js')).runOrchRecordRetry(args, o),
};
