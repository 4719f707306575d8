// Reading real Claude Code transcripts for the replay benchmark and the labelling aid: every tool
// call with its input, its result (error or not) and the transcript lines they are on. Transcripts
// are data from elsewhere: they are read from a folder given on the command line, never committed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Held-out rule (decided before any tuning): the 6 files whose sha256(file name) sorts first. */
export const HELD_OUT_COUNT = 6;
export const nameHash = (name) => createHash('sha256').update(name).digest('hex');

/** The transcripts of a folder (`*.jsonl`), each with its split. */
export function transcriptFiles(dir) {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort((a, b) => nameHash(a).localeCompare(nameHash(b)));
  return names.map((n, i) => ({
    path: join(dir, n),
    stem: basename(n, '.jsonl'),
    split: i < HELD_OUT_COUNT ? 'held-out' : 'tuning',
  }));
}

const resultText = (content) =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((c) => (c && c.type === 'text' ? c.text : '')).join('\n')
      : '';

/**
 * The lines of a transcript (raw text and parsed object) and its tool calls in order:
 * { id, name, input, ts, line, resultLine, isError, result, sidechain }.
 */
export function readTranscript(path) {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((raw) => {
      try {
        return { raw, obj: JSON.parse(raw) };
      } catch {
        return { raw, obj: null };
      }
    });
  const calls = [];
  const byId = new Map();
  lines.forEach(({ obj }, i) => {
    const content = obj?.message?.content;
    if (!Array.isArray(content)) return;
    for (const c of content) {
      if (c?.type === 'tool_use' && obj.type === 'assistant') {
        const call = {
          id: c.id,
          name: c.name,
          input: c.input ?? {},
          ts: obj.timestamp,
          line: i,
          resultLine: -1,
          isError: false,
          result: '',
          sidechain: obj.isSidechain === true,
        };
        calls.push(call);
        byId.set(c.id, call);
      } else if (c?.type === 'tool_result' && obj.type === 'user') {
        const call = byId.get(c.tool_use_id);
        if (!call) continue;
        call.resultLine = i;
        call.isError = c.is_error === true;
        call.result = resultText(c.content);
        call.resultTs = obj.timestamp;
      }
    }
  });
  return { lines, calls };
}

/** A one-line summary of a call's input (labelling aid and reports). */
export function callSummary(c) {
  const i = c.input ?? {};
  const s =
    i.command ??
    i.file_path ??
    i.notebook_path ??
    i.url ??
    i.pattern ??
    i.description ??
    i.prompt ??
    JSON.stringify(i);
  return String(s).replace(/\s+/g, ' ');
}
