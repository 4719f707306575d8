// The part contract: what a part (one folder per seed requirement) gives the runtime — hook
// handlers, background steps and jobs, doctor checks — each behind a lazy loader, so that listing a
// part never loads its code. The handler contract itself is src/hook/contract/types.ts.
import type { LoadedConfig } from '../../common/config.js';
import type { DB } from '../../db/db.js';
import type { Capability, HandlerTable, HookEvent, HookInput } from './types.js';

/** What a background job or session-end step gets (dist/worker.js, detached from hooks). */
export interface JobContext {
  env: NodeJS.ProcessEnv;
  config: LoadedConfig;
  args: string[];
  log: (message: string) => void;
}
export type Job = (ctx: JobContext) => Promise<void> | void;

/** A session-end step: each is isolated (a failure does not stop the next). */
export interface Step {
  name: string;
  run: Job;
}

export interface Background {
  /** Steps of the session-end job, in order (the parts' order, then this order). */
  sessionEnd?: Step[];
  /** Jobs started by name: `dist/worker.js <name> [args…]`. */
  jobs?: Record<string, Job>;
}

export type Level = 'ok' | 'warn' | 'error' | 'info';
export interface CheckResult {
  name: string;
  level: Level;
  message: string;
  fix?: string;
}
export interface CheckContext {
  env: NodeJS.ProcessEnv;
  projectDir: string;
  /** Null when the database could not be opened (see the database check). */
  db: DB | null;
  deep: boolean;
}
/** A `self-gen doctor` / `status` check. */
export type Check = (ctx: CheckContext) => CheckResult[] | Promise<CheckResult[]>;

export interface PartDescriptor {
  name: string;
  /** The seed requirement this part implements (docs/architecture.md). */
  seed: string;
  /** The events this part has handlers for (a unit test checks this against the loaded table). */
  events: HookEvent[];
  /** A cheap test on the payload: false → the part is not even loaded. */
  when?: (input: HookInput) => boolean;
  /** Capabilities of other parts its handlers use (on deps; the parts list loads and wires them). */
  needs?: Capability[];
  /** The hook handlers (only loaded by a hook process whose event is in `events`). */
  handlers?: () => Promise<HandlerTable>;
  /** Session-end steps and named jobs (only loaded by the worker; left out of the hook bundles). */
  background?: () => Promise<Background>;
  /** Doctor checks (only loaded by the CLI; left out of the hook bundles). */
  checks?: () => Promise<Check[]>;
}
