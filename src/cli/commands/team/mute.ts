// `self-gen team mute <member>`: never take this member's fixes here.
import type { CommandSpec } from '../../command-table.js';
import type { TeamMuteOptions } from './mute.run.js';

export const teamMuteCommand: CommandSpec<[string], TeamMuteOptions> = {
  name: 'mute',
  description: 'never take fixes from this member here (removes what was pulled from them)',
  arguments: [
    { name: '<member>', description: 'the member (their PostgreSQL role), as `team status` lists it' },
  ],
  run: async (args) => (await import('./mute.run.js')).runTeamMute(args),
};
