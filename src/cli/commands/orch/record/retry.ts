// `self-gen orch record retry <subtask>`: one more retry of a subtask in self-gen's own ledger.
import { recordRetry } from '../../../../orchestrator/ops.js';
import type { CommandSpec } from '../../../command-table.js';
import { ctxOf, orchestrate, type OrchOptions } from '../common.js';

export interface OrchRecordRetryOptions extends OrchOptions {
  task?: string;
}

export async function runOrchRecordRetry([subtask]: [string], o: OrchRecordRetryOptions): Promise<void> {
  const r = await orchestrate(() => recordRetry(ctxOf(o), subtask, o.task));
  console.log(r.message);
  if (r.failed) process.exitCode = 2;
}

export const orchRecordRetryCommand: CommandSpec<[string], OrchRecordRetryOptions> = {
  name: 'retry <subtask>',
  description:
    "count one more retry of a subtask in self-gen's own ledger (exit 2 past the limit: ask the user)",
  options: [{ flags: '--task <id>', description: 'the task of the subtask (default: searched)' }],
  help: '\nExample:\n  self-gen orch record retry T1-S2',
  run: runOrchRecordRetry,
};
