// Secret redaction and <private> stripping. Applied to every string before it is stored in the
// database, written to a file of ours (shared-context, orchestrator, logs) or printed by the CLI.
// Two layers: our own rules (token shapes, connection strings, CLI password flags, netrc, named
// assignments with an entropy check; secret-rules.ts), then the maintained secretlint preset
// (secretlint.ts) as a second net. See docs/privacy.md.
import { applyOwnRules } from './secret-rules.js';
import { secretNameKind, shouldHide } from './secret-names.js';
import { secretlintRedact } from './secretlint.js';

const PRIVATE_TAG = /<private>[\s\S]*?(<\/private>|$)/gi;

/** Removes `<private>…</private>` sections (an unclosed tag hides everything after it). */
export function stripPrivate(text: string): string {
  if (!text.includes('<') || !/<private>/i.test(text)) return text;
  return text.replace(PRIVATE_TAG, '[private]');
}

/** Redacts secrets and private sections from one string. */
export function redact(text: string): string {
  if (!text) return text;
  return secretlintRedact(applyOwnRules(stripPrivate(text)));
}

/** Redacts every string inside a JSON-like value (keys are kept). */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redact(value) as T;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] =
      typeof v === 'string' && shouldHide(secretNameKind(k), v) ? '[REDACTED]' : redactDeep(v, depth + 1);
  }
  return out as T;
}

/** Cuts a string to at most `max` UTF-16 units without splitting a surrogate pair. */
export function truncate(text: string, max: number, marker = '…'): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - marker.length);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end) + marker;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]+/g;

/**
 * One line of at most `max` characters: control characters (newlines, tabs, escapes) and runs of
 * white space become one space, trimmed, cut without splitting a surrogate pair.
 */
export function oneLine(text: unknown, max: number): string {
  return truncate(
    String(text ?? '')
      .replace(CONTROL_CHARS, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  );
}
