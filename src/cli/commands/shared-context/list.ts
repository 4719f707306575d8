// `self-gen shared-context list`: the session folders of this project, newest first.
import type { CommandSpec } from '../../command-table.js';
import { projectOption } from './args.js';
import type { ScListOptions } from './list.run.js';

export const scListCommand: CommandSpec<[], ScListOptions> = {
  name: 'list',
  description: 'list the session folders of this project, newest first',
  options: [projectOption],
  help: '\nExample:\n  self-gen shared-context list',
  run: async (args, o) => (await import('./list.run.js')).runScList(args, o),
};
