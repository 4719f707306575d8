// normalizeError: the single owner of error normalisation (seed 001, REQ-RA-001).
// Other modules import it from here (or from kb/index).

const PATH_RE = /(?<![\w<>.~-])\/(?:[^\s'"`:;,()[\]{}<>|]+)/g;
const QUOTED_RE = /'[^'\n]{0,100}'|"[^"\n]{0,100}"|`[^`\n]{0,100}`/g;
const NUMBER_RE = /\d{2,}/g;

/**
 * Replaces the variable parts of an error message: `/absolute/paths` → `<PATH>`, quoted strings
 * (≤ 100 characters) → `<STR>`, numbers of two or more digits → `<N>`; then cuts to 200 characters
 * and trims. Never throws: a non-string gives ''.
 */
export function normalizeError(message: unknown): string {
  if (typeof message !== 'string' || !message) return '';
  return message
    .replace(PATH_RE, '<PATH>')
    .replace(QUOTED_RE, '<STR>')
    .replace(NUMBER_RE, '<N>')
    .slice(0, 200)
    .trim();
}

const EXIT_CODE_LINE = /^\s*Exit code -?\d+\s*$/i;
const KEY_LINE =
  /\b(error|err!|fatal|failed|failure|exception|traceback|denied|refused|not found|no such file|cannot|can't|unable|invalid|undefined|missing|panic|segmentation|timed? ?out|conflict)\b/i;

/**
 * The message of a tool error worth normalising: drops Claude Code's `Exit code N` line and
 * `<tool_use_error>` tags, then prefers the first line that reads like an error.
 */
export function extractErrorMessage(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const text = raw.replace(/<\/?tool_use_error>/g, '');
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !EXIT_CODE_LINE.test(l));
  if (lines.length === 0) return text.trim();
  return lines.find((l) => KEY_LINE.test(l)) ?? (lines[0] as string);
}
