// `self-gen team …`: the opt-in team store (docs/team.md).
import type { CommandSpec } from '../../command-table.js';
import { teamConnectCommand } from './connect.js';
import { teamDisconnectCommand } from './disconnect.js';
import { teamMuteCommand } from './mute.js';
import { teamStatusCommand } from './status.js';
import { teamSyncCommand } from './sync.js';
import { teamUnmuteCommand } from './unmute.js';

export const teamCommand: CommandSpec = {
  name: 'team',
  description: 'share proven fixes with your team through PostgreSQL (opt-in; hooks stay local)',
  help: '\nOnly the KB\'s proven, redacted fixes are shared (with their confirmations and projects, hashed);\nprompts, events and transcripts never leave this machine. See docs/team.md.\n\nExamples:\n  SELF_GEN_TEAM_PASSWORD=… self-gen team connect "postgres://alice@db.internal/team?sslmode=verify-full"\n  self-gen team sync --dry-run\n  self-gen team status',
  commands: [
    teamConnectCommand,
    teamStatusCommand,
    teamDisconnectCommand,
    teamSyncCommand,
    teamMuteCommand,
    teamUnmuteCommand,
  ],
};
