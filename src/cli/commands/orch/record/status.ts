// `self-gen orch record status <subtask> <status>`: a subtask's status set by hand.
import type { CommandSpec } from '../../../command-table.js';
import { statusArg } from '../args.js';
import type { OrchRecordStatusOptions } from './status.run.js';
import type { TaskStatus } from '../../../../orchestrator/names.js';

export const orchRecordStatusCommand: CommandSpec<[string, TaskStatus], OrchRecordStatusOptions> = {
  name: 'status',
  description: 'set a subtask status by hand (pending, in_progress, completed), e.g. after the user decided',
  arguments: [
    { name: '<subtask>', description: 'the subtask id, e.g. T1-S2' },
    { name: '<status>', description: 'pending | in_progress | completed', parse: statusArg },
  ],
  options: [
    { flags: '--reset', description: "also reset self-gen's retry and failure counts of the subtask" },
  ],
  run: async (args, o) => (await import('./status.run.js')).runOrchRecordStatus(args, o),
};
