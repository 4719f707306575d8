// `self-gen orch merge <request>`: check the planner's assumptions, write the design briefs, start state.json.
import type { CommandSpec } from '../../command-table.js';
import type { OrchMergeOptions } from './merge.run.js';

export const orchMergeCommand: CommandSpec<[string], OrchMergeOptions> = {
  name: 'merge <request>',
  description:
    "verify the planner's assumptions against the explored files, write one design-brief per task, initialise state.json (exit 2: re-plan)",
  options: [{ flags: '--json', description: 'machine-readable output' }],
  help: '\nExit codes: 0 merged, 2 re-plan needed (≥ 50 % of the assumptions mismatch), 1 error.\n\nExample:\n  self-gen orch merge R1',
  run: async (args, o) => (await import('./merge.run.js')).runOrchMerge(args, o),
};
