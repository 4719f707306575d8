// `self-gen team mute <member>`: never take this member's fixes here.
import { muteMember } from '../../../team/index.js';
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
