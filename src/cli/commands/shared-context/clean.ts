// `self-gen shared-context clean`: delete the session folders past the TTL (what SessionStart does).
import type { CommandSpec } from '../../command-table.js';
import { numberOption } from '../../options.js';
import { projectOption } from './args.js';
import type { ScCleanOptions } from './clean.run.js';

export const scCleanCommand: CommandSpec<[], ScCleanOptions> = {
  name: 'clean',
  description: 'delete session folders whose newest file is older than the TTL (what SessionStart does)',
  options: [
    {
      flags: '--older-than <hours>',
      description: 'TTL in hours (default: the configured ttlHours, 24)',
      parse: numberOption(0, 24 * 3650, 'a number of hours'),
    },
    { flags: '--all', description: 'delete every session folder' },
    projectOption,
  ],
  help: '\nExamples:\n  self-gen shared-context clean\n  self-gen sc clean --older-than 2\n  self-gen sc clean --all',
  run: async (args, o) => (await import('./clean.run.js')).runScClean(args, o),
};
