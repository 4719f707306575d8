// `self-gen shared-context show [session]`: a session's summary, or what one agent type is given.
import type { CommandSpec } from '../../command-table.js';
import { dirOption } from '../../options.js';
import type { ScShowOptions } from './show.run.js';

export const scShowCommand: CommandSpec<[string | undefined], ScShowOptions> = {
  name: 'show [session]',
  description: 'print the summary of a session (default: the newest); a session id prefix is enough',
  options: [
    {
      flags: '-a, --agent-type <type>',
      description: 'print exactly what SubagentStart would inject into this agent type (filtered and capped)',
    },
    {
      flags: '--project <dir>',
      description: 'the project folder (default: the git top level of the current folder)',
      parse: dirOption(),
    },
    { flags: '--json', description: 'print the entries as JSON' },
  ],
  help: '\nExamples:\n  self-gen shared-context show\n  self-gen shared-context show 1d781026\n  self-gen sc show --agent-type code-reviewer',
  run: async (args, o) => (await import('./show.run.js')).runScShow(args, o),
};
