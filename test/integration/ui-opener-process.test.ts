// `self-gen ui` opens the browser without putting a secret in any other process's command line
// (readable by every local user with `ps`) or environment: the opener (a recording `xdg-open` on
// PATH) is given a 0600 launcher page in the data home; the page's one-time login code gives the
// session cookie once; the API refuses requests without that cookie.
import { type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/db.js';
import { cliProcess } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(file: string): Promise<void> {
  for (let i = 0; i < 2400 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  if (!existsSync(file)) throw new Error(`the opener never ran (${file})`);
}

describe('self-gen ui: no secret in the opener argv or environment', () => {
  let t: TempEnv;
  let child: ChildProcess;
  let out = '';
  const rec = (f: string): string => join(t.dir, 'rec', f);

  beforeAll(async () => {
    t = tempEnv('sg-ui-open-');
    openDb({ env: t.env }).close();
    const bin = join(t.dir, 'bin');
    mkdirSync(bin);
    mkdirSync(join(t.dir, 'rec'));
    // A recording opener: its argv, its environment, what it was given to open and that file's mode.
    writeFileSync(
      join(bin, 'xdg-open'),
      [
        '#!/bin/sh',
        `R='${join(t.dir, 'rec')}'`,
        'printf "%s\\n" "$@" > "$R/argv"',
        'env > "$R/env"',
        'cat "$1" > "$R/page" 2>/dev/null',
        'stat -c %a "$1" > "$R/mode" 2>/dev/null',
        'touch "$R/done"',
        '',
      ].join('\n'),
    );
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const env = { ...t.env, PATH: `${bin}:${t.env.PATH ?? '/usr/bin:/bin'}` };
    child = cliProcess(env, ['ui'], { cwd: t.project });
    child.stdout!.on('data', (d) => (out += d));
    await waitFor(rec('done'));
  });

  afterAll(() => {
    child?.kill('SIGTERM');
    t?.cleanup();
  });

  const port = (): number => Number(/127\.0\.0\.1:(\d+)\//.exec(out)?.[1]);
  const pageUrl = (): URL => {
    const m = /url=(http:\/\/127\.0\.0\.1:\d+\/login\?code=[A-Za-z0-9_-]+)/.exec(
      readFileSync(rec('page'), 'utf8'),
    );
    if (!m) throw new Error('the launcher page holds no login address');
    return new URL(m[1]!);
  };

  it("the opener's argv is a launcher file path, without any code or token", () => {
    const argv = readFileSync(rec('argv'), 'utf8').trim().split('\n');
    expect(argv).toHaveLength(1);
    expect(argv[0]).toMatch(/^\//);
    expect(argv[0]).not.toMatch(/[?&#](?:t|code)=/);
    expect(argv[0]).not.toMatch(/^https?:/);
    const code = pageUrl().searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(rec('argv'), 'utf8')).not.toContain(code);
    expect(readFileSync(rec('env'), 'utf8')).not.toContain(code);
  });

  it('the launcher page is readable by its owner only', () => {
    expect(readFileSync(rec('mode'), 'utf8').trim()).toBe('600');
  });

  it('its code gives the session cookie once; the API needs that cookie; a used code is refused', async () => {
    const u = pageUrl();
    const p = port();
    expect(Number(u.port)).toBe(p);
    expect((await get(p, '/api/overview')).status).toBe(401);
    const first = await get(p, u.pathname + u.search);
    expect(first.status).toBe(303);
    const cookie = String(first.headers['set-cookie'] ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^sg_ui_\d+=/);
    // The session itself was never in the opener's argv or environment either.
    const session = cookie.split('=')[1]!;
    expect(readFileSync(rec('argv'), 'utf8')).not.toContain(session);
    expect(readFileSync(rec('env'), 'utf8')).not.toContain(session);
    expect((await get(p, '/api/overview', { cookie })).status).toBe(200);
    const reused = await get(p, u.pathname + u.search);
    expect(reused.status).toBe(403);
    expect(reused.headers['set-cookie']).toBeUndefined();
    // The printed link holds another one-time code, which works once too.
    const printed = new URL(/(http:\/\/127\.0\.0\.1:\d+\/login\?code=[A-Za-z0-9_-]+)/.exec(out)![1]!);
    expect(printed.search).not.toBe(u.search);
    expect((await get(p, printed.pathname + printed.search)).status).toBe(303);
    expect((await get(p, printed.pathname + printed.search)).status).toBe(403);
  });

  it('the launcher page is removed when the dashboard stops', async () => {
    const file = readFileSync(rec('argv'), 'utf8').trim();
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    await closed;
    expect(existsSync(file)).toBe(false);
  });
});
