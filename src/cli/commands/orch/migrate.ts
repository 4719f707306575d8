// `self-gen orch migrate`: files of self-gen's earlier own format out of the skill's folders.
import type { CommandSpec } from '../../command-table.js';
import type { OrchMigrateOptions } from './migrate.run.js';

export const orchMigrateCommand: CommandSpec<[], OrchMigrateOptions> = {
  name: 'migrate',
  description:
    "move files of self-gen's earlier own format out of the skill's folders (archived, never deleted) and rewrite session.json, state.json and knowledge.yaml in the skill's format",
  options: [{ flags: '--json', description: 'machine-readable output' }],
  run: async (args, o) => (await import('./migrate.run.js')).runOrchMigrate(args, o),
};
