// #17.2: the dashboard server's door (one-time login code, session cookie, change token, Host,
// Origin, security headers) and the `self-gen ui`
// process (URL printed, 127.0.0.1 only, clear error without a database). The pages themselves are
// tested in headless Chromium (test/e2e/dashboard.test.ts).
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DB } from '../../src/db/db.js';
import { loadAssets } from '../../src/ui/assets.js';
import { UiAuth, hostAllowed, newToken, originAllowed, tokenMatches } from '../../src/ui/guard.js';
import { createApp } from '../../src/ui/server.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { noteJobFailure } from '../../src/db/job-failures.js';
import { cliProcess } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

describe('#17.2 dashboard guard', () => {
  it('#17.2 tokens: random per launch, compared whole (no prefix, no empty)', () => {
    const t = newToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(t);
    expect(tokenMatches(t, t)).toBe(true);
    expect(tokenMatches(t.slice(0, -1), t)).toBe(false);
    expect(tokenMatches(t + 'x', t)).toBe(false);
    expect(tokenMatches('', t)).toBe(false);
    expect(tokenMatches(undefined, t)).toBe(false);
  });

  it('#17.2 Host: only 127.0.0.1 or localhost on our port (DNS rebinding is refused)', () => {
    expect(hostAllowed('127.0.0.1:4000', 4000)).toBe(true);
    expect(hostAllowed('localhost:4000', 4000)).toBe(true);
    expect(hostAllowed('127.0.0.1:4001', 4000)).toBe(false);
    expect(hostAllowed('127.0.0.1', 4000)).toBe(false);
    expect(hostAllowed('evil.example:4000', 4000)).toBe(false);
    expect(hostAllowed('127.0.0.1.evil.example:4000', 4000)).toBe(false);
    expect(hostAllowed(undefined, 4000)).toBe(false);
    expect(originAllowed(undefined, 4000)).toBe(true);
    expect(originAllowed('http://127.0.0.1:4000', 4000)).toBe(true);
    expect(originAllowed('http://evil.example', 4000)).toBe(false);
    expect(originAllowed('null', 4000)).toBe(false);
  });
});

describe('#17.2 dashboard app', () => {
  let t: TempEnv;
  let db: DB;
  let auth: UiAuth;
  beforeEach(() => {
    t = tempEnv('sg-ui-');
    db = openDb({ env: t.env });
    auth = new UiAuth();
  });
  afterEach(() => {
    db.close();
    t.cleanup();
  });

  const app = () => {
    const assets = loadAssets();
    if (!assets) throw new Error('run `npm run build` first (dist/ui/ is missing)');
    return createApp({
      db,
      env: t.env,
      auth,
      assets,
      current: { name: 'proj', path: t.project },
      maxRetries: 3,
      port: () => 5555,
    });
  };
  const host = { host: '127.0.0.1:5555' };
  /** Redeems a login code: the session cookie, as the browser would send it back. */
  const login = async (a: ReturnType<typeof app>): Promise<{ cookie: string }> => {
    const r = await a.request(`/login?code=${auth.issueCode()}`, { headers: host });
    expect(r.status).toBe(303);
    const set = r.headers.get('set-cookie') ?? '';
    return { cookie: set.split(';')[0]! };
  };

  it('#17.2 every route refuses a request without the session cookie (401) or with a wrong one (403)', async () => {
    const a = app();
    const { cookie } = await login(a);
    for (const path of [
      '/',
      '/app.js',
      '/app.css',
      '/api/overview',
      '/api/kb',
      '/api/sessions',
      '/api/nothing',
    ]) {
      expect((await a.request(path, { headers: host })).status).toBe(401);
      // The secrets are never taken from the URL or a header.
      expect((await a.request(`${path}?t=${auth.session}`, { headers: host })).status).toBe(401);
      expect((await a.request(path, { headers: { ...host, 'x-self-gen-token': auth.change } })).status).toBe(
        401,
      );
      expect((await a.request(path, { headers: { ...host, cookie: 'sg_ui_5555=nope' } })).status).toBe(403);
      expect((await a.request(path, { headers: { host: 'evil.example:5555', cookie } })).status).toBe(403);
    }
    const ok = await a.request('/', { headers: { ...host, cookie } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await ok.text();
    expect(html).toContain(`<meta name="sg-token" content="${auth.change}"`);
    expect(html).not.toContain(auth.session);
    expect(html).not.toMatch(/https?:\/\//); // nothing from the internet
  });

  it('a login code gives an HttpOnly SameSite=Strict session cookie once; reused, it is refused', async () => {
    const a = app();
    const code = auth.issueCode();
    const first = await a.request(`/login?code=${code}`, { headers: host });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const set = first.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/^sg_ui_5555=[A-Za-z0-9_-]{43};/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    const again = await a.request(`/login?code=${code}`, { headers: host });
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toMatch(/fix: /);
    expect((await a.request('/login?code=wrong', { headers: host })).status).toBe(403);
    expect((await a.request('/login', { headers: host })).status).toBe(403);
    // From another Host (DNS rebinding), a valid code is refused before it is spent.
    const other = auth.issueCode();
    expect((await a.request(`/login?code=${other}`, { headers: { host: 'evil.example:5555' } })).status).toBe(
      403,
    );
    expect((await a.request(`/login?code=${other}`, { headers: host })).status).toBe(303);
  });

  it('#12.4 a secret kept raw by an older version never leaves the API', async () => {
    // written behind redaction's back, as an older version with weaker rules could have left it
    const key = ['ghp', '_', 'Zq4Lm8Rt2Vx6Bn1Kc9Wd3Hs7Jf5Gp0Ya2Tu8E'].join('');
    db.prepare(
      `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, use_count) VALUES (?, ?, ?, ?, 1)`,
    ).run(
      new Date().toISOString(),
      `auth failed with token ${key}`,
      `auth failed: ${key}`,
      `export GH=${key}`,
    );
    const a = app();
    const { cookie } = await login(a);
    const r = await a.request('/api/kb', { headers: { ...host, cookie } });
    expect(r.status).toBe(200);
    const text = await r.text();
    expect(text).toContain('auth failed'); // the row is there …
    expect(text).not.toContain(key); // … without its secret
    expect(() => JSON.parse(text)).not.toThrow();
  });

  it('#33 the overview names a failing background job with its fix', async () => {
    const a = app();
    const { cookie } = await login(a);
    noteJobFailure(db, 'team sync', 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1', 'check the server');
    const r = (await (await a.request('/api/overview', { headers: { ...host, cookie } })).json()) as {
      jobFailures: { job: string; message: string; fix: string }[];
    };
    expect(r.jobFailures).toMatchObject([
      {
        job: 'team sync',
        message: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1',
        fix: 'check the server',
      },
    ]);
  });

  it('#17.2 a change needs the session cookie, the change token in a header and a same-origin request', async () => {
    const id = recordResolution(db, 'Error: boom', { resolvedBy: 'Bash', resolution: 'Bash: fix it' })!;
    const a = app();
    const { cookie } = await login(a);
    const count = () => (db.prepare('SELECT count(*) AS n FROM error_kb').get() as { n: number }).n;
    const post = (headers: Record<string, string>) =>
      a.request(`/api/kb/${id}/forget`, { method: 'POST', headers: { ...host, ...headers } });
    expect((await post({ cookie })).status).toBe(403);
    expect((await post({ 'x-self-gen-token': auth.change, origin: 'http://127.0.0.1:5555' })).status).toBe(
      401,
    );
    expect(
      (await post({ cookie, 'x-self-gen-token': auth.change, origin: 'http://evil.example' })).status,
    ).toBe(403);
    expect((await post({ cookie, 'x-self-gen-token': auth.session })).status).toBe(403);
    expect(count()).toBe(1);
    const ok = await post({ cookie, 'x-self-gen-token': auth.change, origin: 'http://127.0.0.1:5555' });
    expect(ok.status).toBe(200);
    expect(count()).toBe(0);
  });

  it('#17.2 the orchestrator board reads only known project folders', async () => {
    const a = app();
    const { cookie } = await login(a);
    const r = await a.request(`/api/orch?project=${encodeURIComponent('/etc')}`, {
      headers: { ...host, cookie },
    });
    expect(r.status).toBe(404);
    const cur = await a.request('/api/orch', { headers: { ...host, cookie } });
    expect(cur.status).toBe(200);
    expect(((await cur.json()) as { board: { session: unknown } }).board.session).toBeNull();
  });
});

describe('#17.2 self-gen ui process', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv('sg-ui-cli-')));
  afterEach(() => t.cleanup());

  const run = (args: string[], untilUrl: boolean) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = cliProcess(t, ['ui', ...args], { cwd: t.project });
      let out = '';
      let err = '';
      child.stdout!.on('data', (d) => {
        out += d;
        if (untilUrl && /Ctrl-C/.test(out)) child.kill('SIGTERM');
      });
      child.stderr!.on('data', (d) => (err += d));
      child.on('close', (code) => resolve({ code, out, err }));
    });

  it('#23.4 without a database (a fresh install): it starts, creates it and prints the URL', async () => {
    const r = await run(['--no-open'], true);
    expect(r.out).toMatch(/http:\/\/127\.0\.0\.1:\d+\/login\?code=/);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });

  it('#17.2 prints a 127.0.0.1 URL with a one-time login code, and stops cleanly on SIGTERM', async () => {
    openDb({ env: t.env }).close();
    const r = await run(['--no-open'], true);
    expect(r.out).toMatch(/http:\/\/127\.0\.0\.1:\d+\/login\?code=[A-Za-z0-9_-]{43}/);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });

  it('#17.2 --port: listens on that port of 127.0.0.1', async () => {
    openDb({ env: t.env }).close();
    const free = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const r = await run(['--no-open', '--port', String(free)], true);
    expect(r.out).toContain(`http://127.0.0.1:${free}/login?code=`);
    expect(r.code).toBe(0);
  });

  it('#17.2 a bad --port is a usage error with a fix', async () => {
    openDb({ env: t.env }).close();
    const r = await run(['--no-open', '--port', '99999'], false);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/port/);
  });
});
