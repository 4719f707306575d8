// The dashboard's HTTP server (`self-gen ui`): a Hono app on 127.0.0.1. `/login?code=` trades a
// one-time code for the session cookie; every other request, pages and API alike, needs that
// cookie and a loopback Host header (guard.ts); the pages are the pre-built front end in dist/ui/
// (built by scripts/build.mjs from ui/), served from memory.
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import {
  CSP,
  TOKEN_HEADER,
  hostAllowed,
  originAllowed,
  sessionCookie,
  tokenMatches,
  type UiAuth,
} from './guard.js';
import { registerApi, type ApiDeps } from './api.js';
import type { UiAssets } from './assets.js';

export interface UiServerOptions extends ApiDeps {
  auth: UiAuth;
  assets: UiAssets;
  /** The port the Host header must name (null: any port; set once listening). */
  port?: () => number | null;
}

function secure(c: Context): void {
  c.header('Content-Security-Policy', CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  c.header('Cache-Control', 'no-store');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
}

export function createApp(o: UiServerOptions): Hono {
  const app = new Hono();
  const port = o.port ?? (() => null);
  app.use('*', async (c, next) => {
    secure(c);
    if (!hostAllowed(c.req.header('host'), port())) return c.text('forbidden: unexpected Host\n', 403);
    const name = sessionCookie(port());
    const session = getCookie(c, name);
    if (c.req.path === '/login' && c.req.method === 'GET') {
      if (o.auth.redeem(c.req.query('code'))) {
        setCookie(c, name, o.auth.session, { httpOnly: true, sameSite: 'Strict', path: '/' });
        return c.redirect('/', 303);
      }
      if (tokenMatches(session, o.auth.session)) return c.redirect('/', 303);
      return c.text(
        'forbidden: this login link was used already or is wrong\nfix: restart `self-gen ui` for a new one\n',
        403,
      );
    }
    if (!session) return c.text('unauthorized: open the URL printed by `self-gen ui`\n', 401);
    if (!tokenMatches(session, o.auth.session)) return c.text('forbidden: wrong session\n', 403);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      // Changes only from our own page: its change token in a header, same origin.
      if (!tokenMatches(c.req.header(TOKEN_HEADER), o.auth.change))
        return c.text('forbidden: token header needed\n', 403);
      if (!originAllowed(c.req.header('origin'), port())) return c.text('forbidden: cross-origin\n', 403);
    }
    await next();
    secure(c);
  });
  app.get('/', (c) => c.html(o.assets.index(o.auth.change)));
  app.get('/app.js', (c) => c.body(o.assets.js, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/app.css', (c) => c.body(o.assets.css, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  registerApi(app, o);
  app.notFound((c) => c.json({ error: 'not found' }, 404));
  app.onError((e, c) => c.json({ error: e.message.split('\n')[0] ?? 'error' }, 500));
  return app;
}

export interface RunningUi {
  port: number;
  /** The dashboard's address (without a session it answers 401). */
  url: string;
  /** A one-time login address: opened once, it sets the session cookie. */
  loginUrl: () => string;
  close: () => Promise<void>;
}

/** Listens on 127.0.0.1 only (port 0: a free port chosen by the system). */
export function startUiServer(o: Omit<UiServerOptions, 'port'>, requestedPort = 0): Promise<RunningUi> {
  let bound: number | null = null;
  const app = createApp({ ...o, port: () => bound });
  return new Promise((resolve, reject) => {
    let server: ServerType;
    try {
      server = serve(
        { fetch: app.fetch, hostname: '127.0.0.1', port: requestedPort },
        (info: AddressInfo) => {
          bound = info.port;
          resolve({
            port: info.port,
            url: `http://127.0.0.1:${info.port}/`,
            loginUrl: () => `http://127.0.0.1:${info.port}/login?code=${o.auth.issueCode()}`,
            close: () =>
              new Promise<void>((r) => {
                server.close(() => r());
                // A browser keeps its connections open: end them, or close() would wait for it.
                (server as { closeAllConnections?: () => void }).closeAllConnections?.();
              }),
          });
        },
      );
      server.on('error', reject);
    } catch (e) {
      reject(e as Error);
    }
  });
}
