// The dashboard's door: a per-launch random token (compared in constant time) on every request,
// and a Host header naming this machine's loopback address (stops DNS rebinding: a page on
// another site that resolves its name to 127.0.0.1 sends its own name as Host).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_HEADER = 'x-self-gen-token';

/** 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison (both sides hashed first, so lengths never leak either). */
export function tokenMatches(given: string | undefined | null, token: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

/** Whether a Host header names this server: 127.0.0.1 or localhost, and our port when known. */
export function hostAllowed(host: string | undefined | null, port: number | null): boolean {
  if (!host) return false;
  const m = /^(127\.0\.0\.1|localhost)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!m) return false;
  if (port === null) return true;
  return m[2] !== undefined && Number(m[2]) === port;
}

/** Whether an Origin header (sent by browsers on POST) is this server's own. */
export function originAllowed(origin: string | undefined | null, port: number | null): boolean {
  if (origin === undefined || origin === null) return true; // not a browser cross-site request
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  return u.protocol === 'http:' && hostAllowed(u.host, port);
}

/** A strict policy: nothing but this server's own script, style and data: images. */
export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
