// `self-gen team mute <member>`: never take this member's fixes here.
import { muteMember } from '../../../team/index.js';
import type { CommandSpec } from '../../command-table.js';
import { openLocal } from './common.js';

export type TeamMuteOptions = Record<string, never>;

export function runTeamMute([member]: [string]): void {
  const db = openLocal();
  try {
    muteMember(process.env, db, member);
    console.log(`${member} muted here: their fixes were removed and are not pulled`);
  } finally {
    db.close();
  }
}

export const teamMuteCommand: CommandSpec<[string], TeamMuteOptions> = {
  name: 'mute',
  description: 'never take fixes from this member here (removes what was pulled from them)',
  arguments: [
    { name: '<member>', description: 'the member (their PostgreSQL role), as `team status` lists it' },
  ],
  run: runTeamMute,
};
