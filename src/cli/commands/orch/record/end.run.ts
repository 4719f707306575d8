// `self-gen orch record end`: end the session (completed, or stopped).
import { endSession } from '../../../../orchestrator/index.js';
import { ctxOf, orchestrate, type OrchOptions } from '../common.js';

export interface OrchRecordEndOptions extends OrchOptions {
  stopped?: boolean;
}

export async function runOrchRecordEnd(_args: [], o: OrchRecordEndOptions): Promise<void> {
  const s = await orchestrate(() => endSession(ctxOf(o), o.stopped ? 'stopped' : 'completed'));
  console.log(`the session of ${s.created_at} is ${s.status}`);
}
