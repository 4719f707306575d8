// `self-gen demo`: see what self-generation injects, without touching your data.
import type { CommandSpec } from '../command-table.js';
import { LOCALES, enumOption } from '../options.js';
import type { DemoOptions } from './demo.run.js';

export const demoCommand: CommandSpec<[], DemoOptions> = {
  name: 'demo',
  description:
    'replay two recorded sessions in a temporary home and show what each hook would inject (your data is not touched)',
  options: [
    {
      flags: '--locale <ko|en>',
      description:
        "language of the injected text (default: the environment's, LC_ALL / LC_MESSAGES / LANG: ko on a Korean system, else en)",
      parse: enumOption(LOCALES),
    },
    { flags: '--keep', description: 'keep the temporary home and project, and print where they are' },
    { flags: '--json', description: 'print the steps as JSON' },
  ],
  help: '\nExamples:\n  self-gen demo\n  self-gen demo --locale ko',
  run: async (args, o) => (await import('./demo.run.js')).runDemo(args, o),
};
