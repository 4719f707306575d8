// `self-gen kb find <words...>`: a keyword search of the KB (any word, in the error or the fix).
// `kb search` is the other door: it looks up one error text exactly as the hooks do.
import type { CommandSpec } from '../../command-table.js';
import { count } from './args.js';
import { MAX_FIND_WORDS } from '../../../error-kb/search-options.js';
import type { KbFindOptions } from './find.run.js';

export const kbFindCommand: CommandSpec<[string[]], KbFindOptions> = {
  name: 'find',
  description:
    'keyword search: entries whose error or fix holds any of the words (most words first); to look up an error as the hooks do, use `kb search`',
  arguments: [{ name: '<words...>', description: `the words (case-insensitive; at most ${MAX_FIND_WORDS})` }],
  options: [
    { flags: '-n, --limit <n>', description: 'how many', parse: count, default: 20 },
    { flags: '--json', description: 'print JSON lines' },
  ],
  help: '\nExits 1 when no entry holds any of the words.\n\nExamples:\n  self-gen kb find eaddrinuse port\n  self-gen kb find webpack resolve',
  run: async (args, o) => (await import('./find.run.js')).runKbFind(args, o),
};
