// errorKey: the one path from a raw tool error to the KB's key, shared by every hook that records or
// looks up an error (collector, error advice, pre-tool guide, subagent context) and by every CLI
// command (`kb add`, `kb search`, `kb edit -e`, `kb calibrate`). The same raw text always gives the
// same key, whoever asks: redact (secrets never reach the key) → extract the error line(s)
// (drops `Exit code N`, `<tool_use_error>` tags, picks the exception line of a traceback…) →
// normalizeError (seed 001, REQ-RA-001).
import { redact, truncate } from '../common/redact.js';
import { errorSignature, extractErrorMessage, normalizeError } from './normalize.js';

/**
 * The version of the key: raise it whenever a change to the extraction (normalize.ts,
 * runner-lines.ts) or the normalisation gives a raw error another key. Every stored key carries the
 * version it was computed with (error_kb.key_version, a tool_error event's `keyVersion`); the
 * session-end step `kb-rekey` (rekey.ts) recomputes older keys from the stored raw error, through
 * errorKey, so that one error has one key whatever version recorded it.
 * 1: every key before the version existed; 2: the runners' frame lines (runner-lines.ts); 3: root,
 * zsh and venv prompts (`# cmd`, `% cmd`, `(venv) [host:dir] $ cmd`) and pytest's `ERROR at setup
 * of <test>` banner are frame lines too, and a stack frame after the message no longer joins the
 * signature.
 */
export const KEY_VERSION = 3;

/** The longest raw error looked at (the rest is never the error line). */
export const RAW_MAX = 20_000;

/** The stored form of a normalized key: trimmed, redacted, at most 400 characters (the KB's key column). */
export const kbKey = (normalizedError: string) => truncate(redact(normalizedError.trim()), 400, '');

export interface ErrorKey {
  /** The raw text, cut to RAW_MAX characters and redacted (what may be stored as error_raw). */
  raw: string;
  /** The error line(s) taken from it. */
  message: string;
  /** The normalized key (error_kb.error_normalized). '' when there is no error text. */
  normalized: string;
  /** The two or three most error-like lines, the message first (error_kb.error_lines). */
  signature: string[];
  /** KEY_VERSION: the version of this key. */
  version: number;
}

/** The KB key of a raw tool error (never throws; a non-string gives empty fields). */
export function errorKey(rawError: unknown): ErrorKey {
  if (typeof rawError !== 'string' || !rawError)
    return { raw: '', message: '', normalized: '', signature: [], version: KEY_VERSION };
  try {
    const raw = redact(truncate(rawError, RAW_MAX, ''));
    const message = extractErrorMessage(raw);
    return {
      raw,
      message,
      normalized: normalizeError(message),
      signature: errorSignature(raw),
      version: KEY_VERSION,
    };
  } catch {
    return { raw: '', message: '', normalized: '', signature: [], version: KEY_VERSION };
  }
}

/** The signature lines stored with an entry (error_kb.error_lines): redacted, one a line; null when none. */
export function storedSignature(rawError: unknown): string | null {
  const lines = errorKey(rawError).signature;
  return lines.length ? lines.map((l) => l.slice(0, 500)).join('\n') : null;
}
