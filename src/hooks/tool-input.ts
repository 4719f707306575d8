// What of a tool call is worth storing: a small, redacted summary, never file contents.
import { truncate } from '../shared/redact.js';

export const FILE_EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
export const SUBAGENT_TOOLS = new Set(['Agent', 'Task']);

const str = (v: unknown, max = 1000): string | undefined =>
  typeof v === 'string' ? truncate(v, max) : undefined;

/** The file a tool call works on, when it names one. */
export function toolFilePath(input: Record<string, unknown> | undefined): string | undefined {
  if (!input) return undefined;
  for (const k of ['file_path', 'notebook_path', 'path']) {
    const v = input[k];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

export function summarizeToolInput(
  tool: string,
  input: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!input) return {};
  switch (tool) {
    case 'Bash':
      return { command: str(input.command), description: str(input.description, 200) };
    case 'Edit':
    case 'Write':
    case 'MultiEdit':
    case 'Read':
    case 'NotebookEdit':
      return { file_path: str(toolFilePath(input)) };
    case 'Glob':
    case 'Grep':
      return { pattern: str(input.pattern, 300), path: str(input.path) };
    case 'Agent':
    case 'Task':
      return { subagent_type: str(input.subagent_type, 200), description: str(input.description, 300) };
    case 'WebFetch':
      return { url: str(input.url, 500) };
    case 'WebSearch':
      return { query: str(input.query, 300) };
    default:
      return { keys: Object.keys(input).slice(0, 20) };
  }
}

/** A one-line description of a call, used as the text of a resolution. */
export function describeCall(tool: string, input: Record<string, unknown> | undefined): string {
  const s = summarizeToolInput(tool, input);
  if (tool === 'Bash' && s.command) return `Bash: ${truncate(String(s.command), 300)}`;
  if (s.file_path) return `${tool} ${String(s.file_path)}`;
  if (s.pattern) return `${tool} ${String(s.pattern)}`;
  if (s.subagent_type) return `${tool} (${String(s.subagent_type)})`;
  return tool;
}
