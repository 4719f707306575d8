// `self-gen kb rm <ids...>`: delete entries and their embeddings.
import type { CommandSpec } from '../../command-table.js';
import { entryId } from './args.js';
import type { KbRmOptions } from './rm.run.js';

export const kbRmCommand: CommandSpec<[number[]], KbRmOptions> = {
  name: 'rm',
  description: 'delete entries (and their embeddings)',
  arguments: [
    {
      name: '<ids...>',
      description: 'entry ids',
      parse: (v: string, prev: number[] = []) => [...prev, entryId(v)],
    },
  ],
  help: '\nExample:\n  self-gen kb rm 12 13',
  run: async (args) => (await import('./rm.run.js')).runKbRm(args),
};
