// `self-gen team connect <postgres-url>`: this data home joins a team store.
import type { CommandSpec } from '../../command-table.js';
import type { TeamConnectOptions } from './connect.run.js';

export const teamConnectCommand: CommandSpec<[string], TeamConnectOptions> = {
  name: 'connect',
  description: 'connect this data home to a team store (creates or migrates its schema when allowed)',
  arguments: [
    { name: '<postgres-url>', description: 'postgres://role[:password]@host[:port]/database[?sslmode=…]' },
  ],
  help: '\nThe password is never written to config.json: it is read from SELF_GEN_TEAM_PASSWORD, or kept\nin the 0600 file team-password of the data home when given in the URL. sslmode works as in libpq\n(disable, allow, prefer, require, verify-ca, verify-full).',
  run: async (args) => (await import('./connect.run.js')).runTeamConnect(args),
};
