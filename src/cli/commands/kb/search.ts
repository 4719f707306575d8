// `self-gen kb search <error...>`: the KB lookup exactly as the hooks do it (docs/error-kb.md).
import type { CommandSpec } from '../../command-table.js';
import { tierList } from './args.js';
import { DEFAULT_TIERS, SEED_TIERS } from '../../../error-kb/search-options.js';
import type { KbSearchOptions } from './search.run.js';

export const kbSearchCommand: CommandSpec<[string[]], KbSearchOptions> = {
  name: 'search',
  description: `find the KB entry for an error text exactly as the hooks do (same key, same search, same tiers: ${DEFAULT_TIERS.join(' → ')})`,
  arguments: [{ name: '<error...>', description: 'the error text (quote it)' }],
  options: [
    {
      flags: '--tiers <list>',
      description: `the tiers to run, comma-separated (default ${DEFAULT_TIERS.join(',')}; with config kbSearch.mode "seed": ${SEED_TIERS.join(',')}; prefix runs in seed mode only)`,
      parse: tierList,
    },
    {
      flags: '--local-model',
      description: 'when no daemon answers, embed with the local model here (hooks never do)',
    },
    { flags: '--normalized', description: 'the text is already normalized' },
    { flags: '--bump', description: 'count this lookup (use_count/last_used), as hooks do' },
    {
      flags: '--explain',
      description: "print each tier's result and time, and the matcher's features, score and threshold",
    },
    { flags: '--json', description: 'machine-readable output' },
  ],
  help: `\nExits 1 when nothing matches. To find entries by any word instead (in the error or the fix),\nuse \`self-gen kb find <words...>\`.\n\nExamples:\n  self-gen kb search "Cannot find module 'react'"\n  self-gen kb search --explain "error TS2307: Cannot find module './x'"\n  self-gen kb search --tiers exact "npm ERR! code ERESOLVE"`,
  run: async (args, o) => (await import('./search.run.js')).runKbSearch(args, o),
};
