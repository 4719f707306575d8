// Issues #17 item 3 and #23 items 1-2 with the real Claude Code CLI (2.1.197): the plugin installs
// in one step (`claude plugin marketplace add`, `claude plugin install self-generation@self-generation`)
// into a temporary HOME, with no network beyond loopback (every proxy points at a closed port on
// 127.0.0.1, npm works from its cache only). The bundle is built from the sources into a temporary
// marketplace (the committed plugin/ is checked against the sources by test/integration/plugin.test.ts).
// Session 1's hooks start the native-dependency install and keep their events; once it is ready
// they are recorded (replayed in order), so session 2 gets the fix session 1 learned. The plugin's
// slash commands and its `self-gen` launcher work, and `plugin uninstall --keep-data` keeps the install.
import { expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { CLAUDE_BIN, DEFAULT_ALLOWED_TOOLS, ROOT, type E2EProject } from '../helpers/claude-harness.js';
import { offlineNpmEnv, warmNpmCache } from '../helpers/npm-offline.js';
import {
  bash,
  CHECK_COMMAND,
  CHECK_ERROR,
  CHECK_FILES,
  describeE2E,
  failThenFixTurns,
  FIX_COMMAND,
} from './fixtures.js';
import { callsWhenOffered, latestContexts, requestText, toolResult } from '../helpers/anthropic-stub.js';
import { projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();

/** Nothing beyond loopback: proxies at a closed port, npm from its cache only. */
const NO_NETWORK = {
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  ALL_PROXY: 'http://127.0.0.1:9',
  npm_config_proxy: 'http://127.0.0.1:9',
  npm_config_https_proxy: 'http://127.0.0.1:9',
  npm_config_offline: 'true',
  NO_PROXY: '127.0.0.1,localhost',
};

function claude(project: E2EProject, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(CLAUDE_BIN, args, {
    cwd: project.dir,
    env: project.env(env),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** A marketplace folder holding a bundle built from the sources (scripts/build-plugin.mjs). */
function freshMarketplace(root: string): string {
  const mkt = join(root, 'marketplace');
  mkdirSync(join(mkt, '.claude-plugin'), { recursive: true });
  cpSync(join(ROOT, '.claude-plugin', 'marketplace.json'), join(mkt, '.claude-plugin', 'marketplace.json'));
  execFileSync(process.execPath, ['scripts/build-plugin.mjs', '--out', join(mkt, 'plugin')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return mkt;
}

/** The plugin's data folder Claude Code made (~/.claude/plugins/data/<id>), or null. */
function pluginData(project: E2EProject): string | null {
  const base = join(project.home, '.claude', 'plugins', 'data');
  if (!existsSync(base)) return null;
  const d = readdirSync(base).find((n) => n.startsWith('self-generation'));
  return d ? join(base, d) : null;
}

function status(data: string | null): { state?: string; error?: string } | null {
  if (!data || !existsSync(join(data, 'native-status.json'))) return null;
  return JSON.parse(readFileSync(join(data, 'native-status.json'), 'utf8')) as { state?: string };
}

const spooled = (data: string) =>
  existsSync(join(data, 'spool')) ? readdirSync(join(data, 'spool')).filter((n) => n.endsWith('.json')) : [];

describeE2E('e2e: the plugin in one step, offline (#17.3, #23.1-2)', () => {
  it('#23.1 marketplace add + install with no network: session 1 is recorded once the install is ready, session 2 gets its fix; commands and launcher work', async () => {
    const p = await newProject({ install: false, files: CHECK_FILES });
    const env = { ...offlineNpmEnv(p.root), ...NO_NETWORK };
    const mkt = freshMarketplace(p.root);
    // What this machine's npm cache holds (a company cache or mirror would do the same); from here on
    // npm runs offline.
    const pins = JSON.parse(readFileSync(join(mkt, 'plugin', 'package.json'), 'utf8')) as {
      nativeDependencies: Record<string, string>;
    };
    warmNpmCache(
      join(p.root, 'npm-warm'),
      Object.entries(pins.nativeDependencies).map(([n, v]) => `${n}@${v}`),
    );
    const add = claude(p, ['plugin', 'marketplace', 'add', mkt], env);
    expect(add.code, add.out).toBe(0);
    const inst = claude(p, ['plugin', 'install', 'self-generation@self-generation'], env);
    expect(inst.code, inst.out).toBe(0);
    const installed = JSON.parse(
      readFileSync(join(p.home, '.claude', 'plugins', 'installed_plugins.json'), 'utf8'),
    ) as { plugins: Record<string, { installPath: string }[]> };
    const root = installed.plugins['self-generation@self-generation']![0]!.installPath;
    expect(existsSync(join(root, 'dist', 'hook.cjs'))).toBe(true);
    expect(existsSync(join(root, 'commands', 'doctor.md'))).toBe(true);
    expect(existsSync(join(root, 'node_modules'))).toBe(false);
    expect(JSON.stringify(p.settings())).not.toContain('hook.cjs');

    // Session 1: an error, its fix, the check passes. The hooks start the install and print nothing.
    const s1 = await p.runClaude({
      prompt: 'E2E-PLUGIN-FIRST run the project check and fix it',
      script: { main: failThenFixTurns() },
      env,
    });
    expect(s1.code, s1.summary()).toBe(0);
    const data = pluginData(p);
    expect(data, 'Claude Code made no plugin data folder').not.toBeNull();
    for (const r of s1.main)
      expect(latestContexts(r, 'PostToolUseFailure', 'Bash'), 'no advice before ready').toEqual([]);

    // The background install (a real `npm install` from the npm cache) ends, the kept events are replayed.
    for (
      let i = 0;
      i < 600 && (!/ready|failed/.test(status(data)?.state ?? '') || spooled(data!).length);
      i++
    )
      await new Promise((r) => setTimeout(r, 500));
    expect(status(data)?.state, JSON.stringify(status(data))).toBe('ready');
    expect(spooled(data!)).toEqual([]);
    const first = p.events().filter((e) => e.session_id === s1.sessionId);
    expect(JSON.stringify(first), s1.summary()).toContain('E2E-PLUGIN-FIRST');
    expect(
      p.errorKb().some((k) => String(k.resolution).includes(FIX_COMMAND)),
      `error_kb: ${JSON.stringify(p.errorKb())}\n${JSON.stringify(first.map((e) => [e.type, e.ts, JSON.stringify(e.data).slice(0, 150)]))}`,
    ).toBe(true);

    // Session 2: the same error again: the advice names session 1's fix.
    p.remove('build');
    const s2 = await p.runClaude({
      prompt: 'Run the project check.',
      script: { main: [bash(CHECK_COMMAND, 'run the check'), 'Done.'] },
      env,
    });
    expect(s2.code, s2.summary()).toBe(0);
    const advice = latestContexts(s2.main[1], 'PostToolUseFailure', 'Bash')
      .map((c) => c.text)
      .join('\n');
    expect(advice, s2.summary()).toContain(FIX_COMMAND);
    expect(advice, s2.summary()).not.toContain(CHECK_ERROR); // no past error text: Claude has the current one

    // The plugin's MCP server (its native packages found through CLAUDE_PLUGIN_DATA) under the
    // plugin's tool names, allowed by the rule the README gives.
    const mcp = await p.runClaude({
      prompt: 'What failed here lately?',
      script: {
        main: callsWhenOffered(
          [
            {
              name: 'mcp__plugin_self-generation_self-generation__recent_errors',
              input: { limit: 3 },
              id: 'toolu_recent',
            },
          ],
          'Listed.',
        ),
      },
      allowedTools: [...DEFAULT_ALLOWED_TOOLS, 'mcp__plugin_self-generation_self-generation'],
      env,
    });
    expect(mcp.code, mcp.summary()).toBe(0);
    const recent = toolResult(mcp.requests, 'toolu_recent');
    expect(recent?.isError, mcp.summary()).toBe(false);
    expect(recent?.text, mcp.summary()).toContain(CHECK_ERROR);

    // A slash command of the plugin runs the plugin's own CLI (its output reaches the model).
    const s3 = await p.runClaude({
      prompt: '/self-generation:doctor',
      script: { main: ['Everything is fine.'] },
      env,
    });
    expect(s3.code, s3.summary()).toBe(0);
    const asked = s3.main.map((r) => requestText(r)).join('\n');
    expect(asked, s3.summary()).toMatch(/native dependencies ready/);
    expect(asked, s3.summary()).toContain('mcp__plugin_self-generation_self-generation__');
    expect(asked, s3.summary()).not.toMatch(/run `self-gen install`/);

    // The launcher in the data folder is `self-gen` for the terminal.
    const launcher = join(data!, 'bin', 'self-gen');
    const doc = spawnSync(launcher, ['doctor'], { env: p.env(), encoding: 'utf8', timeout: 120_000 });
    expect(doc.stdout, doc.stderr).toMatch(/plugin.*native dependencies ready/);
    const ev = spawnSync(launcher, ['events', '-n', '50'], {
      env: p.env(),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(ev.status, ev.stderr).toBe(0);

    // Claude Code removes the data folder on uninstall unless --keep-data: then a reinstall needs no build.
    const un = claude(p, ['plugin', 'uninstall', 'self-generation@self-generation', '--keep-data'], env);
    expect(un.code, un.out).toBe(0);
    expect(existsSync(join(data!, 'native', 'node_modules', 'better-sqlite3'))).toBe(true);
    const again = claude(p, ['plugin', 'install', 'self-generation@self-generation'], env);
    expect(again.code, again.out).toBe(0);
    const s4 = await p.runClaude({
      prompt: 'E2E-PLUGIN-AFTER-REINSTALL say hi',
      script: { main: ['Hi.'] },
      env,
    });
    expect(s4.code, s4.summary()).toBe(0);
    expect(status(data)?.state).toBe('ready');
    // UserPromptSubmit is an async hook: Claude Code does not wait for it, so it may still be writing.
    const s4Events = () => JSON.stringify(p.events().filter((e) => e.session_id === s4.sessionId));
    for (let i = 0; i < 480 && !s4Events().includes('E2E-PLUGIN-AFTER-REINSTALL'); i++)
      await new Promise((r) => setTimeout(r, 250));
    expect(s4Events()).toContain('E2E-PLUGIN-AFTER-REINSTALL');
    // Without --keep-data, Claude Code deletes the data folder (and the built dependencies with it).
    const gone = claude(p, ['plugin', 'uninstall', 'self-generation@self-generation'], env);
    expect(gone.code, gone.out).toBe(0);
    expect(existsSync(data!)).toBe(false);
  }, 900_000);
});
