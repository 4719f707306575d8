// Text from elsewhere is data, never an instruction. Everything we put into Claude's context that we
// did not write ourselves (a learned fix, an error line, a file or branch name, a teammate's project
// name, a subagent's findings, an orchestrator file, an analysis suggestion) goes through here: it
// is shown inside a quote that no text can close, cut to a length, with the characters that hide or
// reorder text removed. Two forms, Markdown code:
//  - quoteInline: one line inside a backtick span whose fence is longer than any backtick run in
//    the text (CommonMark: a span closes only on a run of exactly its own length), padded with a
//    space each side;
//  - quoteBlock: a fenced block whose fence is longer than any backtick run in the text, so no line
//    of the text can close it.
// capContext cuts a whole context without leaving a quote open (a cut inside a span would end it:
// the rest of the line would be bare text). Both forms redact the text first: a redaction made
// later, over the whole context, could take a backtick of the fence with the secret.
import { redact, truncate } from './redact.js';

/**
 * Characters that hide or reorder text, or control a terminal: C0/C1 controls (line breaks and
 * tabs are handled by each form), the soft hyphen, bidi marks and overrides, zero-width and
 * invisible characters, line/paragraph separators, variation selectors, BOM, interlinear
 * annotation, the tag block (U+E0000…), and lone surrogates.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]|\udb40[\udc00-\uddef]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with every hidden or control character removed (line breaks and tabs kept). */
export function stripHidden(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HIDDEN, '');
}

/** One line of at most `max` characters: hidden characters removed, white space runs made one space. */
export function cleanLine(text: unknown, max: number): string {
  return truncate(
    stripHidden(String(text ?? ''))
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  );
}

/** The longest run of `ch` in `text`. */
function longestRun(text: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** Shown for a quote of nothing (our words, outside any quote). */
export const EMPTY_QUOTE = '(empty)';

/**
 * `text` as one line of data: a backtick span no backtick in it can close, at most `max`
 * characters of the text (cut with "…").
 */
export function quoteInline(text: unknown, max = 200): string {
  const t = cleanLine(redact(String(text ?? '')), max);
  if (!t) return EMPTY_QUOTE;
  const fence = '`'.repeat(longestRun(t, '`') + 1);
  // padded (CommonMark strips one space each side): a secret rule's value stops at white space, so
  // a later redaction of the whole context never takes the closing fence with a value
  return `${fence} ${t} ${fence}`;
}

export interface BlockOptions {
  /** At most this many characters of the text (cut at a line end, with a "… (cut)" line). */
  max?: number;
  /** The fence's info string (yaml, text…); letters, digits and dashes only. */
  lang?: string;
}

/**
 * `text` as a fenced block of data: the fence (at least three backticks) is longer than any
 * backtick run in the text, so no line of it can close the block.
 */
export function quoteBlock(text: unknown, o: BlockOptions = {}): string {
  let t = stripHidden(redact(String(text ?? ''))).replace(/\s+$/, '');
  t = t.replace(/^\n+/, '');
  const max = o.max ?? 4000;
  if (t.length > max) {
    const cut = truncate(t, max, '');
    const nl = cut.lastIndexOf('\n');
    t = (nl > max / 2 ? cut.slice(0, nl) : cut) + '\n… (cut)';
  }
  const fence = '`'.repeat(Math.max(3, longestRun(t, '`') + 1));
  const lang = (o.lang ?? '').replace(/[^A-Za-z0-9-]/g, '').slice(0, 20);
  return `${fence}${lang}\n${t}\n${fence}`;
}

/** The fence (its characters) a fenced block open at the end of `text` needs to close, or null. */
export function openFence(text: string): string | null {
  let open: { ch: string; n: number } | null = null;
  for (const line of text.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!m) continue;
    const run = m[1]!;
    const ch = run[0]!;
    if (!open) {
      // a backtick fence's info string holds no backtick
      if (ch === '`' && m[2]!.includes('`')) continue;
      open = { ch, n: run.length };
    } else if (ch === open.ch && run.length >= open.n && m[2]!.trim() === '') open = null;
  }
  return open ? open.ch.repeat(open.n) : null;
}

/**
 * A whole context cut to at most `max` characters without leaving a quote open: outside a fenced
 * block it is cut at a line end (a cut line could end inside a backtick span); inside one, the
 * block is closed after the marker.
 */
export function capContext(text: string, max: number, marker = '\n… (cut)'): string {
  if (text.length <= max) return text;
  let room = Math.max(0, max - marker.length);
  for (let tries = 0; tries < 6; tries++) {
    let cut = truncate(text, room, '');
    // outside a fence, the cut line goes (it could end inside a backtick span); dropping it may
    // reopen a block whose closing line it was
    if (!openFence(cut)) {
      const nl = cut.lastIndexOf('\n');
      cut = nl >= 0 ? cut.slice(0, nl) : '';
    }
    const fence = openFence(cut);
    const out = (fence ? `${cut}${marker}\n${fence}` : `${cut}${marker}`).replace(/^\n/, '');
    if (out.length <= max || room === 0) return out;
    room = Math.max(0, room - (out.length - max));
  }
  return marker.trim();
}

/**
 * Every string inside a JSON-like value with its hidden characters removed (keys too). For answers
 * that are JSON (MCP tools): JSON quotes the data, but leaves bidi and zero-width characters as
 * they are.
 */
export function stripHiddenDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return stripHidden(value) as T;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => stripHiddenDeep(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    out[stripHidden(k)] = stripHiddenDeep(v, depth + 1);
  return out as T;
}
