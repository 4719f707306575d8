// `self-gen daemon start`: start the embedding daemon now and wait until its model is loaded.
import type { CommandSpec } from '../../command-table.js';
import type { DaemonStartOptions } from './start.run.js';

export const daemonStartCommand: CommandSpec<[], DaemonStartOptions> = {
  name: 'start',
  description: 'start it now (SessionStart does this when the model is present)',
  run: async () => (await import('./start.run.js')).runDaemonStart(),
};
