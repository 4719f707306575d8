// `self-gen repair`: run the integrity check now (what the background check does once a day), and
// `self-gen repair --ack`: acknowledge recovery notices so `doctor` stops reporting them.
import type { CommandSpec } from '../command-table.js';
import type { RepairOptions } from './repair.run.js';

export const repairCommand: CommandSpec<[], RepairOptions> = {
  name: 'repair',
  description:
    'check the database now (quick_check + full-text indexes); rebuild a damaged index, or move a damaged database aside keeping every readable row',
  options: [
    {
      flags: '--ack',
      description: 'acknowledge the notices in recovery.log (doctor stops reporting them); the log is kept',
    },
  ],
  help: '\nExamples:\n  self-gen repair\n  self-gen repair --ack',
  run: async (args, o) => (await import('./repair.run.js')).runRepair(args, o),
};
