// `self-gen kb stats`: the KB's size, how much of it is embedded, what is used most.
import type { CommandSpec } from '../../command-table.js';
import type { KbStatsOptions } from './stats.run.js';

export const kbStatsCommand: CommandSpec<[], KbStatsOptions> = {
  name: 'stats',
  description: 'how big the KB is, how much of it is embedded, what is used most',
  options: [{ flags: '--json', description: 'machine-readable output' }],
  run: async (args, o) => (await import('./stats.run.js')).runKbStats(args, o),
};
