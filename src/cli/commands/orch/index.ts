// `self-gen orch …`: the orchestrator's contracts, merge, per-role context and state (seed 003,
// see docs/orchestrator.md).
import type { CommandSpec } from '../../command-table.js';
import { orchContextCommand } from './context.js';
import { orchInitCommand } from './init.js';
import { orchMergeCommand } from './merge.js';
import { orchMigrateCommand } from './migrate.js';
import { orchRecordCommand } from './record/index.js';
import { orchStatusCommand } from './status.js';
import { orchValidateCommand } from './validate.js';

export const orchCommand: CommandSpec = {
  name: 'orch',
  description: 'orchestrator: 3-tier contracts (request → task → subtask), merge, per-role context, state',
  options: [
    {
      flags: '-C, --project <dir>',
      description:
        'the project root (default: CLAUDE_PROJECT_DIR, else the git top level of the current folder)',
    },
  ],
  help: `\nWorks on the files of the claude-devkit orchestrator skill (.claude/orchestrator/), in its formats.\nWorkflow without the skill:\n  self-gen orch init --request "Add rate limiting to the login endpoint"\n  self-gen orch context code-explore      # and: context planner (run both in parallel)\n  self-gen orch record contract explored explored.yaml\n  self-gen orch record contract task-breakdown task-breakdown.yaml\n  self-gen orch merge R1\n  self-gen orch context architect         # per task; then qa-test-first, implementer, qa-verification per subtask\n  self-gen orch status\n\nSee docs/orchestrator.md.`,
  commands: [
    orchInitCommand,
    orchMergeCommand,
    orchContextCommand,
    orchRecordCommand,
    orchStatusCommand,
    orchValidateCommand,
    orchMigrateCommand,
  ],
};
