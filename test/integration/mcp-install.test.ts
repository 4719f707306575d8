// #17.1 `self-gen install` registers the MCP server at user scope in the `claude mcp add` form
// (checked against the real Claude Code CLI under a temporary HOME); uninstall takes out exactly it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { CLAUDE_BIN, claudeAvailability, cleanEnv } from '../helpers/claude-harness.js';

const MCP_JS = join(ROOT, 'dist', 'mcp.js');
let t: TempEnv;
beforeEach(() => {
  t = tempEnv('sg-mcp-install-');
});
afterEach(() => t.cleanup());

const userHome = () => t.env.HOME!;
const claudeJson = () => join(userHome(), '.claude.json');
const readJson = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
const selfGen = (...args: string[]) => {
  const r = cli(t, args, { cwd: t.project });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};
const claude = (home: string, ...args: string[]) =>
  spawnSync(CLAUDE_BIN, args, {
    env: cleanEnv({
      HOME: home,
      SELF_GEN_HOME: t.home,
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    }),
    cwd: t.project,
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('#17.1 install registers the MCP server (user scope)', () => {
  it.skipIf(!claudeAvailability().ok)(
    'writes what `claude mcp add --scope user` writes, keeps every other key, and the real CLI reads it',
    () => {
      const ref = join(t.dir, 'ref-home');
      mkdirSync(ref);
      const add = claude(ref, 'mcp', 'add', '--scope', 'user', 'self-generation', '--', 'node', MCP_JS);
      expect(add.status, add.stderr).toBe(0);
      const want = (readJson(join(ref, '.claude.json')).mcpServers as Record<string, unknown>)[
        'self-generation'
      ];

      const before = {
        numStartups: 3,
        projects: { '/x': { allowedTools: [] } },
        mcpServers: { other: { type: 'stdio', command: 'other-server', args: [], env: {} } },
      };
      writeFileSync(claudeJson(), JSON.stringify(before, null, 2), { mode: 0o600 });
      expect(selfGen('install')).toContain('MCP server "self-generation" added');
      const after = readJson(claudeJson());
      expect((after.mcpServers as Record<string, unknown>)['self-generation']).toEqual(want);
      expect({
        ...after,
        mcpServers: { other: (after.mcpServers as Record<string, unknown>).other },
      }).toEqual(before);
      expect(statSync(claudeJson()).mode & 0o777).toBe(0o600);
      expect(selfGen('install')).toContain('already in');

      // The real CLI reads it (in a copy of the home: Claude Code rewrites its config file itself,
      // also from processes that outlive the command).
      const copy = join(t.dir, 'copy-home');
      mkdirSync(copy);
      copyFileSync(claudeJson(), join(copy, '.claude.json'));
      const get = claude(copy, 'mcp', 'get', 'self-generation');
      expect(get.status, get.stdout + get.stderr).toBe(0);
      expect(get.stdout).toContain('dist/mcp.js');
      expect(get.stdout).toMatch(/Scope: User/i);

      expect(selfGen('uninstall')).toContain('MCP server "self-generation" removed');
      expect(readJson(claudeJson())).toEqual(before);
    },
  );

  it('a file created by install is removed by uninstall; a foreign server under our name is left alone', () => {
    const doctor = () => cli(t, ['doctor'], { cwd: t.project }).stdout;
    expect(doctor()).toMatch(/· mcp server: not registered/);
    selfGen('install');
    expect(doctor()).toContain(`✓ mcp server: registered in ${claudeJson()} (${MCP_JS})`);
    expect(readJson(claudeJson())).toEqual({
      mcpServers: { 'self-generation': { type: 'stdio', command: 'node', args: [MCP_JS], env: {} } },
    });
    selfGen('uninstall');
    expect(existsSync(claudeJson())).toBe(false);

    const foreign = {
      mcpServers: { 'self-generation': { type: 'stdio', command: 'someone-else', args: [], env: {} } },
    };
    writeFileSync(claudeJson(), JSON.stringify(foreign));
    const r = cli(t, ['install'], { cwd: t.project });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/another MCP server named "self-generation"[\s\S]*fix:/);
    expect(readJson(claudeJson())).toEqual(foreign);
    expect(selfGen('uninstall')).toContain('not ours');
    expect(readJson(claudeJson())).toEqual(foreign);
  });

  it('install --project leaves ~/.claude.json alone; a broken ~/.claude.json is refused with a fix, unchanged', () => {
    selfGen('install', '--project');
    expect(existsSync(claudeJson())).toBe(false);
    writeFileSync(claudeJson(), '{ not json');
    const r = cli(t, ['install'], { cwd: t.project });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/\.claude\.json is not valid JSON[\s\S]*fix:/);
    expect(readFileSync(claudeJson(), 'utf8')).toBe('{ not json');
  });
});

describe('#17.1 the plugin declares the server', () => {
  it('.mcp.json starts the built dist/mcp.js from the plugin root, and the package ships it', () => {
    const decl = readJson(join(ROOT, '.mcp.json')) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    const s = decl.mcpServers['self-generation']!;
    expect(s.command).toBe('node');
    expect(s.args).toEqual(['${CLAUDE_PLUGIN_ROOT}/dist/mcp.js']);
    expect(existsSync(s.args[0]!.replace('${CLAUDE_PLUGIN_ROOT}', ROOT))).toBe(true);
    const pkg = readJson(join(ROOT, 'package.json')) as { files: string[] };
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', '.mcp.json']));
  });
});
