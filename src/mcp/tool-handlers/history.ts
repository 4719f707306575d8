// search_history: the prompts, tool calls and errors of past sessions (db/history.ts). Index first
// (hits with ids, one line each), then detail=<id> (the event in full and its session around it),
// or session_id=<id> (that session's timeline). This project only, unless scope=all.
import * as z from 'zod';
import {
  HISTORY_KINDS,
  historyEvent,
  searchHistory,
  sessionHistory,
  timelineAround,
} from '../../db/history.js';
import type { HistoryKind } from '../../db/history.js';
import { line } from '../bound.js';
import { answer, defineTool, limitArg, ToolError } from '../tool-contract.js';

const KINDS = Object.keys(HISTORY_KINDS) as [HistoryKind, ...HistoryKind[]];

export const searchHistoryTool = defineTool({
  name: 'search_history',
  title: 'Search past sessions (prompts, tool calls, errors)',
  description:
    "Full-text search over what earlier Claude Code sessions recorded: the user's prompts, the tool calls " +
    '(tool, command, file) and the errors, e.g. "flaky login test" or "ECONNREFUSED". Every word must ' +
    'match (any order). Returns an index: one line per hit with its id, type, time and session, best ' +
    'match first. Then `detail=<id>` gives that event in full with the events around it in its session, ' +
    'and `session_id=<id>` that session\'s timeline. This project only unless scope="all". Text was ' +
    'redacted when recorded. Read-only.',
  shape: {
    query: z.string().max(500).optional().describe('words to find (all of them must match)'),
    scope: z
      .enum(['project', 'all'])
      .optional()
      .describe('"project" (default): this project only; "all": every project recorded'),
    types: z
      .array(z.enum(KINDS))
      .max(3)
      .optional()
      .describe('only these kinds: prompt, tool_call, error (default: all three)'),
    limit: limitArg(10),
    detail: z.number().int().min(1).optional().describe('an event id from the index: that event in full'),
    session_id: z.string().max(200).optional().describe('a session id from the index: its timeline'),
  },
  readOnly: true,
  run(a, d) {
    const db = d.db();
    const all = a.scope === 'all';
    const inScope = (projectPath: string | null) => all || projectPath === d.project.path;
    const otherProject = (what: string) =>
      new ToolError(
        `${what} is from another project than ${d.project.path}`,
        'call again with scope="all" to read it',
      );
    if (a.detail !== undefined) {
      const e = historyEvent(db, a.detail);
      if (!e)
        throw new ToolError(
          `no event ${a.detail}`,
          'take an id from the index (search_history with a query)',
        );
      if (!inScope(e.projectPath)) throw otherProject(`event ${a.detail}`);
      return answer(
        {
          event: e,
          timeline: timelineAround(db, e),
          ...(e.session ? { hint: `session_id="${e.session}" gives the whole session` } : {}),
        },
        'timeline',
      );
    }
    const session = (a.session_id ?? '').trim();
    if (session) {
      const events = sessionHistory(db, session, a.limit ?? 40);
      if (events.length === 0)
        throw new ToolError(`no session ${line(session, 80)}`, 'take a session id from the index');
      if (!events.every((e) => inScope(e.projectPath))) throw otherProject(`session ${line(session, 80)}`);
      return answer({ session, events, hint: 'call again with detail=<id> for one event in full' }, 'events');
    }
    const query = (a.query ?? '').trim();
    if (!query)
      throw new ToolError(
        'nothing to search for',
        'give query="words", or detail=<event id>, or session_id=<session>',
      );
    const hits = searchHistory(db, {
      query,
      projectPath: all ? null : d.project.path,
      kinds: a.types,
      limit: a.limit ?? 10,
    });
    return answer(
      {
        query,
        scope: all ? 'all projects' : d.project.path,
        hits: all ? hits : hits.map(({ project: _p, projectPath: _pp, ...h }) => h),
        ...(hits.length
          ? { hint: 'call again with detail=<id> for an event in full, with its session around it' }
          : { note: all ? 'nothing recorded matches' : 'nothing in this project matches; try scope="all"' }),
      },
      'hits',
    );
  },
});
