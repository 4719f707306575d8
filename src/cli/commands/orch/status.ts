// `self-gen orch status`: the session, its requests, tasks and subtasks.
import type { CommandSpec } from '../../command-table.js';
import type { OrchStatusOptions } from './status.run.js';

export const orchStatusCommand: CommandSpec<[], OrchStatusOptions> = {
  name: 'status',
  description: 'the session, its requests, tasks and subtasks (status, retries, test failures)',
  options: [{ flags: '--json', description: 'machine-readable output' }],
  run: async (args, o) => (await import('./status.run.js')).runOrchStatus(args, o),
};
