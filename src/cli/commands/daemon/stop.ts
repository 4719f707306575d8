// `self-gen daemon stop`: ask the embedding daemon to exit.
import type { CommandSpec } from '../../command-table.js';
import type { DaemonStopOptions } from './stop.run.js';

export const daemonStopCommand: CommandSpec<[], DaemonStopOptions> = {
  name: 'stop',
  description: 'ask it to exit',
  run: async () => (await import('./stop.run.js')).runDaemonStop(),
};
