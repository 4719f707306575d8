// `self-gen daemon status`: is the embedding daemon running, with which model, how much memory.
import type { CommandSpec } from '../../command-table.js';
import type { DaemonStatusOptions } from './status.run.js';

export const daemonStatusCommand: CommandSpec<[], DaemonStatusOptions> = {
  name: 'status',
  description: 'is it running, with which model, how much memory',
  options: [{ flags: '--json', description: 'machine-readable output' }],
  run: async (args, o) => (await import('./status.run.js')).runDaemonStatus(args, o),
};
