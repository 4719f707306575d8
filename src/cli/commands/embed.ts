// `self-gen embed`: embed the KB entries that have no vector yet (normally done after each session).
import type { CommandSpec } from '../command-table.js';
import { count } from './kb/args.js';
import type { EmbedOptions } from './embed.run.js';

export const embedCommand: CommandSpec<[], EmbedOptions> = {
  name: 'embed',
  description: 'embed the KB entries that have no vector yet, now (normally done after each session)',
  options: [
    { flags: '--limit <n>', description: 'at most this many entries', parse: count },
    {
      flags: '--daemon-only',
      description: 'only through a running daemon (never load the model in this process)',
    },
  ],
  help: '\nExample:\n  self-gen embed',
  run: async (args, o) => (await import('./embed.run.js')).runEmbed(args, o),
};
