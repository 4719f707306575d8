// The record of the last analysis of each scope (a project, or `*` for all), kept in the kv table:
// when it was tried, up to which event, how it ended. Read by `status`/`doctor` without loading the
// analysis itself.
import type { DB } from '../db/db.js';
import { kvGet, kvSet } from '../db/kv.js';

/** What the last analysis of a scope did. */
export interface AnalysisState {
  lastAttempt?: string;
  lastEventId?: number;
  result?: 'analyzed' | 'cached' | 'not_enough_data' | 'error';
  error?: string;
  analyzedAt?: string;
}

/** The name of a scope: the project, or `*` for all. */
export const scopeKey = (project: string | null) => project ?? '*';
export const stateKey = (project: string | null) => `analysis:state:${scopeKey(project)}`;

/** The analysis state of a scope (a project, or null for all). */
export function readState(db: DB, project: string | null): AnalysisState {
  const value = kvGet(db, stateKey(project));
  try {
    return value !== null ? (JSON.parse(value) as AnalysisState) : {};
  } catch {
    return {};
  }
}

/** Merges `patch` into the scope's state (a successful result clears the last error). */
export function writeState(db: DB, project: string | null, patch: AnalysisState): void {
  const next = { ...readState(db, project), ...patch };
  if (patch.result && patch.result !== 'error') delete next.error;
  kvSet(db, stateKey(project), JSON.stringify(next));
}
