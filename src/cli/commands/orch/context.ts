// `self-gen orch context <role>`: the rendered prompt of a role.
import type { CommandSpec } from '../../command-table.js';
import { ROLES } from '../../../common/roles.js';
import { roleArg } from './args.js';
import type { OrchContextOptions } from './context.run.js';
import type { Role } from '../../../common/roles.js';

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
  run: async (args, o) => (await import('./context.run.js')).runOrchContext(args, o),
};
