// `self-gen orch init`: start (or resume) the orchestrator session of this project.
import type { CommandSpec } from '../../command-table.js';
import type { OrchInitOptions } from './init.run.js';

export const orchInitCommand: CommandSpec<[], OrchInitOptions> = {
  name: 'init',
  description: 'start (or resume) the orchestrator session of this project: session.json + state.json',
  options: [
    {
      flags: '-r, --request <text>',
      description: "the user's request (required for a new session): the next free R<n>",
    },
    {
      flags: '--claude-md <path>',
      description: 'the CLAUDE.md the planner reads (default: CLAUDE.md or .claude/CLAUDE.md when present)',
    },
    {
      flags: '--agents-md <path>',
      description: 'the AGENTS.md of the manifest (default: AGENTS.md when present)',
    },
    {
      flags: '--ref <path...>',
      description: "reference projects for Code Explore (kept in self-gen's own folder)",
    },
    { flags: '--new', description: 'stop an active session and start a new one' },
    { flags: '--json', description: 'machine-readable output' },
  ],
  help: '\nExamples:\n  self-gen orch init --request "Add a password reset flow"\n  self-gen orch init --new --ref ../other-service',
  run: async (args, o) => (await import('./init.run.js')).runOrchInit(args, o),
};
