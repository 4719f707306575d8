// `self-gen orch record status <subtask> <status>`: a subtask's status set by hand.
import { setSubtaskStatus } from '../../../../orchestrator/ops.js';
import type { TaskStatus } from '../../../../orchestrator/schemas.js';
import type { CommandSpec } from '../../../command-table.js';
import { ctxOf, orchestrate, statusArg, type OrchOptions } from '../common.js';

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

export const orchRecordStatusCommand: CommandSpec<[string, TaskStatus], OrchRecordStatusOptions> = {
  name: 'status',
  description: 'set a subtask status by hand (pending, in_progress, completed), e.g. after the user decided',
  arguments: [
    { name: '<subtask>', description: 'the subtask id, e.g. T1-S2' },
    { name: '<status>', description: 'pending | in_progress | completed', parse: statusArg },
  ],
  options: [
    { flags: '--reset', description: "also reset self-gen's retry and failure counts of the subtask" },
  ],
  run: runOrchRecordStatus,
};
