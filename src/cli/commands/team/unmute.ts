// `self-gen team unmute <member>`: take this member's fixes again.
import type { CommandSpec } from '../../command-table.js';
import type { TeamUnmuteOptions } from './unmute.run.js';

export const teamUnmuteCommand: CommandSpec<[string], TeamUnmuteOptions> = {
  name: 'unmute',
  description: 'take fixes from this member again (the next sync pulls them from the start)',
  arguments: [{ name: '<member>' }],
  run: async (args) => (await import('./unmute.run.js')).runTeamUnmute(args),
};
