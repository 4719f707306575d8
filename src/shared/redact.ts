// Secret redaction and <private> stripping. Applied to every string before it is stored in the
// database or written to a shared-context file.

const PRIVATE_TAG = /<private>[\s\S]*?(<\/private>|$)/gi;

interface Rule {
  name: string;
  re: RegExp;
  /** Replacement; `$1` etc. keep a prefix such as `password=`. */
  to: string;
}

const R = (name: string, re: RegExp, to = `[REDACTED:${name}]`): Rule => ({ name, re, to });

// Order matters: the most specific token shapes first, generic key=value forms last.
const RULES: Rule[] = [
  R('private-key', /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g),
  R('anthropic-key', /\bsk-ant-[A-Za-z0-9_-]{8,}/g),
  R('openai-key', /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g),
  R('github-token', /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/g),
  R('github-token', /\bgithub_pat_[A-Za-z0-9_]{20,}/g),
  R('gitlab-token', /\bglpat-[A-Za-z0-9_-]{20,}/g),
  R('aws-access-key', /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA)[A-Z0-9]{16}\b/g),
  R('slack-token', /\bxox[abposr]-[A-Za-z0-9-]{10,}/g),
  R('slack-webhook', /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]+/g),
  R('google-api-key', /\bAIza[0-9A-Za-z_-]{35}\b/g),
  R('stripe-key', /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g),
  R('npm-token', /\bnpm_[A-Za-z0-9]{36}\b/g),
  R('huggingface-token', /\bhf_[A-Za-z0-9]{30,}\b/g),
  R('jwt', /\beyJ[A-Za-z0-9_-]{8,4000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{8,}/g),
  // Credentials inside URLs: scheme://user:password@host
  R('url-credentials', /\b([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:/@]{1,200}:)[^\s@/]{1,500}@/gi, '$1[REDACTED]@'),
  // Authorization headers
  R(
    'bearer',
    /\b(authorization\s{0,5}[:=]\s{0,5}(?:bearer|basic|token)\s{1,5})[A-Za-z0-9._~+/=-]{8,}/gi,
    '$1[REDACTED]',
  ),
  R('bearer', /\b(bearer\s+)[A-Za-z0-9._~+/-]{16,}=*/gi, '$1[REDACTED]'),
  // KEY=value / "key": "value" / --password value for secret-looking names
  R(
    'secret-assignment',
    /\b((?:[A-Za-z0-9_]{0,40}?(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth))["']?\s{0,5}[:=]\s{0,5}["']?)(?!\[REDACTED)[^\s"',;&|]{4,}/gi,
    '$1[REDACTED]',
  ),
  R(
    'secret-flag',
    /(--?(?:password|passwd|token|secret|api-key|apikey)(?:=|\s+))(?!\[REDACTED)[^\s"']{4,}/gi,
    '$1[REDACTED]',
  ),
];

/** Removes `<private>…</private>` sections (an unclosed tag hides everything after it). */
export function stripPrivate(text: string): string {
  if (!text.includes('<') || !/<private>/i.test(text)) return text;
  return text.replace(PRIVATE_TAG, '[private]');
}

/** Redacts secrets and private sections from one string. */
export function redact(text: string): string {
  if (!text) return text;
  let out = stripPrivate(text);
  for (const rule of RULES) out = out.replace(rule.re, rule.to);
  return out;
}

/** Redacts every string inside a JSON-like value (keys are kept). */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redact(value) as T;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] =
      /^(password|passwd|secret|token|api_?key|apikey|authorization)$/i.test(k) && typeof v === 'string'
        ? '[REDACTED]'
        : redactDeep(v, depth + 1);
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
