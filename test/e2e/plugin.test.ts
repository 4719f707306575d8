// Issue #17 item 3 with the real Claude Code CLI (2.1.197): the plugin installs in one step from
// this repository (`claude plugin marketplace add <repo>`, `claude plugin install
// self-generation@self-generation`) into a temporary HOME, with no build in the plugin folder. The
// first session's hooks start the native-dependency install in the background and record nothing
// (print nothing); once the status file says ready, a session's hooks record its events.
import { expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLAUDE_BIN, CLI_JS, ROOT, type E2EProject } from '../helpers/claude-harness.js';
import { offlineNpmEnv } from '../helpers/npm-offline.js';
import { bash, describeE2E } from './fixtures.js';
import { toolUse } from '../helpers/anthropic-stub.js';
import { projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();

function claude(project: E2EProject, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(CLAUDE_BIN, args, {
    cwd: project.dir,
    env: project.env(env),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
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

describeE2E('e2e: the plugin in one step (#17.3)', () => {
  it('#17.3 marketplace add + plugin install, native deps installed in the background, then hooks record events', async () => {
    const p = await newProject({ install: false });
    const npmEnv = offlineNpmEnv(p.root);
    const add = claude(p, ['plugin', 'marketplace', 'add', ROOT]);
    expect(add.code, add.out).toBe(0);
    const inst = claude(p, ['plugin', 'install', 'self-generation@self-generation']);
    expect(inst.code, inst.out).toBe(0);
    // Installed from the committed bundle: nothing was built in the plugin folder.
    const installed = JSON.parse(
      readFileSync(join(p.home, '.claude', 'plugins', 'installed_plugins.json'), 'utf8'),
    ) as { plugins: Record<string, { installPath: string }[]> };
    const root = installed.plugins['self-generation@self-generation']![0]!.installPath;
    expect(existsSync(join(root, 'dist', 'hook.cjs'))).toBe(true);
    expect(existsSync(join(root, 'node_modules'))).toBe(false);
    // No `self-gen install`: the settings hold no hooks of ours, only the plugin.
    expect(JSON.stringify(p.settings())).not.toContain('hook.cjs');

    // Session 1: the hooks start the install and stay silent; nothing is recorded yet.
    const first = await p.runClaude({
      prompt: 'E2E-PLUGIN-FIRST say hi',
      script: { main: [[toolUse('Bash', { command: 'echo first', description: 'run' })], 'Hi.'] },
      env: npmEnv,
    });
    expect(first.code, first.summary()).toBe(0);
    const data = pluginData(p);
    expect(data, 'Claude Code made no plugin data folder').not.toBeNull();
    expect(status(data)?.state, first.summary()).toMatch(/installing|ready/);
    expect(p.events().filter((e) => e.session_id === first.sessionId)).toEqual([]);
    for (const r of first.main)
      // (the tool list and the MCP instructions name the plugin's MCP server: not a hook's output)
      expect(
        JSON.stringify({ ...((r.body ?? {}) as Record<string, unknown>), tools: undefined }).replace(
          /## plugin:self-generation:self-generation\\n.*?\\n\\n/,
          '',
        ),
        'a hook printed something before ready',
      ).not.toContain('self-generation');

    // doctor (the npm package's CLI, run from a terminal: no CLAUDE_PLUGIN_DATA) shows the state.
    const doc1 = p.selfGen(['doctor']);
    expect(doc1.stdout + doc1.stderr).toMatch(/plugin/);

    // Waiting for the background install (a real `npm install` of the pinned versions).
    for (let i = 0; i < 600 && !/ready|failed/.test(status(data)?.state ?? ''); i++)
      await new Promise((r) => setTimeout(r, 500));
    expect(status(data)?.state, JSON.stringify(status(data))).toBe('ready');
    expect(existsSync(join(data!, 'native', 'node_modules', 'better-sqlite3'))).toBe(true);
    const doc2 = p.selfGen(['doctor']);
    expect(doc2.stdout).toMatch(/plugin.*ready/);

    // Session 2: the same hooks now record the session in the data home (SELF_GEN_HOME here).
    const second = await p.runClaude({
      prompt: 'E2E-PLUGIN-SECOND say hi',
      script: { main: [bash('echo E2E-PLUGIN-BASH'), 'Done.'] },
      env: npmEnv,
    });
    expect(second.code, second.summary()).toBe(0);
    const mine = p.events().filter((e) => e.session_id === second.sessionId);
    const types = new Set(mine.map((e) => e.type));
    expect(types.has('prompt'), second.summary()).toBe(true);
    expect(JSON.stringify(mine)).toContain('E2E-PLUGIN-SECOND');
    expect(JSON.stringify(mine)).toContain('E2E-PLUGIN-BASH');
    expect(CLI_JS).toBeTruthy();
  });
});
