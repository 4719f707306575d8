// `self-gen orch record contract <kind> [file]`: an agent's YAML result, validated, then stored.
import { recordContract, type ContractKind } from '../../../../orchestrator/index.js';
import { ctxOf, orchestrate, readInput, type OrchOptions } from '../common.js';

export interface OrchRecordContractOptions extends OrchOptions {
  request?: string;
  task?: string;
  subtask?: string;
  json?: boolean;
}

export async function runOrchRecordContract(
  [kind, file]: [ContractKind, string | undefined],
  o: OrchRecordContractOptions,
): Promise<void> {
  const c = ctxOf(o);
  const input = readInput(file);
  const r = await orchestrate(() =>
    recordContract(c, kind, input.text, { request: o.request, task: o.task, subtask: o.subtask }, input.name),
  );
  if (o.json) console.log(JSON.stringify(r, null, 2));
  else for (const m of r.messages) console.log(m);
  if (r.askUser) process.exitCode = 2;
}
