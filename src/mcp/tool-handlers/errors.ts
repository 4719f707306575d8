// recent_errors (this project's tool errors) and file_history (errors that named a file), each
// with the fix the KB may advise for it here (provenance.ts mcpFix, the hooks' advice filter);
// detail by event id.
import * as z from 'zod';
import { resolve } from 'node:path';
import type { DB } from '../../db/db.js';
import { line } from '../bound.js';
import { fixContext, mcpFix, noFixReason, type FixContext } from '../provenance.js';
import { answer, defineTool, DETAIL_HINT, limitArg, ToolError, type ToolAnswer } from '../tool-contract.js';
import { extractErrorMessage, searchErrorKB } from '../../error-kb/index.js';

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
  const msg = typeof d.errorRaw === 'string' ? extractErrorMessage(d.errorRaw) : '';
  return line(msg || String(d.error ?? ''), 200);
}

/**
 * The KB entry for this normalized error, by the text tiers only (no count bumped), with the fix
 * the advice filter lets through for this project and this error's raw text (null: no advice).
 */
async function knownFix(
  db: DB,
  ctx: FixContext,
  normalized: unknown,
  raw: unknown,
  max = 200,
): Promise<{
  kbId: number;
  fix: string | null;
  provenance?: unknown;
  toolSequence?: string;
  note?: string;
} | null> {
  if (typeof normalized !== 'string' || !normalized) return null;
  // the hooks' search, its exact tier (an index line of many: one indexed query each, as before)
  const hit = await searchErrorKB(db, normalized, {
    tiers: ['exact'],
    normalized: true,
    raw: typeof raw === 'string' ? raw : undefined,
    bump: false,
    embedder: null,
  });
  if (!hit?.resolution) return null;
  const f = mcpFix(db, hit.id, ctx, typeof raw === 'string' ? raw : undefined);
  if (!f) return { kbId: hit.id, fix: null, note: noFixReason(db, hit.id) };
  return {
    kbId: hit.id,
    fix: line(f.fix, max),
    provenance: f.provenance,
    ...(f.toolSequence ? { toolSequence: f.toolSequence } : {}),
  };
}

/** The fix fields of an index line: fix, kbId and the provenance line, or nothing (no advice). */
async function fixLine(db: DB, ctx: FixContext, normalized: unknown, raw: unknown) {
  const k = await knownFix(db, ctx, normalized, raw);
  if (!k?.fix) return {};
  const p = k.provenance as { text: string; fromAnotherProject: boolean };
  return {
    fix: k.fix,
    kbId: k.kbId,
    provenance: p.text,
    ...(p.fromAnotherProject ? { fromAnotherProject: true } : {}),
  };
}

/**
 * One tool error in full. Only this project's unless `anyProject` (the caller asked explicitly):
 * an id of another project answers as an unknown id, so its raw error and command stay there.
 */
async function eventDetail(
  db: DB,
  ctx: FixContext,
  id: number,
  projectPath: string,
  anyProject: boolean,
): Promise<ToolAnswer> {
  const { getEvent } = await import('../../db/events/read.js');
  const ev = getEvent(db, id);
  if (!ev || ev.type !== 'tool_error' || (!anyProject && ev.project_path !== projectPath))
    throw new ToolError(
      `no recorded tool error #${id} in this project`,
      'find ids with recent_errors or file_history; an id recorded in another project needs any_project=true',
    );
  const data = ev.data as ErrorData;
  const fix = await knownFix(db, ctx, data.error, data.errorRaw, 1000);
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
    fix,
    ...(ev.project_path !== projectPath ? { otherProject: true } : {}),
  });
}

const detailArgs = {
  detail: z.number().int().positive().optional().describe('an error id from the index: its full record'),
  any_project: z
    .boolean()
    .optional()
    .describe('with detail: also look up an id recorded in another project (default: this project only)'),
};

async function errorLine(
  db: DB,
  ctx: FixContext,
  r: { id: number; ts: string; session_id?: string | null },
  d: ErrorData,
) {
  return {
    id: r.id,
    ts: r.ts,
    ...(r.session_id !== undefined ? { session: r.session_id } : {}),
    tool: typeof d.tool === 'string' ? d.tool : 'unknown',
    error: await shownError(d),
    ...(await fixLine(db, ctx, d.error, d.errorRaw)),
  };
}

export const recentErrors = defineTool({
  name: 'recent_errors',
  title: 'Recent tool errors in this project',
  description:
    "The newest tool errors recorded in this project (the MCP server's project: CLAUDE_PROJECT_DIR, " +
    'else the git top level of its working folder), newest first, one line each with the fix the ' +
    'knowledge base may advise for it here, if any (as the hooks would: proven, safe, labelled ' +
    'fromAnotherProject when learned elsewhere). `detail=<id>` gives one error of this project in full (raw ' +
    'message, files, tool input); an id of another project only with any_project=true. Read-only.',
  shape: {
    ...detailArgs,
    limit: limitArg(15),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    const ctx = fixContext(d);
    if (a.detail !== undefined) return eventDetail(db, ctx, a.detail, d.project.path, a.any_project === true);
    const { queryEvents } = await import('../../db/events/read.js');
    const limit = a.limit ?? 15;
    const rows = queryEvents(db, { type: 'tool_error', projectPath: d.project.path, limit: 200 });
    const errors: Record<string, unknown>[] = [];
    for (const r of rows) {
      const data = r.data as ErrorData;
      if (data.isInterrupt === true) continue;
      errors.push(await errorLine(db, ctx, r, data));
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
    'per distinct error, each with the fix the knowledge base may advise for it here, if any (as the ' +
    'hooks would). `detail=<id>` gives ' +
    "one error of this project in full (another project's only with any_project=true). Read-only.",
  shape: {
    file: z.string().min(1).max(1024).describe('the file path (absolute, or relative to the project)'),
    ...detailArgs,
    limit: limitArg(10),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    const ctx = fixContext(d);
    if (a.detail !== undefined) return eventDetail(db, ctx, a.detail, d.project.path, a.any_project === true);
    const { fileErrors } = await import('../../pre-tool-guide/index.js');
    const raw = a.file.replace(/\\/g, '/');
    const abs = raw.startsWith('/') || /^[A-Za-z]:\//.test(raw) ? raw : resolve(d.project.path, raw);
    const found = fileErrors(db, abs, d.project.path.replace(/\\/g, '/'), a.limit ?? 10);
    const errors: Record<string, unknown>[] = [];
    for (const f of found) {
      errors.push({
        id: f.id,
        ts: f.ts,
        tool: f.tool,
        error: line(f.message, 200),
        ...(await fixLine(db, ctx, f.error, f.raw)),
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
