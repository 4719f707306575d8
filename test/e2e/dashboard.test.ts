// #17.2: the dashboard (`self-gen ui`) in real headless Chromium against a seeded data home: every
// page loads (screenshots in test/artifacts/ui/), forget / edit / apply / dismiss change the
// database (and the file for apply), and requests without the session cookie or with a foreign Host are
// refused; the one-time login link works once.
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { cliProcess } from '../helpers/cli.js';
import { ROOT } from '../helpers/env.js';
import {
  DEMO_SESSIONS,
  HOSTILE,
  OTHER_PROJECT,
  REFUSED,
  SUGGESTION_IDS,
  seedUiHome,
  type Seeded,
} from '../helpers/ui-seed.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { noteSkip } from '../helpers/skip-notes.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test', 'artifacts', 'ui');
// Skipped only on a developer machine without Chromium; in CI (.ci/run installs it) a missing browser fails.
const haveChromium = existsSync(CHROMIUM) || !!process.env.CI;
if (!haveChromium)
  noteSkip(import.meta.url, 'dashboard', `${CHROMIUM} not found (CI installs Debian's chromium: .ci/run)`);

function startUi(s: {
  f: { root: string };
  env: NodeJS.ProcessEnv;
}): Promise<{ child: ChildProcess; url: string; port: number; login: string }> {
  return new Promise((resolve, reject) => {
    const child = cliProcess(s.env, ['ui', '--no-open'], { cwd: s.f.root });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out} ${err}`)), 30_000);
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:(\d+)\/)login\?code=[A-Za-z0-9_-]+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, port: Number(m[2]), login: m[0] });
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
    // The printed link: its one-time code gives this browser the session cookie, then the page.
    const r = await page.goto(ui.login);
    expect(r?.status()).toBe(200);
    expect(page.url()).toBe(ui.url);
  });

  afterAll(async () => {
    await ctx?.close();
    ui?.child.kill('SIGTERM');
    if (profile) rmSync(profile, { recursive: true, force: true });
    s?.f.cleanup();
  });

  const go = async (hash: string, ready: string) => {
    await page.goto(`${ui.url}#/${hash}`);
    await page.locator(ready).first().waitFor({ timeout: 120_000 });
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
    // Advised by an older version that did not record where: unknown, not "no".
    expect(await page.locator(`[data-advice-id="${s.kb.permission}"] td[data-came-back]`).innerText()).toBe(
      '–',
    );
    await shot('overview');
    // Nothing is loaded from anywhere but this server.
    expect(requests.every((u) => u.startsWith(`http://127.0.0.1:${ui.port}/`))).toBe(true);
  });

  /** The number and the one-line definition of an overview figure. */
  const stat = async (label: string) => {
    const el = page.locator(`[data-stat="${label}"]`);
    return { value: await el.locator('.stat-v').innerText(), def: await el.locator('.stat-d').innerText() };
  };
  const n = (db: ReturnType<Seeded['openDb']>, sql: string, ...args: unknown[]) =>
    (db.prepare(sql).get(...args) as { n: number }).n;

  it('#23.5 overview figures: each defined on the page, each counted as defined', async () => {
    await go('', '[data-page="overview"] .stat');
    const db = s.openDb();
    const uses = n(db, `SELECT count(*) AS n FROM events WHERE type = 'tool_use'`);
    const errors = n(db, `SELECT count(*) AS n FROM events WHERE type = 'tool_error'`);
    const sessions = n(db, 'SELECT count(DISTINCT session_id) AS n FROM events WHERE session_id IS NOT NULL');
    const entries = n(db, 'SELECT count(*) AS n FROM error_kb');
    const day3 = new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10);
    const day3Uses = n(
      db,
      `SELECT count(*) AS n FROM events WHERE type = 'tool_use' AND substr(ts, 1, 10) = ?`,
      day3,
    );
    const day3Errors = n(
      db,
      `SELECT count(*) AS n FROM events WHERE type = 'tool_error' AND substr(ts, 1, 10) = ?`,
      day3,
    );
    db.close();

    expect(await stat('sessions')).toMatchObject({
      value: String(sessions),
      def: expect.stringMatching(/sessions/),
    });
    // Failed calls are calls: tool calls = succeeded + failed.
    const calls = await stat('tool calls');
    expect(errors).toBeGreaterThan(0);
    expect(calls.value).toBe(String(uses + errors));
    expect(calls.def).toMatch(/failed ones included/);
    expect(await page.locator('[data-stat="tool calls"] .stat-h').innerText()).toBe(
      `${uses} succeeded · ${errors} failed`,
    );
    expect((await stat('errors')).value).toBe(String(errors));
    // Fixes typed with `kb add` (recordResolution) are not fixes learned.
    const learned = await stat('fixes learned');
    expect(learned.value).toBe(String(entries - s.typedOnly.length));
    expect(entries - s.typedOnly.length).toBeGreaterThanOrEqual(2);
    expect(learned.def).toMatch(/kb add or edit are not counted/);
    const advised = await stat('fixes advised');
    expect(advised.value).toBe('3'); // staleDist, permission, refused
    expect(advised.def).toMatch(/actually showed/);
    // The chart: a day's bar is its succeeded calls with its failed ones on top.
    const titles = await page
      .locator('figure.chart svg rect title')
      .evaluateAll((els) => els.map((e) => e.textContent));
    expect(titles).toContain(`${day3}: ${day3Uses} succeeded`);
    expect(titles).toContain(`${day3}: ${day3Errors} failed`);
    expect(await page.locator('figure.chart + .def').first().innerText()).toMatch(/failed ones on top/);
  });

  it('#23.5 came back after: only where the advice was given, after it', async () => {
    await go('', '[data-test="advice"]');
    const db = s.openDb();
    const elsewhere = n(
      db,
      `SELECT count(*) AS n FROM events WHERE type = 'tool_error' AND project_path = ? AND json_extract(data, '$.error') = ?`,
      OTHER_PROJECT,
      REFUSED,
    );
    db.close();
    expect(elsewhere).toBe(3); // came back three times in another project: not counted
    const cell = page.locator(`[data-advice-id="${s.kb.refused}"] td[data-came-back]`);
    expect(await cell.innerText()).toBe('yes, 1×');
    expect(await cell.getAttribute('title')).toBe(s.f.root);
    expect(
      await page.locator('[data-test="advice"]').locator('xpath=..').locator('.def').innerText(),
    ).toMatch(/in the project the fix was last advised in, after that advice/);
  });

  it('#23.5 sessions: unique short labels, failed calls counted as calls', async () => {
    await go('sessions', '[data-page="sessions"] [data-session-link]');
    const labels = await page.locator('[data-session-link] [data-label]').allInnerTexts();
    expect(new Set(labels).size).toBe(labels.length);
    for (const id of DEMO_SESSIONS) {
      const link = page.locator(`[data-session-link="${id}"]`);
      expect(await link.locator('[data-label]').innerText()).toBe(id);
      expect(await link.locator('.counts').innerText()).toBe('7 calls · 4 failed · 0 agents');
    }
    // A UUID keeps its 8-character label.
    expect(labels).toContain('1d781026…');
    expect(await page.locator('[data-page="sessions"] .def').innerText()).toMatch(/failed ones included/);
  });

  it('#23.5 #23.6 knowledge base: edit keeps the learned date and the project folder; no vector promised without a model', async () => {
    await go('kb', `[data-kb-id="${s.kb.refused}"]`);
    const card = () => page.locator(`[data-kb-id="${s.kb.refused}"]`);
    const learned = s.refusedLearned.slice(0, 16).replace('T', ' ');
    expect(await card().locator('[data-field="learned"]').innerText()).toBe(learned);
    expect(await card().locator('[data-field="projects"]').innerText()).toBe(s.f.root);
    expect(await card().locator('[data-field="vector"]').innerText()).toBe('not installed (vector tier off)');
    expect(await page.locator('[data-page="kb"] .def').innerText()).toMatch(/an edit does not change it/);
    await card().locator('[data-act="edit"]').click();
    await card().locator('textarea').fill('Bash: pg_ctl start -D /var/lib/pg');
    await card().locator('[data-act="save"]').click();
    await card().locator('.fix').filter({ hasText: '-D /var/lib/pg' }).waitFor();
    expect(await card().locator('[data-field="learned"]').innerText()).toBe(learned);
    expect(await card().locator('[data-field="projects"]').innerText()).toBe(s.f.root);
    const db = s.openDb();
    expect((db.prepare('SELECT ts FROM error_kb WHERE id = ?').get(s.kb.refused) as { ts: string }).ts).toBe(
      s.refusedLearned,
    );
    db.close();
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
    // the folder where its learned fix was confirmed (the seeded sessions)
    expect(await stale.locator('[data-field="projects"]').innerText()).toBe(s.f.root);
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

  it('#23.8 history: search prompts, tool calls and errors; a hit in full with its session around it; scope and kind', async () => {
    await go('history', '[data-page="history"] input[type="search"]');
    expect(await page.locator('[data-page="history"] .def').innerText()).toMatch(/Every word must match/);
    await page.fill('[data-page="history"] input[type="search"]', 'failing login');
    await page.locator('[data-hit]').first().waitFor();
    const db = s.openDb();
    const prompts = db
      .prepare(
        `SELECT id, session_id FROM events WHERE type = 'prompt' AND session_id LIKE 'sess-proj-%' ORDER BY id`,
      )
      .all() as { id: number; session_id: string }[];
    db.close();
    expect(prompts).toHaveLength(3);
    const hitIds = (
      await page.locator('[data-hit]').evaluateAll((els) => els.map((e) => e.getAttribute('data-hit')))
    )
      .map(Number)
      .sort((a, b) => a - b);
    expect(hitIds).toEqual(prompts.map((p) => p.id));
    expect(await page.locator('[data-hit] .hit-line').first().innerText()).toMatch(
      /fix the failing login test/,
    );
    // One hit in full, with its session around it (the hit marked).
    const first = prompts[0]!;
    await page.locator(`[data-hit="${first.id}"] a`).click();
    const detail = page.locator(`[data-history-detail="${first.id}"]`);
    await detail.waitFor();
    expect(await detail.locator('pre.doc').innerText()).toMatch(
      /fix the failing login test in auth module please/,
    );
    expect(await detail.locator('.timeline li.now').getAttribute('data-ev')).toBe(String(first.id));
    const around = await detail.locator('.timeline li').allInnerTexts();
    expect(around.join('\n')).toMatch(/session start[\s\S]*prompt[\s\S]*Read src\/auth\.ts/);
    expect(await detail.locator('[data-session-link]').getAttribute('href')).toBe(
      `#/sessions/${first.session_id}`,
    );
    await shot('history');
    // Errors: this project only, then every project; the kind filter.
    await page.fill('[data-page="history"] input[type="search"]', 'ECONNREFUSED');
    await page.waitForFunction(() => document.querySelectorAll('[data-hit]').length === 1);
    expect(await page.locator('[data-hit] .hit-line').innerText()).toMatch(
      /Bash failed: Error: connect ECONNREFUSED/,
    );
    await page.selectOption('[data-test="scope"]', 'all');
    await page.waitForFunction(() => document.querySelectorAll('[data-hit]').length === 4);
    await page.selectOption('[data-test="kind"]', 'prompt');
    await page.locator('[data-test="no-hits"]').waitFor();
    // Another project's prompt: only with every project.
    await page.selectOption('[data-test="kind"]', '');
    await page.fill('[data-page="history"] input[type="search"]', 'flaky checkout');
    await page.locator('[data-hit] .hit-line').filter({ hasText: 'flaky checkout' }).waitFor();
    expect(await page.locator('[data-hit]').innerText()).toMatch(/flaky checkout[\s\S]*other-project/);
    await page.selectOption('[data-test="scope"]', 'project');
    expect(await page.locator('[data-test="no-hits"]').innerText()).toMatch(/try all projects/);
  });

  it('#23.4 a fresh install (no database yet): the dashboard starts and shows the empty state', async () => {
    const t: TempEnv = tempEnv('sg-ui-fresh-');
    const fresh = await startUi({ f: { root: t.project }, env: t.env });
    try {
      await page.goto(fresh.login);
      await page.goto(`${fresh.url}#/`);
      await page.locator('[data-test="empty"]').waitFor({ timeout: 120_000 });
      expect(await page.locator('[data-test="empty"]').innerText()).toMatch(
        /Nothing recorded yet[\s\S]*self-gen doctor/,
      );
      for (const label of ['sessions', 'tool calls', 'errors', 'fixes learned', 'fixes advised'])
        expect((await stat(label)).value).toBe('0');
      await page.goto(`${fresh.url}#/kb`);
      await page.locator('[data-page="kb"] p.muted').filter({ hasText: 'Nothing learned yet.' }).waitFor();
      await page.goto(`${fresh.url}#/sessions`);
      await page
        .locator('[data-page="sessions"] p.muted')
        .filter({ hasText: 'No sessions recorded yet.' })
        .waitFor();
      await shot('empty');
    } finally {
      fresh.child.kill('SIGTERM');
      await new Promise((r) => fresh.child.once('exit', r));
      t.cleanup();
    }
  });

  it('#17.2 without the session cookie, with a wrong one or a foreign Host, every request is refused', async () => {
    const session = (await ctx.cookies(ui.url)).find((c) => c.name === `sg_ui_${ui.port}`);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    const cookie = `${session!.name}=${session!.value}`;
    for (const path of ['/', '/app.js', '/api/overview', '/api/kb']) {
      expect((await raw(ui.port, path)).status).toBe(401);
      expect((await raw(ui.port, `${path}?t=${session!.value}`)).status).toBe(401);
      expect((await raw(ui.port, path, { headers: { cookie: `${session!.name}=wrong` } })).status).toBe(403);
      expect(
        (await raw(ui.port, path, { host: `evil.example:${ui.port}`, headers: { cookie } })).status,
      ).toBe(403);
      expect((await raw(ui.port, path, { headers: { cookie } })).status).toBe(200);
    }
    // The printed login link was used by the browser: it works no more.
    const login = new URL(ui.login);
    expect((await raw(ui.port, login.pathname + login.search)).status).toBe(403);
    // A change needs the page's token in a header (the cookie alone is not enough) and no foreign Origin.
    const id = s.kb.staleDist;
    expect((await raw(ui.port, `/api/kb/${id}/forget`, { method: 'POST', headers: { cookie } })).status).toBe(
      403,
    );
    const change = await page.locator('meta[name="sg-token"]').getAttribute('content');
    const cross = await raw(ui.port, `/api/kb/${id}/forget`, {
      method: 'POST',
      headers: { cookie, 'x-self-gen-token': change!, origin: 'http://evil.example' },
    });
    expect(cross.status).toBe(403);
    const db = s.openDb();
    expect(db.prepare('SELECT id FROM error_kb WHERE id = ?').get(id)).toBeDefined();
    db.close();
    // The page carries a strict Content-Security-Policy.
    const r = await page.goto(ui.url);
    expect(r?.headers()['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    // The browser without its cookie: refused.
    await ctx.clearCookies();
    const denied = await page.goto(ui.url);
    expect(denied?.status()).toBe(401);
  });
});
