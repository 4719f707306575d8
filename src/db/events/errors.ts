// Tool errors and their resolutions, for the error KB, the pre-tool guide and the subagent context.

import type { DB } from '../db.js';
import type { EventType, EventDataMap } from '../event-data.js';
import { parseEventData } from './read.js';
import { stmt } from './write.js';

/** A stored event with its parsed data, typed by its event type. */
export interface TypedEventRow<K extends EventType> {
  id: number;
  ts: string;
  projectPath: string | null;
  data: Partial<EventDataMap[K]>;
}
/** The session's newest tool errors of one tool (at most 100), newest first. */
export function sessionToolErrors(db: DB, sessionId: string, tool: string): TypedEventRow<'tool_error'>[] {
  const rows = stmt(
    db,
    `SELECT id, ts, project_path AS projectPath, data FROM events
     WHERE session_id = ? AND type = 'tool_error' AND json_extract(data, '$.tool') = ?
     ORDER BY ts DESC, id DESC LIMIT 100`,
  ).all(sessionId, tool) as { id: number; ts: string; projectPath: string | null; data: string }[];
  return rows.map((r) => ({ ...r, data: parseEventData<'tool_error'>(r.data) }));
}
/**
 * The KB entry of the newest resolution of this session that learned a fix for the error keyed
 * `error` (its normalized key), or null: the same error, already fixed once in this session.
 */
export function sessionResolvedEntry(db: DB, sessionId: string, error: string): number | null {
  const row = stmt(
    db,
    `SELECT json_extract(data, '$.kbId') AS kbId FROM events
     WHERE session_id = ? AND type = 'resolution' AND json_extract(data, '$.error') = ?
       AND json_extract(data, '$.kbId') IS NOT NULL
     ORDER BY ts DESC, id DESC LIMIT 1`,
  ).get(sessionId, error) as { kbId: number } | undefined;
  return typeof row?.kbId === 'number' ? row.kbId : null;
}
/** Has a resolution event closed the tool_error `errorEventId` of this session? */
export function isErrorResolved(db: DB, sessionId: string, errorEventId: number): boolean {
  return !!stmt(
    db,
    `SELECT 1 FROM events WHERE session_id = ? AND type = 'resolution' AND json_extract(data, '$.errorEventId') = ? LIMIT 1`,
  ).get(sessionId, errorEventId);
}
/**
 * The newest tool errors (at most 200) among the last `scanLimit` events that named a file called
 * `name`, each with the path it was named by; newest first. The data stays JSON text (read it with
 * parseEventData<'tool_error'>) so a hot path parses only the rows it keeps.
 */
export function toolErrorsNamingFile(
  db: DB,
  name: string,
  scanLimit: number,
): { id: number; ts: string; projectPath: string | null; data: string; path: string }[] {
  return stmt(
    db,
    `SELECT e.id, e.ts, e.project_path AS projectPath, e.data, f.path
     FROM (SELECT event_id, path FROM event_files WHERE name = ? ORDER BY event_id DESC LIMIT ${Math.max(1, Math.floor(scanLimit))}) f
     CROSS JOIN events e ON e.id = f.event_id
     WHERE e.type = 'tool_error'
     ORDER BY e.ts DESC, e.id DESC LIMIT 200`,
  ).all(name) as { id: number; ts: string; projectPath: string | null; data: string; path: string }[];
}
/** Paths named (by base name) by edit-tool calls of a project before `before` (at most 50). */
export function editedPaths(
  db: DB,
  o: { name: string; projectPath: string; before: string; tools: string[] },
): string[] {
  return (
    stmt(
      db,
      `SELECT f.path FROM event_files f JOIN events e ON e.id = f.event_id
       WHERE f.name = ? AND e.type = 'tool_use' AND e.project_path = ? AND e.ts < ?
         AND json_extract(e.data, '$.tool') IN (${o.tools.map(() => '?').join(',')}) LIMIT 50`,
    ).all(o.name, o.projectPath, o.before, ...o.tools) as { path: string }[]
  ).map((r) => r.path);
}
/** A project's newest tool errors (at most 30), newest first: the keys the subagent context reads. */
export function recentProjectErrors(
  db: DB,
  projectPath: string,
): { tool: unknown; error: unknown; interrupt: unknown; raw: unknown }[] {
  return stmt(
    db,
    `SELECT json_extract(data, '$.tool') AS tool, json_extract(data, '$.error') AS error,
            json_extract(data, '$.isInterrupt') AS interrupt, json_extract(data, '$.errorRaw') AS raw
     FROM events WHERE project_path = ? AND type = 'tool_error' ORDER BY ts DESC, id DESC LIMIT 30`,
  ).all(projectPath) as { tool: unknown; error: unknown; interrupt: unknown; raw: unknown }[];
}
/** The last `window` subagent_stop outcomes of an agent type (served by idx_events_agent_type). */
export function subagentOutcomes(
  db: DB,
  agentType: string,
  window: number,
): { success: unknown; reason: unknown }[] {
  return stmt(
    db,
    `SELECT json_extract(data, '$.success') AS success, json_extract(data, '$.failureReason') AS reason
     FROM events
     WHERE type = 'subagent_stop' AND json_extract(data, '$.agentType') = ?
     ORDER BY ts DESC LIMIT ?`,
  ).all(agentType, window) as { success: unknown; reason: unknown }[];
}
/**
 * The id of the session's first tool_error in [since, until] before `beforeId`, or null: where the
 * errors a successful call may resolve begin.
 */
export function firstOpenErrorId(
  db: DB,
  o: { sessionId: string; since: string; until: string; beforeId: number },
): number | null {
  const r = stmt(
    db,
    `SELECT min(id) AS id FROM events WHERE session_id = ? AND type = 'tool_error' AND ts >= ? AND ts <= ? AND id < ?`,
  ).get(o.sessionId, o.since, o.until, o.beforeId) as { id: number | null } | undefined;
  return r?.id ?? null;
}
/**
 * The session's tool_use, tool_error and resolution events with ids in [fromId, toId] stamped at
 * or before `until` (event `toId` always), the newest `max` of them, newest first.
 */
export function resolutionWindow(
  db: DB,
  o: { sessionId: string; fromId: number; toId: number; until: string; max: number },
): { id: number; type: string; data: string }[] {
  return stmt(
    db,
    `SELECT id, type, data FROM events
     WHERE session_id = ? AND type IN ('tool_use', 'tool_error', 'resolution') AND id >= ? AND id <= ?
       AND (ts <= ? OR id = ?)
     ORDER BY ts DESC, id DESC LIMIT ${Math.max(1, Math.floor(o.max))}`,
  ).all(o.sessionId, o.fromId, o.toId, o.until, o.toId) as { id: number; type: string; data: string }[];
}
/** Projects where this normalized error was resolved, most recent first (at most 10). */
export function resolvedInProjects(db: DB, error: string): string[] {
  return (
    stmt(
      db,
      `SELECT project, max(ts) AS last FROM events WHERE type = 'resolution' AND project IS NOT NULL
       AND json_extract(data, '$.error') = ? GROUP BY project ORDER BY last DESC LIMIT 10`,
    ).all(error) as { project: string }[]
  ).map((p) => p.project);
}
/** tool_error events with this normalized error after `since`, in project folder `projectPath`. */
export function errorCountSince(db: DB, error: string, since: string, projectPath: string): number {
  return (
    stmt(
      db,
      `SELECT count(*) AS n FROM events WHERE type = 'tool_error' AND ts > ? AND project_path = ?
       AND json_extract(data, '$.error') = ?`,
    ).get(since, projectPath, error) as { n: number }
  ).n;
}

// ---------------------------------------------------------------- the key-version pass (error-kb/rekey.ts)

/** tool_error and resolution events with an id above `afterId`, by id (at most `limit`). */
export function keyedEventsAfter(
  db: DB,
  afterId: number,
  limit: number,
): { id: number; type: 'tool_error' | 'resolution'; data: string }[] {
  return stmt(
    db,
    `SELECT id, type, data FROM events WHERE id > ? AND type IN ('tool_error', 'resolution') ORDER BY id LIMIT ?`,
  ).all(afterId, limit) as { id: number; type: 'tool_error' | 'resolution'; data: string }[];
}
/** The KB key of a tool_error event (its `error`), or null. */
export function toolErrorKey(db: DB, id: number): string | null {
  const r = stmt(
    db,
    `SELECT json_extract(data, '$.error') AS error FROM events WHERE id = ? AND type = 'tool_error'`,
  ).get(id) as { error: string | null } | undefined;
  return r?.error ?? null;
}
/** Gives a tool_error or resolution event the key `key` of version `version`. */
export function setEventKey(db: DB, id: number, key: string, version: number): void {
  stmt(db, `UPDATE events SET data = json_set(data, '$.error', ?, '$.keyVersion', ?) WHERE id = ?`).run(
    key,
    version,
    id,
  );
}
