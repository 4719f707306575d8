// `self-gen orch record end`: end the session (completed, or stopped).
import type { CommandSpec } from '../../../command-table.js';
import type { OrchRecordEndOptions } from './end.run.js';

export const orchRecordEndCommand: CommandSpec<[], OrchRecordEndOptions> = {
  name: 'end',
  description: 'end the session (completed, or --stopped); the next `init` starts a new one',
  options: [{ flags: '--stopped', description: 'end it as stopped' }],
  run: async (args, o) => (await import('./end.run.js')).runOrchRecordEnd(args, o),
};
