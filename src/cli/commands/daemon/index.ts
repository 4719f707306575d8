// `self-gen daemon …`: the embedding daemon.
import type { CommandSpec } from '../../command-table.js';
import { daemonStartCommand } from './start.js';
import { daemonStatusCommand } from './status.js';
import { daemonStopCommand } from './stop.js';

export const daemonCommand: CommandSpec = {
  name: 'daemon',
  description: 'the embedding daemon (keeps the model loaded for hooks)',
  commands: [daemonStatusCommand, daemonStartCommand, daemonStopCommand],
};
