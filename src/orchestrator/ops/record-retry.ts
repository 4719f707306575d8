// `orch record retry <subtask>`: one more retry, counted in our ledger.
import { orchError } from '../errors.js';
import { bump, countsOf, observe, readLedger, subtaskKey, writeLedger } from '../ledger.js';
import { rel } from '../paths.js';
import { findSubtask, nowOf, pathsOf, requireActive, requireState, withLock, type OpsEnv } from './shared.js';

export interface RetryResult {
  subtask: string;
  task: string;
  count: number;
  failed: boolean;
  message: string;
}

/** One more retry of a subtask, counted in our ledger (the skill's files have no field for it). */
export async function recordRetry(env: OpsEnv, subtask: string, task?: string): Promise<RetryResult> {
  const p = pathsOf(env);
  return withLock(p, () => {
    const session = requireActive(p);
    const state = requireState(p);
    const tid = findSubtask(state, subtask, task);
    if (!tid)
      throw orchError(
        rel(p, p.stateFile),
        'tasks',
        `no subtask "${subtask}"${task ? ` in ${task}` : ''}`,
        'check `self-gen orch status`',
      );
    const now = nowOf(env);
    const l = readLedger(p);
    const e = observe(l, session, state, now);
    const key = subtaskKey(state.request.id, tid, subtask);
    bump(e, key, (c) => (c.retries += 1));
    writeLedger(p, l);
    const count = countsOf(e, key).retries;
    const failed = count > env.cfg.maxRetries;
    return {
      subtask,
      task: tid,
      count,
      failed,
      message: failed
        ? `${subtask}: retry ${count} is past the limit (${env.cfg.maxRetries}); ask the user how to continue.`
        : `${subtask}: retry ${count} of ${env.cfg.maxRetries}`,
    };
  });
}
