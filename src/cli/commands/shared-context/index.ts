// `self-gen shared-context …` (alias `sc`): look at and manage the per-session shared context of a
// project (docs/shared-context.md).
import type { CommandSpec } from '../../command-table.js';
import { scCleanCommand } from './clean.js';
import { scInstructionsCommand } from './instructions.js';
import { scListCommand } from './list.js';
import { scShowCommand } from './show.js';

export const sharedContextCommand: CommandSpec = {
  name: 'shared-context',
  alias: 'sc',
  description: 'the context subagents of a session share (.claude/shared-context/<session>/ in the project)',
  commands: [scShowCommand, scListCommand, scInstructionsCommand, scCleanCommand],
};
