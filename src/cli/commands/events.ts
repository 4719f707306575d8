// `self-gen events`: the recorded events, newest first.
import { queryEvents } from '../../db/events/read.js';
import type { CommandSpec } from '../command-table.js';
import { enumOption, EVENT_TYPES, intOption, sinceOption } from '../options.js';
import { openForReading } from '../read-db.js';

export interface EventsOptions {
  type?: string;
  session?: string;
  project?: string;
  since?: string;
  search?: string;
  limit: number;
  json?: boolean;
}

export function runEvents(_args: [], o: EventsOptions): void {
  const db = openForReading();
  const rows = queryEvents(db, {
    type: o.type,
    sessionId: o.session,
    project: o.project,
    since: o.since,
    search: o.search,
    limit: o.limit,
  });
  for (const r of rows) {
    if (o.json) console.log(JSON.stringify(r));
    else
      console.log(
        `${r.ts}  ${r.type.padEnd(15)} ${r.project ?? '-'}  ${JSON.stringify(r.data).slice(0, 160)}`,
      );
  }
  if (!o.json && rows.length === 0) console.log('no events match');
  db.close();
}

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
  run: runEvents,
};
