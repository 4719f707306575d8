// Reading Claude Code transcripts (JSONL): only the tail, never the whole file, and only a regular
// file (a FIFO, socket, device or folder named as the transcript is skipped without blocking).
import { readRegularText } from './safe-fs.js';

/** The last `maxLines` lines of a regular file, reading at most `maxBytes` from its end. */
export function readTailLines(path: string, maxLines = 500, maxBytes = 4 * 1024 * 1024): string[] {
  if (typeof path !== 'string' || !path) return [];
  const text = readRegularText(path, { tail: true, maxBytes });
  if (text === null) return [];
  const lines = text.split('\n').filter((l) => l.trim());
  return lines.slice(-maxLines);
}

export interface ToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResult {
  toolUseId: string;
  isError: boolean;
  text: string;
}

export interface TranscriptSummary {
  toolCalls: ToolCall[];
  results: ToolResult[];
  /** Text of the last assistant message with text content. */
  finalText: string;
  /** stop_reason of the last assistant message. */
  lastStopReason: string | null;
  /** Lines that could not be parsed (skipped). */
  badLines: number;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((c) =>
        c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string'
          ? (c as { text: string }).text
          : '',
      )
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

/** Tool calls, tool results and the final message of transcript lines (bad lines are skipped). */
export function summarizeTranscript(lines: string[]): TranscriptSummary {
  const s: TranscriptSummary = {
    toolCalls: [],
    results: [],
    finalText: '',
    lastStopReason: null,
    badLines: 0,
  };
  for (const line of lines) {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      s.badLines++;
      continue;
    }
    const msg = entry.message as { content?: unknown; stop_reason?: unknown } | undefined;
    if (!msg || typeof msg !== 'object') continue;
    const content = Array.isArray(msg.content) ? (msg.content as Record<string, unknown>[]) : [];
    if (entry.type === 'assistant') {
      if (typeof msg.stop_reason === 'string') s.lastStopReason = msg.stop_reason;
      for (const c of content) {
        if (c?.type === 'tool_use' && typeof c.name === 'string') {
          s.toolCalls.push({
            id: String(c.id ?? ''),
            name: c.name,
            input: c.input && typeof c.input === 'object' ? (c.input as Record<string, unknown>) : {},
          });
        } else if (c?.type === 'text' && typeof c.text === 'string' && c.text.trim()) {
          s.finalText = c.text;
        }
      }
    } else if (entry.type === 'user') {
      for (const c of content) {
        if (c?.type === 'tool_result') {
          s.results.push({
            toolUseId: String(c.tool_use_id ?? ''),
            isError: c.is_error === true,
            text: contentText(c.content),
          });
        }
      }
    }
  }
  return s;
}
