// `self-gen kb edit <id>`: an entry's resolution, tool or error text.
import type { CommandSpec } from '../../command-table.js';
import { entryId } from './args.js';
import type { KbEditOptions } from './edit.run.js';

export const kbEditCommand: CommandSpec<[number], KbEditOptions> = {
  name: 'edit',
  description: 'change an entry: its resolution, tool, or error text (a new error text drops its embedding)',
  arguments: [{ name: '<id>', description: 'the entry id (see `self-gen kb list`)', parse: entryId }],
  options: [
    { flags: '-r, --resolution <text>', description: 'new resolution' },
    { flags: '-t, --tool <name>', description: 'new resolving tool' },
    { flags: '-e, --error <text>', description: 'new error text (normalized)' },
    { flags: '--clear-resolution', description: 'remove the resolution (the entry stops being returned)' },
  ],
  help: '\nExamples:\n  self-gen kb edit 12 -r "run npm ci, not npm install"\n  self-gen kb edit 12 --clear-resolution',
  run: async (args, o) => (await import('./edit.run.js')).runKbEdit(args, o),
};
