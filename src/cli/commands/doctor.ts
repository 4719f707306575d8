// `self-gen doctor`: every check, with the full integrity check, and a fix for each problem.
import type { CommandSpec } from '../command-table.js';
import { runStatus, type StatusOptions } from './status.js';

export type DoctorOptions = StatusOptions;

export function runDoctor(_args: [], opts: DoctorOptions): Promise<void> {
  return runStatus(opts, true);
}

export const doctorCommand: CommandSpec<[], DoctorOptions> = {
  name: 'doctor',
  description: 'check everything (full integrity check) and print a fix for each problem; exit 1 on errors',
  options: [{ flags: '--json', description: 'machine-readable output' }],
  run: runDoctor,
};
