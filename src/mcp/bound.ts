// Every MCP answer is bounded: at most MAX_ANSWER_CHARS characters of JSON, well under Claude
// Code's MCP output cap (25,000 tokens by default). Lists are cut first (the answer says how many
// were left out), then long strings are shortened, until the answer fits.
import { redact, truncate } from '../common/redact.js';

export const MAX_ANSWER_CHARS = 8000;

/**
 * One line (no line breaks, no control characters), at most `max` characters. Redacted before it
 * is cut, so a secret in a row stored by an older version is never cut into an unrecognisable part.
 */
export function line(text: unknown, max = 200): string {
  if (text === null || text === undefined) return '';
  const flat = redact(String(text))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return truncate(flat, max);
}

function clampStrings(value: unknown, max: number, depth = 0): unknown {
  if (typeof value === 'string') return truncate(value, max);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => clampStrings(v, max, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = clampStrings(v, max, depth + 1);
  return out;
}

/**
 * The JSON text of `answer`, at most `max` characters. When `listKey` names an array of the answer,
 * items are dropped from its end first and `more` tells how many were left out; then every string
 * is shortened (halving) until the text fits.
 */
export function boundedJson(
  answer: Record<string, unknown>,
  listKey?: string,
  max = MAX_ANSWER_CHARS,
): string {
  const a: Record<string, unknown> = { ...answer };
  let text = JSON.stringify(a);
  if (text.length <= max) return text;
  const list = listKey && Array.isArray(a[listKey]) ? [...(a[listKey] as unknown[])] : null;
  if (list && listKey) {
    const total = list.length + (typeof a.more === 'number' ? a.more : 0);
    while (list.length > 1 && text.length > max) {
      list.pop();
      a[listKey] = list;
      a.more = total - list.length;
      text = JSON.stringify(a);
    }
  }
  let cap = 4000;
  while (text.length > max && cap > 8) {
    text = JSON.stringify(clampStrings(a, cap));
    cap = Math.floor(cap / 2);
  }
  // Last resort (an answer made of very many keys): a valid JSON string that says so.
  if (text.length > max) text = JSON.stringify({ error: 'answer too large', hint: 'ask for less (limit)' });
  return text;
}
