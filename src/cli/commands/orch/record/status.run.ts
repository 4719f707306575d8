// `self-gen orch record status <subtask> <status>`: a subtask's status set by hand.
import { setSubtaskStatus, type TaskStatus } from '../../../../orchestrator/index.js';
import { ctxOf, orchestrate, type OrchOptions } from '../common.js';

export interface OrchRecordStatusOptions extends OrchOptions {
  reset?: boolean;
}

export async function runOrchRecordStatus(
  [subtask, status]: [string, TaskStatus],
  o: OrchRecordStatusOptions,
): Promise<void> {
  const st = await orchestrate(() => setSubtaskStatus(ctxOf(o), subtask, status, o.reset));
  const cur = st.request.current_task;
  console.log(
    `${subtask}: ${status}; current ${cur ?? '-'}/${cur ? (st.tasks[cur]?.current_subtask ?? '-') : '-'}`,
  );
}
