// `self-gen team status`: the store, its schema, what this machine pushed and pulled, the last sync.
import type { CommandSpec } from '../../command-table.js';
import type { TeamStatusOptions } from './status.run.js';

export const teamStatusCommand: CommandSpec<[], TeamStatusOptions> = {
  name: 'status',
  description: 'the store, its schema, what this machine pushed and pulled, the last sync',
  options: [{ flags: '--json', description: 'machine-readable output' }],
  run: async (args, o) => (await import('./status.run.js')).runTeamStatus(args, o),
};
