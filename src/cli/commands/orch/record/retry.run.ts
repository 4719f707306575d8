// `self-gen orch record retry <subtask>`: one more retry of a subtask in self-gen's own ledger.
import { recordRetry } from '../../../../orchestrator/index.js';
import { ctxOf, orchestrate, type OrchOptions } from '../common.js';

export interface OrchRecordRetryOptions extends OrchOptions {
  task?: string;
}

export async function runOrchRecordRetry([subtask]: [string], o: OrchRecordRetryOptions): Promise<void> {
  const r = await orchestrate(() => recordRetry(ctxOf(o), subtask, o.task));
  console.log(r.message);
  if (r.failed) process.exitCode = 2;
}
