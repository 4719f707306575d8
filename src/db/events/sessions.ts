// What the hooks ask about one session (recording, transcript ingest, shared context).

import type { DB } from '../db.js';
import { stmt, type EventType } from './write.js';

/** The project (and its folder) a session was recorded under: its first event that has one. */
export function sessionProject(
  db: DB,
  sessionId: string,
): { project: string; projectPath: string | null } | null {
  const r = stmt(
    db,
    `SELECT project, project_path AS projectPath FROM events
     WHERE session_id = ? AND project IS NOT NULL ORDER BY ts LIMIT 1`,
  ).get(sessionId) as { project: string; projectPath: string | null } | undefined;
  return r ?? null;
}
/** Does the session have an event of this type? */
export function sessionHasEvent(db: DB, sessionId: string, type: EventType): boolean {
  return !!stmt(db, `SELECT 1 FROM events WHERE session_id = ? AND type = ? LIMIT 1`).get(sessionId, type);
}
/** The transcript the session's newest session_start recorded. */
export function sessionTranscriptPath(db: DB, sessionId: string): string | null {
  const r = stmt(
    db,
    `SELECT json_extract(data, '$.transcriptPath') AS p FROM events
     WHERE session_id = ? AND type = 'session_start' ORDER BY ts DESC LIMIT 1`,
  ).get(sessionId) as { p: unknown } | undefined;
  return typeof r?.p === 'string' && r.p ? r.p : null;
}
/** The time of the session's first session_start. */
export function sessionStartTs(db: DB, sessionId: string): string | null {
  const r = stmt(
    db,
    `SELECT ts FROM events WHERE session_id = ? AND type = 'session_start' ORDER BY ts ASC LIMIT 1`,
  ).get(sessionId) as { ts: string } | undefined;
  return r?.ts ?? null;
}
/** Events per type in a session. */
export function sessionTypeCounts(db: DB, sessionId: string): Record<string, number> {
  const rows = stmt(db, `SELECT type, count(*) AS n FROM events WHERE session_id = ? GROUP BY type`).all(
    sessionId,
  ) as { type: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.type, r.n]));
}
/** The session's newest subagent_start events (at most 200): when each agent started. */
export function subagentStarts(db: DB, sessionId: string): { ts: string; agentId: string | null }[] {
  return stmt(
    db,
    `SELECT ts, json_extract(data, '$.agentId') AS agentId FROM events
     WHERE session_id = ? AND type = 'subagent_start' ORDER BY ts DESC LIMIT 200`,
  ).all(sessionId) as { ts: string; agentId: string | null }[];
}
/** The tool_use_ids a session already has events for (tool calls and errors). */
export function sessionToolCallIds(db: DB, sessionId: string): Set<string> {
  const rows = stmt(
    db,
    `SELECT json_extract(data, '$.toolUseId') AS id FROM events
     WHERE session_id = ? AND type IN ('tool_use', 'tool_error')`,
  ).all(sessionId) as { id: unknown }[];
  return new Set(rows.map((r) => r.id).filter((id): id is string => typeof id === 'string' && !!id));
}
/** Whether a transcript ingestion already recorded the call with this id. */
export function transcriptCallRecorded(db: DB, sessionId: string, toolUseId: string): boolean {
  return !!stmt(
    db,
    `SELECT 1 FROM events WHERE session_id = ? AND type = 'tool_use'
       AND json_extract(data, '$.source') = 'transcript' AND json_extract(data, '$.toolUseId') = ? LIMIT 1`,
  ).get(sessionId, toolUseId);
}
/** The working folder a session's latest SessionStart recorded ('' when none). */
export function sessionStartCwd(db: DB, sessionId: string): string {
  const r = stmt(
    db,
    `SELECT json_extract(data, '$.cwd') AS cwd FROM events
     WHERE session_id = ? AND type = 'session_start' ORDER BY ts DESC LIMIT 1`,
  ).get(sessionId) as { cwd: unknown } | undefined;
  return typeof r?.cwd === 'string' ? r.cwd : '';
}
