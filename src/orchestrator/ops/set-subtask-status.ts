// `orch record status <subtask> <status>`: a subtask's status set by hand.
import { orchError } from '../errors.js';
import { observe, readLedger, subtaskKey, writeLedger } from '../ledger.js';
import { pointAtNext } from '../merge.js';
import { rel } from '../paths.js';
import type { StateFileT, TaskStatus } from '../schemas.js';
import { writeSession, writeState } from '../file-store.js';
import { findSubtask, nowOf, pathsOf, requireActive, requireState, withLock, type OpsEnv } from './shared.js';

/** Sets a subtask's status by hand (after asking the user); `reset` clears our counts for it. */
export async function setSubtaskStatus(
  env: OpsEnv,
  subtask: string,
  status: TaskStatus,
  reset = false,
): Promise<StateFileT> {
  const p = pathsOf(env);
  return withLock(p, () => {
    const session = requireActive(p);
    const state = requireState(p);
    const tid = findSubtask(state, subtask);
    if (!tid)
      throw orchError(
        rel(p, p.stateFile),
        'tasks',
        `no subtask "${subtask}"`,
        'check `self-gen orch status`',
      );
    const t = state.tasks[tid]!;
    const sub = t.subtasks[subtask]!;
    const ts = nowOf(env).toISOString();
    sub.status = status;
    if (status === 'completed') sub.phase = 'complete';
    else if (sub.phase === 'complete') sub.phase = 'test_first';
    if (status !== 'completed' && t.status === 'completed') t.status = 'in_progress';
    t.updated_at = ts;
    pointAtNext(state, ts);
    writeState(p, state);
    session.current_task = state.request.current_task;
    session.updated_at = ts;
    writeSession(p, session);
    const l = readLedger(p);
    const e = observe(l, session, state, nowOf(env));
    if (reset) delete e.subtasks[subtaskKey(state.request.id, tid, subtask)];
    writeLedger(p, l);
    return state;
  });
}
