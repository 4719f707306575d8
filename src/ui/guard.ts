// The dashboard's door: a per-launch session secret, held by the browser only as an HttpOnly
// cookie, got by redeeming a one-time login code (so no long-lived secret is ever in a URL, in a
// process's argv or in its environment); a change token the page sends in a header on changes;
// secrets compared in constant time; and a Host header naming this machine's loopback address
// (stops DNS rebinding: a page on another site that resolves its name to 127.0.0.1 sends its own
// name as Host).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header a change (POST) carries the page's change token in. */
export const TOKEN_HEADER = 'x-self-gen-token';

/** The session cookie's name: one per port (cookies are shared by every port of a host). */
export function sessionCookie(port: number | null): string {
  return port === null ? 'sg_ui' : `sg_ui_${port}`;
}

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

/** One launch's secrets: the session (cookie), the page's change token and the login codes. */
export class UiAuth {
  readonly session = newToken();
  readonly change = newToken();
  private readonly codes: string[] = [];

  /** A new login code: redeemed once for the session cookie, then worthless. */
  issueCode(): string {
    const code = newToken();
    this.codes.push(code);
    return code;
  }

  /** True (once) for a code issued and not yet redeemed. */
  redeem(given: string | undefined | null): boolean {
    const i = this.codes.findIndex((c) => tokenMatches(given, c));
    if (i < 0) return false;
    this.codes.splice(i, 1);
    return true;
  }
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
