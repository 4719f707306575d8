// `self-gen team disconnect`: stop syncing (pulled fixes stay).
import { disconnectTeam } from '../../../team/index.js';
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
