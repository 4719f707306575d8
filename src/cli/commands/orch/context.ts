// `self-gen orch context <role>`: the rendered prompt of a role.
import { getDb } from '../../../db/db.js';
import { buildRoleContext } from '../../../orchestrator/context.js';
import { ROLES, type Role } from '../../../orchestrator/schemas.js';
import type { CommandSpec } from '../../command-table.js';
import { printWarning } from '../../output.js';
import { ctxOf, orchestrate, roleArg, type OrchOptions } from './common.js';

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

export const orchContextCommand: CommandSpec<[Role], OrchContextOptions> = {
  name: 'context',
  description: `print the context (rendered prompt) of a role: ${ROLES.join(', ')}`,
  arguments: [{ name: '<role>', description: ROLES.join(' | '), parse: roleArg }],
  options: [
    { flags: '--task <id>', description: 'the task (default: state.json request.current_task)' },
    { flags: '--subtask <id>', description: "the subtask (default: the task's current_subtask)" },
    { flags: '--no-memory', description: 'skip the memory search' },
    { flags: '--json', description: 'machine-readable output (variables, template, memory search)' },
  ],
  help: '\nExamples:\n  self-gen orch context planner\n  self-gen orch context architect --task T2\n  self-gen orch context implementer --subtask T1-S2 --json',
  run: runOrchContext,
};
