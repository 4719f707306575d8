// `self-gen shared-context instructions`: the agent instructions (FR-4) to paste into CLAUDE.md.
import type { CommandSpec } from '../../command-table.js';
import { LOCALES, enumOption } from '../../options.js';
import { projectOption } from './args.js';
import type { ScInstructionsOptions } from './instructions.run.js';

export const scInstructionsCommand: CommandSpec<[], ScInstructionsOptions> = {
  name: 'instructions',
  description: 'print the agent instructions (FR-4) to paste into CLAUDE.md or an agent definition',
  options: [
    {
      flags: '--locale <ko|en>',
      description: 'language (default: the config locale)',
      parse: enumOption(LOCALES),
    },
    {
      flags: '--session <id>',
      description: 'with --agent-type and --agent-id: the exact instruction one agent gets',
    },
    { flags: '--agent-type <type>', description: 'agent type' },
    { flags: '--agent-id <id>', description: 'agent id' },
    projectOption,
  ],
  help:
    '\nExamples:\n  self-gen shared-context instructions >> CLAUDE.md\n  self-gen sc instructions --locale en\n' +
    '  self-gen sc instructions --session 1d781026-… --agent-type reviewer --agent-id a32c958c9f43b4a04',
  run: async (args, o) => (await import('./instructions.run.js')).runScInstructions(args, o),
};
