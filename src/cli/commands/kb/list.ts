// `self-gen kb list`: KB entries, newest (or most used) first.
import type { CommandSpec } from '../../command-table.js';
import { count } from './args.js';
import type { KbListOptions } from './list.run.js';

export const kbListCommand: CommandSpec<[], KbListOptions> = {
  name: 'list',
  description: 'list KB entries, newest first',
  options: [
    { flags: '-n, --limit <n>', description: 'how many', parse: count, default: 20 },
    { flags: '--used', description: 'most used first' },
    {
      flags: '-q, --contains <text>',
      description: 'only entries whose error or resolution contains this text',
    },
    { flags: '--unresolved', description: 'only entries without a resolution' },
    { flags: '--json', description: 'print JSON lines' },
  ],
  help: '\nExamples:\n  self-gen kb list\n  self-gen kb list --used -n 5\n  self-gen kb list -q "module"',
  run: async (args, o) => (await import('./list.run.js')).runKbList(args, o),
};
