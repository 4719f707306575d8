// `self-gen team mute <member>` / `unmute <member>`: take (or stop taking) a member's fixes here.
import { muteMember, unmuteMember } from '../../../team/index.js';
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

export function runTeamUnmute([member]: [string]): void {
  const db = openLocal();
  try {
    unmuteMember(process.env, db, member);
    console.log(`${member} unmuted: \`self-gen team sync\` pulls their fixes`);
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

export const teamUnmuteCommand: CommandSpec<[string], TeamMuteOptions> = {
  name: 'unmute',
  description: 'take fixes from this member again (the next sync pulls them from the start)',
  arguments: [{ name: '<member>' }],
  run: runTeamUnmute,
};
