// `self-gen orch record request <text>`: a new request in the active session.
import { addRequest } from '../../../../orchestrator/index.js';
import { ctxOf, orchestrate, type OrchOptions } from '../common.js';

export type OrchRecordRequestOptions = OrchOptions;

export async function runOrchRecordRequest([text]: [string], o: OrchRecordRequestOptions): Promise<void> {
  const id = await orchestrate(() => addRequest(ctxOf(o), text));
  console.log(id);
}
