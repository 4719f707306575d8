// The team store's address: a postgres:// URL. Its password never goes to config.json: it is taken
// out here and kept in an environment variable or a 0600 file of the data home (secret.ts). TLS
// follows libpq's `sslmode` (pg-connection-string's libpq-compatible parsing).
import type { ClientConfig } from 'pg';

export class TeamUrlError extends Error {}

/** The URL without its password (also a `password=` parameter), and the password. */
export function splitPassword(raw: string): { url: string; password: string | null; user: string | null } {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new TeamUrlError('not a URL');
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:')
    throw new TeamUrlError(`expected postgres:// or postgresql://, got ${u.protocol}//`);
  let password: string | null = u.password ? decodeURIComponent(u.password) : null;
  const q = u.searchParams.get('password');
  if (q !== null) {
    password ??= q;
    u.searchParams.delete('password');
  }
  u.password = '';
  return { url: u.toString(), password, user: u.username ? decodeURIComponent(u.username) : null };
}

/** The same URL with any password masked, for display. */
export function displayUrl(raw: string): string {
  try {
    return splitPassword(raw).url;
  } catch {
    return '(invalid URL)';
  }
}

export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full' | null;

/** libpq's sslmode of a URL (null: none given). */
export function sslModeOf(url: string): SslMode {
  const m = /[?&]sslmode=([^&]*)/.exec(url)?.[1];
  return (m ? decodeURIComponent(m) : null) as SslMode;
}

/**
 * pg's client settings: libpq's sslmode semantics (pg's `uselibpqcompat`: require = encrypted,
 * unverified unless a root certificate is given; verify-full = verified), a short connect timeout,
 * the store's schema first on the search path. The password joins the URL in memory only.
 * `withoutSsl`: the plain retry that libpq's `prefer` makes (`allow` starts plain).
 */
export function clientConfig(
  url: string,
  password: string | null,
  o: { connectTimeoutMs: number; queryTimeoutMs?: number; schema: string; withoutSsl?: boolean },
): ClientConfig {
  const u = new URL(url);
  if (password !== null) u.password = encodeURIComponent(password);
  const mode = sslModeOf(url);
  if (o.withoutSsl || mode === 'allow') u.searchParams.set('sslmode', 'disable');
  if (!u.searchParams.has('uselibpqcompat')) u.searchParams.set('uselibpqcompat', 'true');
  return {
    connectionString: u.toString(),
    connectionTimeoutMillis: o.connectTimeoutMs,
    query_timeout: o.queryTimeoutMs ?? 60_000,
    options: `-c search_path=${o.schema},public`,
    application_name: 'self-generation',
  };
}
