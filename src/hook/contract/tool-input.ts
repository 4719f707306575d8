// What of a tool call is worth storing: a small, redacted summary, never file contents.
import { truncate } from '../../common/redact.js';

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
    case 'PowerShell':
      return { command: str(input.command), description: str(input.description, 200) };
    case 'Edit':
    case 'Write':
    case 'MultiEdit':
    case 'NotebookEdit': {
      // A short before → after of the change (redacted when stored): what a learned fix shows.
      const excerpt = editExcerpt(tool, input);
      return { file_path: str(toolFilePath(input)), ...(excerpt ? { excerpt } : {}) };
    }
    case 'Read':
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
      return { keys: Object.keys(input).slice(0, 20), ...callTarget(input) };
  }
}

/** Free-text arguments: what a call says or runs, not what it works on. */
const FREE_TEXT =
  /^(?:prompt|text|content|code|script|body|message|messages|new_string|old_string|query|input|data|function|expression)$/i;

/**
 * Any other tool (MCP tools…): its target — the short scalar arguments (ids, urls, names, an
 * action), compared to tell "the same call again" (error-kb/resolution.ts) — and a short excerpt of
 * its longest free-text argument (what a corrected call changed).
 */
function callTarget(input: Record<string, unknown>): { target?: Record<string, unknown>; excerpt?: string } {
  const target: Record<string, unknown> = {};
  let longest = '';
  for (const [k, v] of Object.entries(input).slice(0, 20)) {
    if (typeof v === 'string' && (FREE_TEXT.test(k) || v.length > 120 || v.includes('\n'))) {
      if (v.length > longest.length) longest = v;
    } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') target[k] = v;
  }
  const excerpt = longest.replace(/\s+/g, ' ').trim().slice(0, 120);
  return { target, ...(excerpt ? { excerpt } : {}) };
}

const EXCERPT_SIDE = 80;

function firstChangedLine(before: string, after: string): { old: string; new: string } | null {
  const a = before.split('\n');
  const b = after.split('\n');
  // Only indentation changed: show it (tabs as \t), else the trimmed lines.
  const shown = (l: string, onlyIndent: boolean) =>
    onlyIndent
      ? l.replace(/^[ \t]+/, (ws) => ws.replace(/\t/g, '\\t').replace(/ /g, '·')).trimEnd()
      : l.trim();
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x === y) continue;
    const onlyIndent = x.trim() === y.trim();
    return { old: shown(x, onlyIndent), new: shown(y, onlyIndent) };
  }
  return null;
}

/** Edit/MultiEdit: the first changed line, before → after; Write: the size of what was written. */
export function editExcerpt(tool: string, input: Record<string, unknown>): string | undefined {
  let oldS: unknown = input.old_string;
  let newS: unknown = input.new_string;
  if (
    tool === 'MultiEdit' &&
    Array.isArray(input.edits) &&
    input.edits[0] &&
    typeof input.edits[0] === 'object'
  ) {
    const e = input.edits[0] as Record<string, unknown>;
    oldS = e.old_string;
    newS = e.new_string;
  }
  if (typeof oldS === 'string' && typeof newS === 'string') {
    const d = firstChangedLine(oldS, newS);
    if (!d) return undefined;
    const side = (t: string) => (t ? '`' + truncate(t.replace(/`/g, "'"), EXCERPT_SIDE) + '`' : '(nothing)');
    return `${side(d.old)} → ${side(d.new)}`;
  }
  if (tool === 'Write' && typeof input.content === 'string')
    return `wrote ${input.content.split('\n').length} line(s)`;
  return undefined;
}
