// Reading Claude Code transcripts (JSONL), the one reader every part uses (SubagentStop outcome,
// shared-context extraction, hook timing, tool-call ingestion): only a bounded part of the file
// (its tail, or the new bytes after an offset), and only a regular file (a FIFO, socket, device or
// folder named as the transcript is skipped without blocking).
import { lstatOrNull, readRegular, readRegularText } from './safe-fs.js';

/**
 * The last read tail, kept while the file is unchanged (same inode, size and mtime): one hook reads and
 * parses a transcript once however many parts look at it (SubagentStop: the outcome and the shared
 * context). Callers must not modify the arrays they get.
 */
let tailMemo: {
  key: string;
  stamp: string;
  lines: string[];
  slices: Map<number, string[]>;
} | null = null;

/** The last `maxLines` lines of a regular file, reading at most `maxBytes` from its end. */
export function readTailLines(path: string, maxLines = 500, maxBytes = 4 * 1024 * 1024): string[] {
  if (typeof path !== 'string' || !path) return [];
  const st = lstatOrNull(path);
  const key = `${path}\0${maxBytes}`;
  const stamp = st ? `${st.ino}:${st.size}:${st.mtimeMs}` : '';
  if (!tailMemo || tailMemo.key !== key || tailMemo.stamp !== stamp || !stamp) {
    const text = readRegularText(path, { tail: true, maxBytes });
    if (text === null) return [];
    tailMemo = { key, stamp, lines: text.split('\n').filter((l) => l.trim()), slices: new Map() };
  }
  let slice = tailMemo.slices.get(maxLines);
  if (!slice) tailMemo.slices.set(maxLines, (slice = tailMemo.lines.slice(-maxLines)));
  return slice;
}

/** New whole lines of a transcript after byte `offset` (incremental ingestion). */
export interface TranscriptChunk {
  /** Complete lines (without the newline), with the byte offset just after each one. */
  lines: { text: string; end: number }[];
  /** Where reading started (0 again when the file no longer matches what was read before). */
  start: number;
  /** The offset to continue from: after the last complete line read (or a skipped oversized line). */
  end: number;
  /** The bytes just before `end` (hex): pass them back as `mark` with the next read. */
  mark: string;
  /** The file's size when read. */
  size: number;
}

/** At most this much is read at once; a longer line is skipped. */
export const MAX_TRANSCRIPT_READ = 8 * 1024 * 1024;
const MARK_BYTES = 32;

/**
 * The complete lines after byte `offset`, reading at most `maxBytes`; a regular file only and never
 * through a symlink (null otherwise, or when missing). `mark` (from the previous read) must match
 * the bytes before `offset`, else the file was rewritten or cut and is read from the start again.
 * A last line without its newline yet is left for the next read; a line longer than `maxBytes` is
 * skipped, so reading always advances.
 */
export function readTranscriptFrom(
  path: string,
  offset: number,
  maxBytes = MAX_TRANSCRIPT_READ,
  mark = '',
): TranscriptChunk | null {
  if (typeof path !== 'string' || !path) return null;
  let from = Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
  const back = Math.min(from, MARK_BYTES);
  let r = readRegular(path, { from: from - back, maxBytes: maxBytes + back, noFollow: true });
  if (!r) return null;
  let buf = r.data;
  if (from > 0 && (r.size < from || buf.subarray(0, back).toString('hex') !== mark)) {
    // Not the file read before (rewritten, cut shorter): read it again from the start.
    from = 0;
    r = readRegular(path, { from: 0, maxBytes, noFollow: true });
    if (!r) return null;
    buf = r.data;
  } else {
    buf = buf.subarray(back);
  }
  const lines: { text: string; end: number }[] = [];
  let pos = 0;
  // Mid-line (the rest of a skipped oversized line): drop it up to its newline.
  const prev = back > 0 && from > 0 ? r.data[back - 1] : 10;
  if (prev !== 10) {
    const nl = buf.indexOf(10);
    pos = nl < 0 ? buf.length : nl + 1;
  }
  for (;;) {
    const nl = buf.indexOf(10, pos);
    if (nl < 0) break;
    const text = buf.toString('utf8', pos, nl);
    if (text.trim()) lines.push({ text, end: from + nl + 1 });
    pos = nl + 1;
  }
  // No newline in a full read: an oversized line; skip what was read of it.
  if (lines.length === 0 && buf.length >= maxBytes) pos = buf.length;
  const end = from + pos;
  const whole = from === 0 ? buf : r.data;
  const endInWhole = from === 0 ? pos : back + pos;
  return {
    lines,
    start: from,
    end,
    mark: whole.subarray(Math.max(0, endInWhole - MARK_BYTES), endInWhole).toString('hex'),
    size: r.size,
  };
}

/** One transcript line as an object, or null when it is not JSON. */
export function parseTranscriptLine(line: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(line);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A tool call or its result, as a transcript line carries them (in file order). */
export type TranscriptItem =
  | { kind: 'call'; call: ToolCall; ts: string | null; agentId: string | null }
  | {
      kind: 'result';
      result: ToolResult;
      ts: string | null;
      agentId: string | null;
      /** The tool's own answer (`toolUseResult`), when the line has one. */
      raw: unknown;
    };

/** The tool calls and results of one parsed transcript entry. */
export function transcriptItems(entry: Record<string, unknown>): TranscriptItem[] {
  const msg = entry.message as { content?: unknown } | undefined;
  if (!msg || typeof msg !== 'object' || !Array.isArray(msg.content)) return [];
  const ts = typeof entry.timestamp === 'string' ? entry.timestamp : null;
  const agentId = typeof entry.agentId === 'string' && entry.agentId ? entry.agentId : null;
  const out: TranscriptItem[] = [];
  for (const c of msg.content as Record<string, unknown>[]) {
    if (!c || typeof c !== 'object') continue;
    if (entry.type === 'assistant' && c.type === 'tool_use' && typeof c.name === 'string') {
      out.push({
        kind: 'call',
        call: {
          id: String(c.id ?? ''),
          name: c.name,
          input: c.input && typeof c.input === 'object' ? (c.input as Record<string, unknown>) : {},
        },
        ts,
        agentId,
      });
    } else if (entry.type === 'user' && c.type === 'tool_result') {
      out.push({
        kind: 'result',
        result: {
          toolUseId: String(c.tool_use_id ?? ''),
          isError: c.is_error === true,
          text: contentText(c.content),
        },
        ts,
        agentId,
        raw: entry.toolUseResult,
      });
    }
  }
  return out;
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

const summaries = new WeakMap<string[], TranscriptSummary>();

/**
 * Tool calls, tool results and the final message of transcript lines (bad lines are skipped); the
 * same lines (readTailLines of an unchanged file) are parsed once.
 */
export function summarizeTranscript(lines: string[]): TranscriptSummary {
  const known = summaries.get(lines);
  if (known) return known;
  const s = parseSummary(lines);
  summaries.set(lines, s);
  return s;
}

function parseSummary(lines: string[]): TranscriptSummary {
  const s: TranscriptSummary = {
    toolCalls: [],
    results: [],
    finalText: '',
    lastStopReason: null,
    badLines: 0,
  };
  for (const line of lines) {
    const entry = parseTranscriptLine(line);
    if (!entry) {
      s.badLines++;
      continue;
    }
    const msg = entry.message as { content?: unknown; stop_reason?: unknown } | undefined;
    if (!msg || typeof msg !== 'object') continue;
    if (entry.type === 'assistant') {
      if (typeof msg.stop_reason === 'string') s.lastStopReason = msg.stop_reason;
      for (const c of Array.isArray(msg.content) ? (msg.content as Record<string, unknown>[]) : []) {
        if (c?.type === 'text' && typeof c.text === 'string' && c.text.trim()) s.finalText = c.text;
      }
    }
    for (const item of transcriptItems(entry)) {
      if (item.kind === 'call') s.toolCalls.push(item.call);
      else s.results.push(item.result);
    }
  }
  return s;
}
