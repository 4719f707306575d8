// Background jobs run by dist/worker.js (detached from hooks): each part registers its jobs here.
import type { LoadedConfig } from '../common/config.js';

export interface JobContext {
  env: NodeJS.ProcessEnv;
  config: LoadedConfig;
  args: string[];
  log: (message: string) => void;
}

export type Job = (ctx: JobContext) => Promise<void> | void;

/** Steps of the session-end job, run in order; each is isolated (a failure does not stop the next). */
export const SESSION_END_STEPS: { name: string; run: Job }[] = [];

export const JOBS: Record<string, Job> = {};

export function registerJob(name: string, job: Job): void {
  JOBS[name] = job;
}

export function registerSessionEndStep(name: string, run: Job): void {
  SESSION_END_STEPS.push({ name, run });
}
