// `self-gen kb show N`: one entry with every candidate fix and the fix policy's verdict on each.
import type { CommandSpec } from '../../command-table.js';
import { count } from './args.js';
import type { KbShowOptions } from './show.run.js';

export const kbShowCommand: CommandSpec<[number], KbShowOptions> = {
  name: 'show',
  description:
    'one entry: its error, every candidate fix with how it was proven, and the fix policy’s verdict',
  arguments: [
    {
      name: '<id>',
      description: 'the entry id (from kb list, kb review, or a "needs a look" note)',
      parse: count,
    },
  ],
  options: [{ flags: '--json', description: 'print JSON' }],
  help: '\nExamples:\n  self-gen kb show 12\n  self-gen kb show 12 --json',
  run: async (args, o) => (await import('./show.run.js')).runKbShow(args, o),
};
