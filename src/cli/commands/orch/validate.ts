// `self-gen orch validate`: every file of the session against the skill's formats.
import type { CommandSpec } from '../../command-table.js';
import type { OrchValidateOptions } from './validate.run.js';

export const orchValidateCommand: CommandSpec<[], OrchValidateOptions> = {
  name: 'validate',
  description:
    "check session.json, state.json, knowledge.yaml and every contract against the skill's formats, and the template overrides (exit 1 on errors)",
  options: [
    { flags: '--request <id>', description: 'only this request' },
    { flags: '--json', description: 'machine-readable output' },
  ],
  run: async (args, o) => (await import('./validate.run.js')).runOrchValidate(args, o),
};
