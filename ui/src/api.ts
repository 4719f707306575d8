// Calls to the dashboard's API: the session is an HttpOnly cookie the browser sends by itself;
// the page's change token (in its <meta name="sg-token">) goes in a header.
const token = document.querySelector('meta[name="sg-token"]')?.getAttribute('content') ?? '';

export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public fix?: string,
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, {
    method,
    headers: {
      'x-self-gen-token': token,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  let v: unknown = null;
  try {
    v = JSON.parse(text);
  } catch {}
  if (!r.ok) {
    const o = (v ?? {}) as { error?: string; fix?: string };
    throw new ApiError(o.error ?? (text.trim() || `HTTP ${r.status}`), r.status, o.fix);
  }
  return v as T;
}

export const get = <T>(path: string) => call<T>('GET', path);
export const post = <T>(path: string, body: unknown = {}) => call<T>('POST', path, body);
