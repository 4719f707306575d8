// `self-gen team sync`: push this machine's proven fixes, pull the teammates'.
import type { CommandSpec } from '../../command-table.js';
import type { TeamSyncOptions } from './sync.run.js';

export const teamSyncCommand: CommandSpec<[], TeamSyncOptions> = {
  name: 'sync',
  description: "push this machine's proven fixes and pull your teammates' (sessions ending do it too)",
  options: [
    {
      flags: '--dry-run',
      description: 'show what would be pushed and how much waits to be pulled; write nothing',
    },
    { flags: '--json', description: 'machine-readable output' },
  ],
  run: async (args, o) => (await import('./sync.run.js')).runTeamSync(args, o),
};
