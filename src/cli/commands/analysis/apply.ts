// `self-gen apply <id>`: what a suggestion would change; with --yes, the change written.
import type { CommandSpec } from '../../command-table.js';
import { dirOption } from '../../options.js';
import type { ApplyOptions } from './apply.run.js';

export const applyCommand: CommandSpec<[string], ApplyOptions> = {
  name: 'apply <id>',
  description:
    'show what a suggestion would change; with --yes write it (CLAUDE.md rule or skill file), idempotently',
  options: [
    { flags: '-y, --yes', description: 'write the change' },
    {
      flags: '--project-dir <path>',
      description:
        'the project folder (default: the current project, or where the project was last recorded)',
      parse: dirOption(),
    },
  ],
  help: '\nExamples:\n  self-gen apply m1a2b3c4\n  self-gen apply 1 --yes',
  run: async (args, o) => (await import('./apply.run.js')).runApply(args, o),
};
