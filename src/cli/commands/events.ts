// `self-gen events`: the recorded events, newest first.
import type { CommandSpec } from '../command-table.js';
import { EVENT_TYPES, enumOption, intOption, sinceOption } from '../options.js';
import type { EventsOptions } from './events.run.js';

export const eventsCommand: CommandSpec<[], EventsOptions> = {
  name: 'events',
  description: 'list recorded events, newest first',
  options: [
    {
      flags: '-t, --type <type>',
      description: `event type (${EVENT_TYPES.join(', ')})`,
      parse: enumOption(EVENT_TYPES),
    },
    { flags: '-s, --session <id>', description: 'only this session' },
    { flags: '-p, --project <name>', description: 'only this project (name)' },
    {
      flags: '--since <when>',
      description:
        'only events at or after this time: ISO date/time (2026-11-20, 2026-11-20T08:00Z) or 90m, 12h, 7d, 2w ago',
      parse: sinceOption(),
    },
    { flags: '-q, --search <text>', description: 'full-text search' },
    {
      flags: '-n, --limit <n>',
      description: 'how many (1 to 10000)',
      parse: intOption(1, 10000),
      default: 20,
    },
    { flags: '--json', description: 'print JSON lines' },
  ],
  help: '\nExamples:\n  self-gen events -t tool_error -n 5\n  self-gen events -q "cannot find module"',
  run: async (args, o) => (await import('./events.run.js')).runEvents(args, o),
};
