// Which names announce a secret, and when a value given to such a name looks like one.
// Used by the named-assignment rule (`KEY=…`, `"token": "…"`, `--api-key …`) and by redactDeep
// for object keys. Strong names (password, secret, credential) hide any real-looking value; weak
// names (key, token, auth) only a value that passes the entropy check, so `MAX_TOKENS=4096`,
// `sort_keys=True` or `keyPath=/etc/ssl` stay readable.

const STRONG_WORDS = new Set([
  'password',
  'passwords',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'secret',
  'secrets',
  'credential',
  'credentials',
  'creds',
  'cookie',
  'cookies',
]);
const WEAK_WORDS = new Set([
  'key',
  'keys',
  'token',
  'tokens',
  'auth',
  'authorization',
  'apikey',
  'accesskey',
  'privatekey',
  'secretkey',
  'authtoken',
  'sig',
  'signature',
]);
/** Run-together lower-case names that end in a strong word: `dbpassword`, `mysecret`. */
const STRONG_SUFFIX = /(?:password|passwd|secret|passphrase|credentials?)$/;

/** Names that only describe a secret's setting, never hold one (`password_file`, `token_type`). */
const NEUTRAL_LAST = new Set([
  'file',
  'path',
  'dir',
  'length',
  'len',
  'count',
  'size',
  'type',
  'policy',
  'field',
  'hint',
  'prompt',
  'name',
  'env',
  'var',
  'header',
  'ttl',
  'expiry',
  'expires',
  'limit',
  'timeout',
  'min',
  'max',
  'required',
  'enabled',
  'mode',
  'format',
  'algorithm',
  'alg',
  'url',
  'uri',
  'endpoint',
  'error',
  'stdin',
]);

export type SecretNameKind = 'strong' | 'weak' | null;

/** Splits `JWT_SECRET_KEY`, `apiKey`, `client-secret`, `aws.secret.key` into lower-case words. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a name (variable, key, flag) announces a secret, and how strongly. */
export function secretNameKind(name: string): SecretNameKind {
  if (name.length > 80) return null;
  const ws = words(name);
  const last = ws[ws.length - 1];
  if (last !== undefined && NEUTRAL_LAST.has(last)) return null;
  let weak = false;
  for (const w of ws) {
    if (STRONG_WORDS.has(w) || STRONG_SUFFIX.test(w)) return 'strong';
    if (WEAK_WORDS.has(w)) weak = true;
  }
  return weak ? 'weak' : null;
}

/** Shannon entropy of a string, in bits per character. */
export function entropy(s: string): number {
  if (!s) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  const n = s.length;
  for (const c of counts.values()) {
    const p = c / n;
    h -= p * Math.log2(p);
  }
  return h;
}

// Values that name or point at a secret rather than being one.
const PLACEHOLDER =
  /^(?:\[REDACTED|\[private\]|<[^>]*>$|\$\{?[A-Za-z_]|%[A-Za-z_]+%$|\{\{|process\.env\b|os\.environ|env\.|ENV\[|getenv|secrets\.|vault:|op:\/\/|arn:aws:secretsmanager|(?:true|false|null|nil|none|undefined|required|optional|string|number|boolean|yes|no|on|off|empty|redacted|changeme|example|xxx+|\*+|\.\.\.+|…)$)/i;

/** A value that is a reference, a placeholder or a keyword, never worth hiding. */
export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}

/**
 * Does `value` look like generated key material? At least 12 characters of token alphabet, a
 * digit among them, not a path or URL, and at least 3 bits of entropy per character (hex of 16+
 * characters counts from 2.9 bits, as its alphabet has only 16 letters).
 */
export function looksGenerated(value: string): boolean {
  if (value.length < 12 || value.length > 4096) return false;
  if (!/^[A-Za-z0-9+/=_\-.~:]+$/.test(value)) return false;
  if (/^(?:\.{0,2}\/|~\/|[a-z][a-z0-9+.-]*:\/\/)/i.test(value)) return false;
  if (!/[0-9]/.test(value)) return false;
  if (/^\d+(?:\.\d+)*$/.test(value)) return false;
  const h = entropy(value);
  if (/^[0-9a-f]+$/i.test(value)) return value.length >= 16 && h >= 2.9;
  return h >= 3.0;
}

/** Should a value given to a name of this kind be hidden? */
export function shouldHide(kind: SecretNameKind, value: string): boolean {
  if (!kind || isPlaceholder(value)) return false;
  if (kind === 'strong') return value.length >= 4 && !/^\d{1,3}$/.test(value);
  return looksGenerated(value);
}
