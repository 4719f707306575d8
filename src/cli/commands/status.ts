// `self-gen status`: what is installed, database size and health, model and daemon (checks.ts).
import type { CommandSpec } from '../command-table.js';
import type { StatusOptions } from './status.run.js';

export const statusCommand: CommandSpec<[], StatusOptions> = {
  name: 'status',
  description: 'what is installed, database size and health, model and daemon',
  options: [{ flags: '--json', description: 'machine-readable output' }],
  run: async (_args, opts) => (await import('./status.run.js')).runStatus(opts),
};
