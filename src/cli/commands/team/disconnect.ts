// `self-gen team disconnect`: stop syncing (pulled fixes stay).
import { disconnectTeam } from '../../../team/index.js';
import type { CommandSpec } from '../../command-table.js';
import { openLocal } from './common.js';

export type TeamDisconnectOptions = Record<string, never>;

export function runTeamDisconnect(): void {
  const db = openLocal();
  try {
    disconnectTeam(process.env, db);
    console.log('team store disconnected');
  } finally {
    db.close();
  }
}

export const teamDisconnectCommand: CommandSpec<[], TeamDisconnectOptions> = {
  name: 'disconnect',
  description: 'stop syncing: forgets the URL, the password file and the sync cursors (pulled fixes stay)',
  run: runTeamDisconnect,
};
