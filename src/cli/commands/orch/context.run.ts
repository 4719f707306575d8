// `self-gen orch context <role>`: the rendered prompt of a role.
import { getDb } from '../../../db/db.js';
import { buildRoleContext, type Role } from '../../../orchestrator/index.js';
import { printWarning } from '../../output.js';
import { ctxOf, orchestrate, type OrchOptions } from './common.js';

export interface OrchContextOptions extends OrchOptions {
  task?: string;
  subtask?: string;
  memory?: boolean;
  json?: boolean;
}

export async function runOrchContext([role]: [Role], o: OrchContextOptions): Promise<void> {
  const c = ctxOf(o);
  const ctx = await orchestrate(() =>
    buildRoleContext(
      { ...c, db: () => getDb({ busyTimeoutMs: 2000 }) },
      { role, task: o.task, subtask: o.subtask, memory: o.memory !== false },
    ),
  );
  if (o.json) {
    console.log(JSON.stringify(ctx, null, 2));
    return;
  }
  for (const w of ctx.warnings) printWarning(w);
  console.log(ctx.text);
}
