// #23.8 search_history through the real Claude Code CLI, under both names Claude Code gives it:
// `mcp__self-generation__search_history` (the server `self-gen install` registers) and
// `mcp__plugin_self-generation_self-generation__search_history` (the same server shipped by the
// plugin `self-generation`: Claude Code names a plugin's MCP tools mcp__plugin_<plugin>_<server>__…).
// The plugin is installed with `claude plugin marketplace add` + `claude plugin install` from a
// marketplace in the temporary folder whose plugin runs this build's dist/mcp.js (the committed
// plugin/ bundle is rebuilt at merge). Session 1 is recorded by the real hooks (a prompt, a failing
// check, a command); in session 2 the scripted model searches it.
import { expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { callsWhenOffered, toolResult, toolsOffered } from '../helpers/anthropic-stub.js';
import { CLAUDE_BIN, DEFAULT_ALLOWED_TOOLS, ROOT, type E2EProject } from '../helpers/claude-harness.js';
import { MAX_ANSWER_CHARS } from '../../src/mcp/bound.js';
import { bash, CHECK_COMMAND, CHECK_ERROR, CHECK_FILES, describeE2E } from './fixtures.js';
import { projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are JSON read by field
type Json = Record<string, any>;
const CLASSIC = 'mcp__self-generation__search_history';
const PLUGIN = 'mcp__plugin_self-generation_self-generation__search_history';

/** A marketplace with the plugin `self-generation` whose MCP server is this build's dist/mcp.js. */
function pluginMarketplace(p: E2EProject): string {
  const mkt = join(p.root, 'marketplace');
  mkdirSync(join(mkt, '.claude-plugin'), { recursive: true });
  mkdirSync(join(mkt, 'plugin', '.claude-plugin'), { recursive: true });
  writeFileSync(
    join(mkt, '.claude-plugin', 'marketplace.json'),
    JSON.stringify({
      name: 'self-generation',
      owner: { name: 'self-generation' },
      plugins: [{ name: 'self-generation', source: './plugin', version: '0.1.0' }],
    }),
  );
  // The plugin's own manifest, as shipped.
  writeFileSync(
    join(mkt, 'plugin', '.claude-plugin', 'plugin.json'),
    readFileSync(join(ROOT, 'plugin', '.claude-plugin', 'plugin.json')),
  );
  writeFileSync(
    join(mkt, 'plugin', '.mcp.json'),
    JSON.stringify({
      mcpServers: { 'self-generation': { command: process.execPath, args: [join(ROOT, 'dist', 'mcp.js')] } },
    }),
  );
  return mkt;
}

function claude(p: E2EProject, args: string[]) {
  const r = spawnSync(CLAUDE_BIN, args, { cwd: p.dir, env: p.env(), encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

describeE2E('e2e: #23.8 search_history in a real Claude Code session', () => {
  it('#23.8 under the classic and the plugin tool name, the model finds the earlier session, an event in full, its timeline', async () => {
    const p = await newProject({ files: CHECK_FILES });
    const add = claude(p, ['plugin', 'marketplace', 'add', pluginMarketplace(p)]);
    expect(add.code, add.out).toBe(0);
    const inst = claude(p, ['plugin', 'install', 'self-generation@self-generation']);
    expect(inst.code, inst.out).toBe(0);

    // Session 1, recorded by the real hooks: a prompt, a failing check, a command.
    const first = await p.runClaude({
      prompt: 'E2EHIST please fix the flaky login check',
      script: { main: [bash(CHECK_COMMAND, 'run the check'), bash('echo E2EHIST-login-ok'), 'Done.'] },
    });
    expect(first.code, first.summary()).toBe(0);
    const mine = p.events().filter((e) => e.session_id === first.sessionId);
    const prompt = mine.find((e) => e.type === 'prompt');
    const failure = mine.find((e) => e.type === 'tool_error');
    expect(prompt, first.summary()).toBeDefined();
    expect(failure, first.summary()).toBeDefined();

    const calls: [string, Record<string, unknown>][] = [
      [CLASSIC, { query: 'flaky login' }],
      [PLUGIN, { query: CHECK_ERROR, types: ['error'] }],
      [PLUGIN, { detail: failure!.id }],
      [CLASSIC, { session_id: first.sessionId }],
      [PLUGIN, { query: 'flaky login' }],
    ];
    const id = (i: number) => `toolu_hist_${i}`;
    const second = await p.runClaude({
      prompt: 'What did we do about the flaky login check?',
      allowedTools: [
        ...DEFAULT_ALLOWED_TOOLS,
        'mcp__self-generation',
        'mcp__plugin_self-generation_self-generation',
      ],
      script: {
        main: callsWhenOffered(
          calls.map(([name, input], i) => ({ name, input, id: id(i) })),
          'Done.',
        ),
      },
    });
    const why = second.summary();
    expect(second.code, why).toBe(0);
    const offered = toolsOffered(second.main);
    expect([...offered], why).toContain(CLASSIC);
    expect([...offered], why).toContain(PLUGIN);

    const results = calls.map((_, i) => toolResult(second.requests, id(i)));
    results.forEach((r, i) => {
      expect(r, `no tool_result for ${calls[i]![0]}\n${why}`).not.toBeNull();
      expect(r!.isError, `${calls[i]![0]}: ${r!.text}`).toBe(false);
      expect(r!.text.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    });
    const [byWords, byError, detail, session, viaPlugin] = results.map((r) => JSON.parse(r!.text) as Json);
    expect(byWords!.hits.map((h: { id: number }) => h.id)).toContain(prompt!.id);
    expect(byWords!.hits[0]).toMatchObject({ type: 'prompt', session: first.sessionId });
    expect(byWords!.hits[0].line).toContain('please fix the flaky login check');
    expect(byError!.hits.map((h: { id: number; type: string }) => [h.id, h.type])).toEqual([
      [failure!.id, 'tool_error'],
    ]);
    expect(detail!.event).toMatchObject({ id: failure!.id, type: 'tool_error', tool: 'Bash' });
    expect(detail!.event.text).toContain(CHECK_ERROR);
    const around = detail!.timeline
      .map((e: { type: string; line: string }) => `${e.type} ${e.line}`)
      .join('\n');
    expect(around).toContain('please fix the flaky login check');
    expect(session!.events.map((e: { id: number }) => e.id)).toEqual(
      expect.arrayContaining([prompt!.id, failure!.id]),
    );
    expect(JSON.stringify(session)).toContain('E2EHIST-login-ok');
    // The same server under both names: the same answer.
    expect(viaPlugin!.hits).toEqual(byWords!.hits);
  });
});
