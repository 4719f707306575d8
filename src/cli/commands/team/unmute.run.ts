// `self-gen team unmute <member>`: take this member's fixes again.
import { unmuteMember } from '../../../team/index.js';
import { openLocal } from './common.js';

export type TeamUnmuteOptions = Record<string, never>;

export function runTeamUnmute([member]: [string]): void {
  const db = openLocal();
  try {
    unmuteMember(process.env, db, member);
    console.log(`${member} unmuted: \`self-gen team sync\` pulls their fixes`);
  } finally {
    db.close();
  }
}
