// The AI analysis's window over the event log (analysis/summarize.ts).

import type { DB } from '../db.js';

/** The events of the analysis: one project (or all, when null) since an ISO time. */
export interface EventWindow {
  project: string | null;
  since: string;
}
export function windowWhere(w: EventWindow): { sql: string; args: unknown[] } {
  return w.project === null
    ? { sql: 'ts >= ?', args: [w.since] }
    : { sql: 'project = ? AND ts >= ?', args: [w.project, w.since] };
}
/** Events per type in the window. */
export function windowTypeCounts(db: DB, win: EventWindow): { type: string; n: number }[] {
  const w = windowWhere(win);
  return db
    .prepare(`SELECT type, count(*) AS n FROM events WHERE ${w.sql} GROUP BY type ORDER BY type`)
    .all(...w.args) as { type: string; n: number }[];
}
/** Distinct sessions in the window. */
export function windowSessionCount(db: DB, win: EventWindow): number {
  const w = windowWhere(win);
  return (
    db.prepare(`SELECT count(DISTINCT session_id) AS s FROM events WHERE ${w.sql}`).get(...w.args) as {
      s: number;
    }
  ).s;
}
/** Projects in the window (at most 50, by name). */
export function windowProjects(db: DB, win: EventWindow): string[] {
  const w = windowWhere(win);
  return (
    db
      .prepare(
        `SELECT DISTINCT project FROM events WHERE ${w.sql} AND project IS NOT NULL ORDER BY project LIMIT 50`,
      )
      .all(...w.args) as { project: string }[]
  ).map((r) => r.project);
}
/** The window's newest prompts (at most 2000) with their text, newest first. */
export function windowPrompts(
  db: DB,
  win: EventWindow,
): { session_id: string | null; text: string | null }[] {
  const w = windowWhere(win);
  return db
    .prepare(
      `SELECT session_id, json_extract(data, '$.text') AS text FROM events
         WHERE type = 'prompt' AND ${w.sql} ORDER BY ts DESC, id DESC LIMIT 2000`,
    )
    .all(...w.args) as { session_id: string | null; text: string | null }[];
}
/** The window's newest tool calls (at most 20000, tool_use and tool_error), newest first. */
export function windowToolCalls(
  db: DB,
  win: EventWindow,
): { session_id: string | null; type: string; tool: string | null }[] {
  const w = windowWhere(win);
  return db
    .prepare(
      `SELECT session_id, type, json_extract(data, '$.tool') AS tool FROM events
       WHERE type IN ('tool_use', 'tool_error') AND ${w.sql} ORDER BY ts DESC, id DESC LIMIT 20000`,
    )
    .all(...w.args) as { session_id: string | null; type: string; tool: string | null }[];
}
/** The window's most frequent (error, tool) pairs (at most 15), with sessions and file paths. */
export function windowErrors(
  db: DB,
  win: EventWindow,
): { error: string; tool: string | null; n: number; s: number; files: string | null }[] {
  const w = windowWhere(win);
  return db
    .prepare(
      `SELECT json_extract(data, '$.error') AS error, json_extract(data, '$.tool') AS tool,
              count(*) AS n, count(DISTINCT session_id) AS s,
              group_concat(DISTINCT json_extract(data, '$.filePath')) AS files
       FROM events WHERE type = 'tool_error' AND ${w.sql}
       GROUP BY error, tool HAVING error IS NOT NULL ORDER BY n DESC, error LIMIT 15`,
    )
    .all(...w.args) as { error: string; tool: string | null; n: number; s: number; files: string | null }[];
}
/** For an error of the window: its two most frequent recorded resolutions. */
export function windowFixes(
  db: DB,
  win: EventWindow,
): (error: string) => { resolution: string | null; n: number }[] {
  const w = windowWhere(win);
  const s = db.prepare(
    `SELECT json_extract(data, '$.resolution') AS resolution, count(*) AS n FROM events
     WHERE type = 'resolution' AND ${w.sql} AND json_extract(data, '$.error') = ?
     GROUP BY resolution ORDER BY n DESC, resolution LIMIT 2`,
  );
  return (error) => s.all(...w.args, error) as { resolution: string | null; n: number }[];
}
/** Subagent runs and failures per agent type in the window (at most 15). */
export function windowSubagents(
  db: DB,
  win: EventWindow,
): { agentType: string | null; runs: number; failures: number }[] {
  const w = windowWhere(win);
  return db
    .prepare(
      `SELECT json_extract(data, '$.agentType') AS agentType, count(*) AS runs,
              sum(CASE WHEN json_extract(data, '$.success') = 0 THEN 1 ELSE 0 END) AS failures
       FROM events WHERE type = 'subagent_stop' AND ${w.sql}
       GROUP BY agentType ORDER BY runs DESC, agentType LIMIT 15`,
    )
    .all(...w.args) as { agentType: string | null; runs: number; failures: number }[];
}
/** For an agent type of the window: its three most frequent failure reasons. */
export function windowFailureReasons(db: DB, win: EventWindow): (agentType: string) => { reason: string }[] {
  const w = windowWhere(win);
  const s = db.prepare(
    `SELECT json_extract(data, '$.failureReason') AS reason, count(*) AS n FROM events
     WHERE type = 'subagent_stop' AND ${w.sql} AND json_extract(data, '$.agentType') = ?
       AND json_extract(data, '$.success') = 0 AND json_extract(data, '$.failureReason') IS NOT NULL
     GROUP BY reason ORDER BY n DESC, reason LIMIT 3`,
  );
  return (agentType) => s.all(...w.args, agentType) as { reason: string }[];
}
