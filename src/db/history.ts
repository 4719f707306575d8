// Search your history: the prompts, tool calls and errors of past sessions, found with the full-text
// index the recorder already keeps (events_fts: the redacted prompt text, tool + command + file of a
// call, tool + raw error of a failure), for the MCP tool `search_history` and the dashboard. Index
// first (a bounded list of hits, one line each, with ids), then one event in full with its session
// timeline around it. Scoped to one project folder unless `projectPath` is null. SQL: db/events/search.ts.
import type { DB } from './db.js';
import { ftsQuery } from '../common/fts.js';
import { redact, truncate } from '../common/redact.js';
import { type EventRow } from './events/write.js';
import { sessionEventsAround } from './events/search.js';
import { searchEventText } from './events/search.js';
import { getEvent } from './events/read.js';
import { queryEvents } from './events/read.js';

/** What can be searched, by the names users give them. */
export const HISTORY_KINDS = { prompt: 'prompt', tool_call: 'tool_use', error: 'tool_error' } as const;
export type HistoryKind = keyof typeof HISTORY_KINDS;

export interface HistoryHit {
  id: number;
  type: string;
  at: string;
  session: string | null;
  project: string | null;
  projectPath: string | null;
  /** One line (at most 200 characters). */
  line: string;
}

export interface HistoryEvent extends HistoryHit {
  tool: string | null;
  /** The event's text in full, bounded (prompt, command or file, error). */
  text: string;
}

export const MAX_HITS = 50;
const LINE = 200;
const TEXT = 2000;

const oneLine = (s: string, max: number) => truncate(redact(s.replace(/\s+/g, ' ').trim()), max);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The main input of a tool call, as text (command, file, pattern, url, description, prompt). */
function inputText(v: unknown): string {
  if (!v || typeof v !== 'object') return typeof v === 'string' ? v : '';
  const o = v as Record<string, unknown>;
  for (const k of ['command', 'file_path', 'pattern', 'url', 'query', 'description', 'prompt'])
    if (typeof o[k] === 'string' && o[k]) return o[k];
  return JSON.stringify(o);
}

/** What an event says, in full (before the one-line cut). */
function eventText(type: string, d: Record<string, unknown>): string {
  switch (type) {
    case 'prompt':
      return str(d.text) || `(prompt of ${String(d.length ?? '?')} characters, text not kept)`;
    case 'tool_use':
      return `${str(d.tool)} ${inputText(d.input)}`;
    case 'tool_error':
      return `${str(d.tool)} failed: ${str(d.errorRaw) || str(d.error)}`;
    case 'subagent_start':
      return `${str(d.agentType) || 'subagent'} started`;
    case 'subagent_stop':
      return `${str(d.agentType) || 'subagent'} ${d.success === 1 ? 'succeeded' : 'failed'}${str(d.failureReason) ? `: ${str(d.failureReason)}` : ''}`;
    case 'session_start':
      return `session started (${str(d.source) || '?'})`;
    case 'session_summary':
      return `session ended: ${Number(d.tools ?? 0) + Number(d.errors ?? 0)} tool calls (${String(d.errors ?? 0)} failed)`;
    case 'resolution':
      return `fix learned: ${str(d.error)} → ${str(d.resolution) || str(d.resolvedBy)}`;
    default:
      return type;
  }
}

function hit(e: EventRow): HistoryHit {
  return {
    id: e.id,
    type: e.type,
    at: e.ts,
    session: e.session_id,
    project: e.project,
    projectPath: e.project_path,
    line: oneLine(eventText(e.type, e.data), LINE),
  };
}

/**
 * The events whose text has every word of `query` (any order, any case), best match first: at most
 * `limit` (≤ 50). Empty when the query has no word.
 */
export function searchHistory(
  db: DB,
  o: { query: string; projectPath: string | null; kinds?: HistoryKind[]; limit?: number },
): HistoryHit[] {
  const match = ftsQuery(o.query);
  if (!match) return [];
  const kinds = o.kinds?.length ? o.kinds : (Object.keys(HISTORY_KINDS) as HistoryKind[]);
  const limit = Math.max(1, Math.min(o.limit ?? 10, MAX_HITS));
  return searchEventText(db, {
    match,
    projectPath: o.projectPath,
    types: kinds.map((k) => HISTORY_KINDS[k]),
    limit,
  }).map(hit);
}

/** One event in full (its text bounded), or null. */
export function historyEvent(db: DB, id: number): HistoryEvent | null {
  const e = getEvent(db, id);
  if (!e) return null;
  return {
    ...hit(e),
    tool: str(e.data.tool) || null,
    text: truncate(redact(eventText(e.type, e.data)), TEXT),
  };
}

/** The session's events around event `id` (`before` earlier, `after` later), one line each, oldest first. */
export function timelineAround(db: DB, e: HistoryHit, before = 5, after = 5): HistoryHit[] {
  if (!e.session) return [];
  return sessionEventsAround(db, { sessionId: e.session, ts: e.at, id: e.id, before, after }).map(hit);
}

/** A session's newest `limit` events, one line each, oldest first. */
export function sessionHistory(db: DB, sessionId: string, limit = 40): HistoryHit[] {
  return queryEvents(db, { sessionId, limit: Math.max(1, Math.min(limit, 200)) })
    .reverse()
    .map(hit);
}
