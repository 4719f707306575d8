// #17.2: the dashboard (`self-gen ui`) in real headless Chromium against a seeded data home: every
// page loads (screenshots in test/artifacts/ui/), forget / edit / apply / dismiss change the
// database (and the file for apply), and requests without the token or with a foreign Host are refused.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CLI_JS, ROOT } from '../helpers/env.js';
import { HOSTILE, SUGGESTION_IDS, seedUiHome, type Seeded } from '../helpers/ui-seed.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test', 'artifacts', 'ui');
// Skipped only on a developer machine without Chromium; in CI (.ci/run installs it) a missing browser fails.
const haveChromium = existsSync(CHROMIUM) || !!process.env.CI;

function startUi(s: Seeded): Promise<{ child: ChildProcess; url: string; port: number; token: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_JS, 'ui', '--no-open'], { cwd: s.f.root, env: s.env });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out} ${err}`)), 30_000);
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:(\d+)\/\?t=([A-Za-z0-9_-]+))/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, port: Number(m[2]), token: m[3]! });
      }
    });
    child.on('exit', (code) => reject(new Error(`self-gen ui exited ${code}: ${err}`)));
  });
}

function raw(
  port: number,
  path: string,
  o: { host?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: o.method ?? 'GET',
        headers: { host: o.host ?? `127.0.0.1:${port}`, ...o.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!haveChromium)('#17.2 dashboard in headless Chromium', () => {
  let s: Seeded;
  let ui: Awaited<ReturnType<typeof startUi>>;
  let ctx: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    s = await seedUiHome();
    ui = await startUi(s);
    profile = mkdtempSync(join(tmpdir(), 'sg-chromium-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 1360, height: 900 },
    });
    page = ctx.pages()[0] ?? (await ctx.newPage());
  });

  afterAll(async () => {
    await ctx?.close();
    ui?.child.kill('SIGTERM');
    if (profile) rmSync(profile, { recursive: true, force: true });
    s?.f.cleanup();
  });

  const go = async (hash: string, ready: string) => {
    await page.goto(`${ui.url}#/${hash}`);
    await page.locator(ready).first().waitFor({ timeout: 15_000 });
  };
  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  it('#17.2 overview: totals, the activity chart, advice and whether the error came back', async () => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await go('', '[data-page="overview"] .stat');
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/sessions/);
    expect(await page.locator('.stat-v').first().innerText()).toMatch(/^[1-9]\d*$/);
    expect(await page.locator('figure.chart svg rect.s-err').count()).toBeGreaterThan(0);
    const advice = await page.locator('[data-test="advice"]').innerText();
    expect(advice).toMatch(/Cannot find module[\s\S]*yes/); // it came back after the advice
    expect(advice).toMatch(/EACCES[\s\S]*no/);
    await shot('overview');
    // Nothing is loaded from anywhere but this server.
    expect(requests.every((u) => u.startsWith(`http://127.0.0.1:${ui.port}/`))).toBe(true);
  });

  it('#17.2 knowledge base: search, provenance, stored text shown escaped, edit and forget change the database', async () => {
    await go('kb', '[data-page="kb"] [data-kb-id]');
    const hostileCard = page.locator(`[data-kb-id="${s.kb.hostile}"]`);
    expect(await hostileCard.locator('.fix').innerText()).toContain(HOSTILE);
    expect(await hostileCard.locator('img, script').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    const stale = page.locator(`[data-kb-id="${s.kb.staleDist}"]`);
    const db0 = s.openDb();
    const total = (db0.prepare('SELECT count(*) AS n FROM error_kb').get() as { n: number }).n;
    const shown = (
      db0.prepare('SELECT answered FROM error_kb_lookups WHERE kb_id = ?').get(s.kb.staleDist) as {
        answered: number;
      }
    ).answered;
    db0.close();
    expect(shown).toBe(2);
    expect(await stale.innerText()).toMatch(new RegExp(`advice shown\\s*${shown}×`, 'i'));
    expect(await stale.innerText()).toMatch(/proof\s*typed by you/i);
    expect(await stale.innerText()).toMatch(/confirmed\s*1×, last \d{4}-/i);
    expect(await stale.innerText()).toMatch(/projects\s*proj/i);
    expect(await stale.locator('[data-never]').count()).toBe(0);
    // A download-and-run fix stored by an older version (no verdict yet): the page has the fix
    // policy judge it, and flags it withheld with the reason (#22.4).
    const unsafe = page.locator(`[data-kb-id="${s.kb.unsafe}"]`);
    expect(await unsafe.locator('.fix [data-never="withheld"]').innerText()).toMatch(
      /withheld by the fix policy: runs piped or inline text as a shell script/,
    );
    await unsafe.locator('details.cands summary').click();
    expect(await unsafe.locator('details.cands li').innerText()).toMatch(
      /withheld by the fix policy[\s\S]*confirmed 4×/,
    );
    // the examples, learned in a hostile repository, are flagged with their reasons
    for (const [id, why] of [
      [s.kb.upload, /withheld by the fix policy: (?:uploads a local file|reads a credential store)/],
      [s.kb.forcePush, /withheld by the fix policy: force-pushes or deletes remote branches/],
      [s.kb.noteToClaude, /withheld by the fix policy: the text addresses the model or the user/],
    ] as const)
      expect(await page.locator(`[data-kb-id="${id}"] .fix [data-never="withheld"]`).innerText()).toMatch(
        why,
      );
    await shot('kb');

    await page.fill('input[type="search"]', 'EACCES');
    await page.waitForFunction(() => document.querySelectorAll('[data-kb-id]').length === 1);
    expect(await page.locator(`[data-kb-id="${s.kb.permission}"]`).count()).toBe(1);
    await page.fill('input[type="search"]', '');
    await page.waitForFunction((n) => document.querySelectorAll('[data-kb-id]').length === n, total);

    // Edit the resolution.
    const perm = page.locator(`[data-kb-id="${s.kb.permission}"]`);
    await perm.locator('[data-act="edit"]').click();
    await perm.locator('textarea').fill('Bash: fix the owner with chown');
    await perm.locator('[data-act="save"]').click();
    await page.locator(`[data-kb-id="${s.kb.permission}"] .fix`).filter({ hasText: 'chown' }).waitFor();
    let db = s.openDb();
    expect(
      (
        db.prepare('SELECT resolution FROM error_kb WHERE id = ?').get(s.kb.permission) as {
          resolution: string;
        }
      ).resolution,
    ).toBe('Bash: fix the owner with chown');
    // The same kb/manage function as `kb edit`: the typed fix is the entry's manual candidate.
    expect(
      db
        .prepare(`SELECT resolution FROM error_kb_fixes WHERE kb_id = ? AND proof = 'manual'`)
        .all(s.kb.permission),
    ).toEqual([{ resolution: 'Bash: fix the owner with chown' }]);
    db.close();

    // Forget one.
    const h = page.locator(`[data-kb-id="${s.kb.hostile}"]`);
    await h.locator('[data-act="forget"]').click();
    await h.locator('[data-act="confirm-forget"]').click();
    await page.locator(`[data-kb-id="${s.kb.hostile}"]`).waitFor({ state: 'detached' });
    db = s.openDb();
    expect(db.prepare('SELECT id FROM error_kb WHERE id = ?').get(s.kb.hostile)).toBeUndefined();
    expect((db.prepare('SELECT count(*) AS n FROM error_kb').get() as { n: number }).n).toBe(total - 1);
    // …with its candidates (the function `kb rm` uses).
    expect(db.prepare('SELECT count(*) AS n FROM error_kb_fixes WHERE kb_id = ?').get(s.kb.hostile)).toEqual({
      n: 0,
    });
    db.close();
  });

  it('#17.2 sessions: the real session timeline, its subagent with outcome, and its shared context', async () => {
    const sid = '1d781026-4b91-4581-b3a2-f91871abc842'; // the recorded Claude Code session
    await go(`sessions/${sid}`, `[data-session="${sid}"] .timeline li`);
    const d = page.locator(`[data-session="${sid}"]`);
    const timeline = await d.locator('.timeline').innerText();
    expect(timeline).toContain('No such file or directory');
    expect(timeline).toMatch(/session started/);
    expect(await d.locator('.agents li').count()).toBeGreaterThan(0);
    expect(await d.locator('.agents').innerText()).toMatch(/succeeded|failed/);
    await shot('sessions');
    // A seeded session with a failed executor.
    await go('sessions/sess-proj-0', '[data-session="sess-proj-0"] .agents li');
    expect(await page.locator('.agents').innerText()).toMatch(
      /failed[\s\S]*executor[\s\S]*tests still failing/,
    );
  });

  it('#17.2 orchestrator board: tasks, subtasks, phases and gates from the skill files', async () => {
    await go('orch', '[data-page="orch"] [data-subtask]');
    const board = await page.locator('.board').innerText();
    expect(board).toContain('T1');
    expect(board).toContain('T1-S1');
    expect(await page.locator('[data-subtask="T1-S1"] .phases li.now').innerText()).toMatch(/implementation/);
    expect(await page.locator('[data-subtask="T1-S1"] .gates .badge').count()).toBeGreaterThan(0);
    await shot('orchestrator');
  });

  it('#17.2 suggestions: preview, apply (writes CLAUDE.md) and dismiss change the database', async () => {
    await go('suggestions', '[data-page="suggestions"] [data-suggestion]');
    const rule = page.locator(`[data-suggestion="${SUGGESTION_IDS.rule}"]`);
    await rule.locator('[data-act="preview"]').click();
    await rule.locator('.preview').waitFor();
    expect(await rule.locator('.preview').innerText()).toContain('npm run build');
    await shot('suggestions');
    const claudeMd = join(s.f.root, 'CLAUDE.md');
    expect(readFileSync(claudeMd, 'utf8')).not.toContain('Run `npm run build` before `npm test`');
    await rule.locator('[data-act="apply"]').click();
    await page.locator(`[data-suggestion="${SUGGESTION_IDS.rule}"] .b-accepted`).waitFor();
    expect(readFileSync(claudeMd, 'utf8')).toContain('Run `npm run build` before `npm test`');

    await page.locator(`[data-suggestion="${SUGGESTION_IDS.hook}"] [data-act="dismiss"]`).click();
    await page.locator(`[data-suggestion="${SUGGESTION_IDS.hook}"] .b-dismissed`).waitFor();
    const db = s.openDb();
    const fb = db.prepare('SELECT suggestion_id, action FROM feedback ORDER BY id').all();
    db.close();
    expect(fb).toEqual([
      { suggestion_id: SUGGESTION_IDS.rule, action: 'accepted' },
      { suggestion_id: SUGGESTION_IDS.hook, action: 'dismissed' },
    ]);
    // The skill suggestion was left alone: no file written.
    expect(existsSync(join(s.f.root, '.claude', 'skills', 'fix-login-test', 'SKILL.md'))).toBe(false);
  });

  it('#17.2 without the token, with a wrong token or a foreign Host, every request is refused', async () => {
    for (const path of ['/', '/app.js', '/api/overview', '/api/kb']) {
      expect((await raw(ui.port, path)).status).toBe(401);
      expect((await raw(ui.port, `${path}${path.includes('?') ? '&' : '?'}t=wrong`)).status).toBe(403);
      expect((await raw(ui.port, `${path}?t=${ui.token}`, { host: `evil.example:${ui.port}` })).status).toBe(
        403,
      );
      expect((await raw(ui.port, `${path}?t=${ui.token}`)).status).toBe(200);
    }
    // A change needs the token in a header (never the URL alone) and no foreign Origin.
    const id = s.kb.staleDist;
    expect((await raw(ui.port, `/api/kb/${id}/forget?t=${ui.token}`, { method: 'POST' })).status).toBe(403);
    const cross = await raw(ui.port, `/api/kb/${id}/forget`, {
      method: 'POST',
      headers: { 'x-self-gen-token': ui.token, origin: 'http://evil.example' },
    });
    expect(cross.status).toBe(403);
    const db = s.openDb();
    expect(db.prepare('SELECT id FROM error_kb WHERE id = ?').get(id)).toBeDefined();
    db.close();
    // The page carries a strict Content-Security-Policy.
    const r = await page.goto(ui.url);
    expect(r?.headers()['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    // The browser itself, without the token: refused.
    const denied = await page.goto(`http://127.0.0.1:${ui.port}/`);
    expect(denied?.status()).toBe(401);
  });
});
