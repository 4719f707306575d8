// recent_errors (this project's tool errors) and file_history (errors that named a file), each
// with the fix the KB has for it; detail by event id.
import * as z from 'zod';
import { resolve } from 'node:path';
import type { DB } from '../../store/db.js';
import { line } from '../bound.js';
import { provenanceOf } from '../provenance.js';
import { answer, defineTool, DETAIL_HINT, limitArg, ToolError, type ToolAnswer } from '../tool.js';

interface ErrorData {
  tool?: unknown;
  error?: unknown;
  errorRaw?: unknown;
  isInterrupt?: unknown;
  filePath?: unknown;
  files?: unknown;
  input?: unknown;
  agentType?: unknown;
}

async function shownError(d: ErrorData): Promise<string> {
  const { extractErrorMessage } = await import('../../kb/normalize.js');
  const msg = typeof d.errorRaw === 'string' ? extractErrorMessage(d.errorRaw) : '';
  return line(msg || String(d.error ?? ''), 200);
}

/** The KB entry with a fix for this normalized error, by the text tiers only (no count bumped). */
async function knownFix(db: DB, normalized: unknown): Promise<{ id: number; fix: string } | null> {
  if (typeof normalized !== 'string' || !normalized) return null;
  const { searchText } = await import('../../kb/search.js');
  const { describeResolution } = await import('../../kb/record.js');
  const hit = searchText(db, normalized);
  return hit?.resolution ? { id: hit.id, fix: line(describeResolution(hit), 200) } : null;
}

async function eventDetail(db: DB, id: number): Promise<ToolAnswer> {
  const { getEvent } = await import('../../store/events.js');
  const ev = getEvent(db, id);
  if (!ev || ev.type !== 'tool_error')
    throw new ToolError(`no recorded tool error #${id}`, 'find ids with recent_errors or file_history');
  const data = ev.data as ErrorData;
  const fix = await knownFix(db, data.error);
  const kb = fix ? await import('../../kb/manage.js').then((m) => m.getEntry(db, fix.id)) : null;
  return answer({
    id: ev.id,
    ts: ev.ts,
    session: ev.session_id,
    project: ev.project,
    tool: data.tool ?? null,
    error: data.error ?? null,
    errorRaw: data.errorRaw ?? null,
    files: Array.isArray(data.files) ? data.files.slice(0, 20) : [],
    input: data.input ?? null,
    agentType: data.agentType ?? null,
    fix: fix && kb ? { kbId: fix.id, fix: fix.fix, provenance: provenanceOf(kb) } : null,
  });
}

async function errorLine(db: DB, r: { id: number; ts: string; session_id?: string | null }, d: ErrorData) {
  const fix = await knownFix(db, d.error);
  return {
    id: r.id,
    ts: r.ts,
    ...(r.session_id !== undefined ? { session: r.session_id } : {}),
    tool: typeof d.tool === 'string' ? d.tool : 'unknown',
    error: await shownError(d),
    ...(fix ? { fix: fix.fix, kbId: fix.id } : {}),
  };
}

export const recentErrors = defineTool({
  name: 'recent_errors',
  title: 'Recent tool errors in this project',
  description:
    "The newest tool errors recorded in this project (the MCP server's project: CLAUDE_PROJECT_DIR, " +
    'else the git top level of its working folder), newest first, one line each with the fix the ' +
    'knowledge base has for it, if any. `detail=<id>` gives one error in full (raw message, files, ' +
    'tool input). Read-only.',
  shape: {
    detail: z.number().int().positive().optional().describe('an error id from the index: its full record'),
    limit: limitArg(15),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    if (a.detail !== undefined) return eventDetail(db, a.detail);
    const { queryEvents } = await import('../../store/events.js');
    const limit = a.limit ?? 15;
    const rows = queryEvents(db, { type: 'tool_error', projectPath: d.project.path, limit: 200 });
    const errors: Record<string, unknown>[] = [];
    for (const r of rows) {
      const data = r.data as ErrorData;
      if (data.isInterrupt === true) continue;
      errors.push(await errorLine(db, r, data));
      if (errors.length >= limit) break;
    }
    return answer(
      {
        project: d.project.path,
        errors,
        ...(errors.length ? { hint: DETAIL_HINT } : { note: 'no tool error recorded in this project' }),
      },
      'errors',
    );
  },
});

export const fileHistory = defineTool({
  name: 'file_history',
  title: 'Past errors and fixes that named a file',
  description:
    'Past tool errors that named this file (matched by whole path components, so config.json never ' +
    'matches tsconfig.json; a relative path is taken relative to the project), newest first and one ' +
    'per distinct error, each with the fix the knowledge base has for it, if any. `detail=<id>` gives ' +
    'one error in full. Read-only.',
  shape: {
    file: z.string().min(1).max(1024).describe('the file path (absolute, or relative to the project)'),
    detail: z.number().int().positive().optional().describe('an error id from the index: its full record'),
    limit: limitArg(10),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    if (a.detail !== undefined) return eventDetail(db, a.detail);
    const { fileErrors } = await import('../../hooks/pre-tool-guide.js');
    const raw = a.file.replace(/\\/g, '/');
    const abs = raw.startsWith('/') || /^[A-Za-z]:\//.test(raw) ? raw : resolve(d.project.path, raw);
    const found = fileErrors(db, abs, d.project.path.replace(/\\/g, '/'), a.limit ?? 10);
    const errors: Record<string, unknown>[] = [];
    for (const f of found) {
      const fix = await knownFix(db, f.error);
      errors.push({
        id: f.id,
        ts: f.ts,
        tool: f.tool,
        error: line(f.message, 200),
        ...(fix ? { fix: fix.fix, kbId: fix.id } : {}),
      });
    }
    return answer(
      {
        file: abs,
        errors,
        ...(errors.length ? { hint: DETAIL_HINT } : { note: 'no recorded error named this file' }),
      },
      'errors',
    );
  },
});
