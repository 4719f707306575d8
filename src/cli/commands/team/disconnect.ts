// `self-gen team disconnect`: stop syncing (pulled fixes stay).
import type { CommandSpec } from '../../command-table.js';
import type { TeamDisconnectOptions } from './disconnect.run.js';

export const teamDisconnectCommand: CommandSpec<[], TeamDisconnectOptions> = {
  name: 'disconnect',
  description: 'stop syncing: forgets the URL, the password file and the sync cursors (pulled fixes stay)',
  run: async () => (await import('./disconnect.run.js')).runTeamDisconnect(),
};
