// `self-gen doctor`: every check, with the full integrity check, and a fix for each problem.
import { runStatus, type StatusOptions } from './status.run.js';

export type DoctorOptions = StatusOptions;

export function runDoctor(_args: [], opts: DoctorOptions): Promise<void> {
  return runStatus(opts, true);
}
