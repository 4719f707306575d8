// The past tool errors that named a file (the pre-tool guide's Edit/Write lookup, and MCP
// `file_history`): matched by whole path components through event_files, newest first.
import { posix } from 'node:path';
import type { DB } from '../db/db.js';
import { sameFile } from '../common/files.js';
import { oneLine } from '../common/redact.js';
import { extractErrorMessage } from '../error-kb/index.js';
import { toolErrorsNamingFile } from '../db/events/errors.js';
import { parseEventData } from '../db/events/read.js';
import type { ToolErrorData } from '../db/event-data.js';

/** How many of a file name's newest event_files rows are looked at (bounds the work per hook). */
const FILE_SCAN_LIMIT = 2000;
export const ERROR_MAX = 200;

/** tool_error data as read back (store/event-data.ts): rows may lack any key. */
export type ErrorData = Partial<ToolErrorData>;

/** What is shown of a recorded error: its own message (already redacted), else the normalized form. */
export function shownError(d: ErrorData): string {
  const msg = typeof d.errorRaw === 'string' ? extractErrorMessage(d.errorRaw) : '';
  return oneLine(msg || String(d.error ?? ''), ERROR_MAX);
}

export function toPosix(p: string): string {
  return p.replace(/\\/g, '/');
}

export function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:\//.test(p);
}

export interface FileError {
  id: number;
  ts: string;
  tool: string;
  /** The normalized error (the KB key). */
  error: string;
  /** The error's own message, for display. */
  message: string;
  /** The raw error text as stored (redacted). */
  raw?: string;
}

/**
 * The newest distinct (by normalized error) tool errors that named `filePath`. A relative path in
 * an error only counts for events of the same project (it was relative to that project).
 */
export function fileErrors(db: DB, filePath: string, projectPath: string, limit: number): FileError[] {
  const target = toPosix(filePath);
  const name = posix.basename(target);
  if (!name) return [];
  const rows = toolErrorsNamingFile(db, name, FILE_SCAN_LIMIT);
  const out: FileError[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (!sameFile(r.path, target)) continue;
    if (!isAbsolute(r.path) && isAbsolute(target)) {
      const pp = r.projectPath ? toPosix(r.projectPath) : null;
      if (!pp || (pp !== projectPath && !target.startsWith(pp.replace(/\/+$/, '') + '/'))) continue;
    }
    const d: ErrorData = parseEventData<'tool_error'>(r.data);
    if (d.isInterrupt === true || typeof d.error !== 'string' || !d.error || seen.has(d.error)) continue;
    seen.add(d.error);
    out.push({
      id: r.id,
      ts: r.ts,
      tool: typeof d.tool === 'string' ? d.tool : 'unknown',
      error: d.error,
      message: shownError(d),
      ...(typeof d.errorRaw === 'string' ? { raw: d.errorRaw } : {}),
    });
    if (out.length >= limit) break;
  }
  return out;
}
