// Background jobs that failed (the AI analysis, KB embeddings, the team sync): the last failure of
// each, with its one-line fix, until the job succeeds again. Read by `status` / `doctor`, the
// dashboard, and once per failure by the SessionStart notice (recording/handlers.ts), as the
// events waiting outside an unwritable data folder are (events/spill.ts). Kept in `kv`.
import type { DB } from './db.js';
import { kvDelete, kvGet, kvList, kvSet } from './kv.js';

const PREFIX = 'job_failure:';

export interface JobFailure {
  /** What failed, as the user knows it: `analysis`, `embeddings`, `team sync`. */
  job: string;
  /** When it last failed (ISO). */
  at: string;
  /** When it started failing (ISO): a new run of failures after a success is told again. */
  since: string;
  message: string;
  fix: string;
  /** Told at a session start already. */
  told: boolean;
}

function read(db: DB, key: string): JobFailure | null {
  try {
    const v = JSON.parse(kvGet(db, key) ?? 'null') as JobFailure | null;
    return v && typeof v.job === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Records that `job` failed now; told again only when it had succeeded since the last notice. */
export function noteJobFailure(db: DB, job: string, message: string, fix: string, now = new Date()): void {
  const old = read(db, PREFIX + job);
  const at = now.toISOString();
  const f: JobFailure = {
    job,
    at,
    since: old?.since ?? at,
    message: message.replace(/\s+/g, ' ').trim().slice(0, 500),
    fix: fix.replace(/\s+/g, ' ').trim().slice(0, 300),
    told: old?.told ?? false,
  };
  kvSet(db, PREFIX + job, JSON.stringify(f));
}

/** `job` succeeded: its failure, if any, is over. */
export function noteJobSuccess(db: DB, job: string): void {
  kvDelete(db, PREFIX + job);
}

/** Every job failing now, oldest first. */
export function jobFailures(db: DB): JobFailure[] {
  return kvList(db, PREFIX)
    .map(({ key }) => read(db, key))
    .filter((f): f is JobFailure => f !== null)
    .sort((a, b) => a.since.localeCompare(b.since));
}

/** The failures not told yet, marked told (a SessionStart notice says each once). */
export function takeUntoldJobFailures(db: DB): JobFailure[] {
  const untold = jobFailures(db).filter((f) => !f.told);
  for (const f of untold) kvSet(db, PREFIX + f.job, JSON.stringify({ ...f, told: true }));
  return untold;
}

/** One line for the user: what failed, when, why, and the fix. */
export function describeJobFailure(f: JobFailure): string {
  return `the background ${f.job} failed (last at ${f.at}): ${f.message}`;
}
