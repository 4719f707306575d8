// `self-gen doctor`: every check, with the full integrity check, and a fix for each problem.
import type { CommandSpec } from '../command-table.js';
import type { DoctorOptions } from './doctor.run.js';

export const doctorCommand: CommandSpec<[], DoctorOptions> = {
  name: 'doctor',
  description: 'check everything (full integrity check) and print a fix for each problem; exit 1 on errors',
  options: [{ flags: '--json', description: 'machine-readable output' }],
  run: async (args, o) => (await import('./doctor.run.js')).runDoctor(args, o),
};
