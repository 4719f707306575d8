// `self-gen orch record end`: end the session (completed, or stopped).
import { endSession } from '../../../../orchestrator/ops.js';
import type { CommandSpec } from '../../../command-table.js';
import { ctxOf, orchestrate, type OrchOptions } from '../common.js';

export interface OrchRecordEndOptions extends OrchOptions {
  stopped?: boolean;
}

export async function runOrchRecordEnd(_args: [], o: OrchRecordEndOptions): Promise<void> {
  const s = await orchestrate(() => endSession(ctxOf(o), o.stopped ? 'stopped' : 'completed'));
  console.log(`the session of ${s.created_at} is ${s.status}`);
}

export const orchRecordEndCommand: CommandSpec<[], OrchRecordEndOptions> = {
  name: 'end',
  description: 'end the session (completed, or --stopped); the next `init` starts a new one',
  options: [{ flags: '--stopped', description: 'end it as stopped' }],
  run: runOrchRecordEnd,
};
