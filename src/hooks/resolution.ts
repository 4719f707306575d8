// Resolution detection (DESIGN §5): after a tool_error, the next successful use of the same tool in
// the session (same agent), or an Edit/Write of a file the error named, resolves it — once.
import { recordResolution } from '../kb/record.js';
import type { DB } from '../store/db.js';
import { insertEvent, stmt } from '../store/events.js';
import { sameFile } from '../shared/files.js';
import { describeCall, FILE_EDIT_TOOLS, toolFilePath } from './tool-input.js';
import type { HookDeps, HookInput } from './types.js';

/** Errors older than this are no longer considered open. */
const OPEN_WINDOW_MS = 2 * 60 * 60 * 1000;

interface OpenError {
  id: number;
  ts: string;
  tool: string;
  error: string;
  errorRaw: string;
  filePath?: string;
  files: string[];
  agentId?: string;
}

function openErrors(db: DB, sessionId: string, since: string, before: string): OpenError[] {
  // Only errors fired before this call: a PostToolUse recorded late (async hooks) must not resolve
  // an error that happened after it.
  const errors = stmt(
    db,
    `SELECT id, ts, data FROM events WHERE session_id = ? AND type = 'tool_error' AND ts >= ? AND ts < ? ORDER BY ts DESC, id DESC LIMIT 50`,
  ).all(sessionId, since, before) as { id: number; ts: string; data: string }[];
  if (errors.length === 0) return [];
  const resolved = new Set(
    (
      stmt(
        db,
        `SELECT json_extract(data, '$.errorEventId') AS eid FROM events WHERE session_id = ? AND type = 'resolution' AND ts >= ?`,
      ).all(sessionId, since) as { eid: number | null }[]
    ).map((r) => r.eid),
  );
  const out: OpenError[] = [];
  for (const e of errors) {
    if (resolved.has(e.id)) continue;
    let d: Record<string, unknown>;
    try {
      d = JSON.parse(e.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (d.isInterrupt === true || typeof d.error !== 'string' || !d.error) continue;
    out.push({
      id: e.id,
      ts: e.ts,
      tool: String(d.tool ?? ''),
      error: d.error,
      errorRaw: String(d.errorRaw ?? ''),
      filePath: typeof d.filePath === 'string' ? d.filePath : undefined,
      files: Array.isArray(d.files)
        ? (d.files as unknown[]).filter((f): f is string => typeof f === 'string')
        : [],
      agentId: typeof d.agentId === 'string' ? d.agentId : undefined,
    });
  }
  return out;
}

function toolsBetween(db: DB, sessionId: string, afterId: number, agentId: string | undefined): string[] {
  const rows = stmt(
    db,
    `SELECT id, data FROM events WHERE session_id = ? AND type = 'tool_use' AND id > ? ORDER BY id ASC LIMIT 50`,
  ).all(sessionId, afterId) as { id: number; data: string }[];
  const seq: string[] = [];
  for (const r of rows) {
    try {
      const d = JSON.parse(r.data) as { tool?: string; agentId?: string };
      if ((d.agentId ?? undefined) === agentId && d.tool) seq.push(d.tool);
    } catch {}
  }
  return seq.slice(-20);
}

/**
 * Called after a successful tool call was recorded (event id `toolEventId`). Records one
 * resolution event + error_kb UPSERT per open error this call resolves. Returns how many.
 */
export function detectResolutions(input: HookInput, deps: HookDeps, db: DB): number {
  const tool = input.tool_name ?? '';
  if (!tool) return 0;
  const now = deps.now();
  const since = new Date(now.getTime() - OPEN_WINDOW_MS).toISOString();
  const agentId = input.agent_id;
  const file = toolFilePath(input.tool_input);
  const candidates = openErrors(db, input.session_id, since, now.toISOString()).filter((e) => {
    if (e.agentId !== agentId) return false;
    if (e.tool === tool) return true;
    if (file && FILE_EDIT_TOOLS.has(tool)) {
      const named = [e.filePath, ...e.files].filter((f): f is string => !!f);
      return named.some((f) => sameFile(f, file));
    }
    return false;
  });
  let n = 0;
  for (const e of candidates) {
    const toolSequence = toolsBetween(db, input.session_id, e.id, agentId);
    if (toolSequence.length === 0) toolSequence.push(tool);
    const resolution = describeCall(tool, input.tool_input);
    const kbId = recordResolution(
      db,
      e.error,
      { errorRaw: e.errorRaw, resolution, resolvedBy: tool, toolSequence },
      now,
    );
    insertEvent(db, {
      type: 'resolution',
      ts: now.toISOString(),
      sessionId: input.session_id,
      project: deps.project.name,
      projectPath: deps.project.path,
      data: {
        errorEventId: e.id,
        error: e.error,
        tool: e.tool,
        resolvedBy: tool,
        toolSequence,
        resolution,
        kbId,
        agentId,
      },
      text: `${e.error} ${resolution}`,
    });
    n++;
  }
  return n;
}
