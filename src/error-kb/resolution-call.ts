// The calls resolution detection reasons about: a tool_use or tool_error event's data read back
// (parseCall), and which tools and errors it knows (file tools, command tools, tool-usage errors).
import type { ToolErrorData } from '../db/event-data.js';

export const FILE_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'Read', 'NotebookEdit']);
/** Tools whose input is a shell command line. */
export const COMMAND_TOOLS = new Set(['Bash', 'PowerShell']);
export const SAME_FAMILY: Record<string, string[]> = {
  Edit: ['Edit', 'MultiEdit'],
  MultiEdit: ['Edit', 'MultiEdit'],
  Write: ['Write'],
  Read: ['Read'],
  NotebookEdit: ['NotebookEdit'],
};

/** Errors that say the user or a permission rule stopped the call: nothing to learn. */
const NEVER_LEARN =
  /doesn't want to proceed with this tool use|tool use was rejected|user rejected|has been denied|haven't granted it yet|permission to use \S+ (?:with command .*)?has been denied|blocked by (?:a |the )?hook|operation blocked by hook/i;

export type ToolUsageKind = 'not-read' | 'modified' | 'old-string' | 'multiple-matches';

/** Claude Code's own tool-usage errors (Edit/Write contract), by kind. */
export function toolUsageKind(raw: string): ToolUsageKind | null {
  if (/File has not been read yet|File must be read first|Read it first before writing/i.test(raw))
    return 'not-read';
  if (/File has been (?:unexpectedly )?modified since read/i.test(raw)) return 'modified';
  if (/String to replace not found|old_string not found|old_string was not found/i.test(raw))
    return 'old-string';
  if (/Found \d+ matches of the string to replace|old_string is not unique/i.test(raw))
    return 'multiple-matches';
  return null;
}

export function neverLearned(raw: string, isInterrupt: boolean): boolean {
  return isInterrupt || NEVER_LEARN.test(raw);
}

export interface Call {
  id: number;
  type: 'tool_use' | 'tool_error';
  tool: string;
  command?: string;
  file?: string;
  excerpt?: string;
  agentId?: string;
  // errors only
  error?: string;
  errorRaw?: string;
  files?: string[];
  isInterrupt?: boolean;
  /** Any other tool: its target (tool-input.ts `target`), and an excerpt of its free-text input. */
  target?: string;
  /** A piped command's output showed no error (ingest.ts). */
  outputClean?: boolean;
}

/** The input fields that name the target of the tools tool-input.ts summarises by name. */
const TARGET_FIELDS: Record<string, string[]> = {
  Agent: ['subagent_type', 'description'],
  Task: ['subagent_type', 'description'],
  WebFetch: ['url'],
  WebSearch: ['query'],
  Glob: ['pattern', 'path'],
  Grep: ['pattern', 'path'],
};

export function parseCall(id: number, type: string, data: string): Call | null {
  // tool_use or tool_error data (store/event-data.ts); rows may lack any key
  let d: Partial<ToolErrorData>;
  try {
    d = JSON.parse(data) as Partial<ToolErrorData>;
  } catch {
    return null;
  }
  const input = (d.input && typeof d.input === 'object' ? d.input : {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const fields = TARGET_FIELDS[String(d.tool ?? '')];
  const target =
    input.target && typeof input.target === 'object'
      ? JSON.stringify(input.target)
      : fields
        ? JSON.stringify(fields.map((f) => input[f] ?? null))
        : undefined;
  return {
    target,
    outputClean: (d as { outputClean?: unknown }).outputClean === true,
    id,
    type: type as Call['type'],
    tool: String(d.tool ?? ''),
    command: s(input.command),
    file: s(input.file_path) ?? s(d.filePath),
    excerpt: s(input.excerpt),
    agentId: s(d.agentId),
    error: s(d.error),
    errorRaw: typeof d.errorRaw === 'string' ? d.errorRaw : '',
    files: Array.isArray(d.files)
      ? (d.files as unknown[]).filter((f): f is string => typeof f === 'string')
      : [],
    isInterrupt: d.isInterrupt === true,
  };
}
