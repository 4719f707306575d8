// Foundation: `self-gen install` / `uninstall` against a temporary HOME, through the built CLI.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cli as selfGen } from '../helpers/cli.js';
import { HOOK_JS, ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { HOOK_SPECS, hookEntry, pluginHooksJson } from '../../src/cli/install.js';
import { defaultHookMode } from '../../src/cli/hook-mode.js';

const USER_SETTINGS = `{
    "model": "opus",
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "/usr/local/bin/my-guard.sh" } ] }
        ],
        "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ]
    },
    "permissions": { "allow": ["Bash(npm test)"] }
}
`;

describe('install / uninstall', () => {
  let t: TempEnv;
  let settings: string;
  const cli = (...args: string[]) => selfGen(t, args, { cwd: t.project });

  beforeEach(() => {
    t = tempEnv();
    settings = join(t.env.HOME!, '.claude', 'settings.json');
  });
  afterEach(() => t.cleanup());

  it('installs every event with the hook command, matchers naming both Agent and Task', () => {
    const r = cli('install');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`installed ${HOOK_SPECS.length} hooks into ${settings}`);
    const s = JSON.parse(readFileSync(settings, 'utf8'));
    for (const spec of HOOK_SPECS) {
      // PostToolUse has two groups (#15.1): Agent/Task synchronous, every other tool async.
      const groups = (s.hooks[spec.event] as { matcher?: string; hooks: { command: string }[] }[]).filter(
        (g) => g.matcher === spec.matcher,
      );
      expect(groups, spec.event).toHaveLength(1);
      // The default mode's command (#15.2: warm where curl and a POSIX shell exist).
      expect(groups[0]!.hooks[0]!.command).toBe(hookEntry(spec, HOOK_JS, defaultHookMode(), t.env).command);
    }
    expect(s.hooks.PreToolUse[0].matcher.split('|')).toEqual(
      expect.arrayContaining(['Agent', 'Task', 'Edit', 'Write', 'Bash']),
    );
  });

  it('install twice gives the same file', () => {
    expect(cli('install').code).toBe(0);
    const first = readFileSync(settings, 'utf8');
    const r = cli('install');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('already installed');
    expect(readFileSync(settings, 'utf8')).toBe(first);
  });

  it("keeps the user's own hooks and settings, and keeps a copy of the previous file in the data home", () => {
    mkdirSync(join(t.env.HOME!, '.claude'), { recursive: true });
    writeFileSync(settings, USER_SETTINGS);
    const r = cli('install');
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(settings, 'utf8'));
    expect(s.model).toBe('opus');
    expect(s.permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(s.hooks.PreToolUse[0].hooks[0].command).toBe('/usr/local/bin/my-guard.sh');
    expect(s.hooks.PreToolUse).toHaveLength(2);
    expect(s.hooks.Stop).toHaveLength(2);
    expect(s.hooks.Stop[0]).toEqual({ hooks: [{ type: 'command', command: 'say done' }] });
    const copy = /previous file saved as (.+)/.exec(r.stdout)![1]!;
    expect(copy.startsWith(join(t.home, 'install'))).toBe(true);
    expect(readFileSync(copy, 'utf8')).toBe(USER_SETTINGS);
    expect(existsSync(`${settings}.self-gen.bak`)).toBe(false);
  });

  it("uninstall restores the user's file byte for byte", () => {
    mkdirSync(join(t.env.HOME!, '.claude'), { recursive: true });
    writeFileSync(settings, USER_SETTINGS);
    cli('install');
    cli('install');
    const r = cli('uninstall');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('restored byte for byte');
    expect(readFileSync(settings, 'utf8')).toBe(USER_SETTINGS);
  });

  it('uninstall removes the file it created when there was none', () => {
    cli('install');
    cli('uninstall');
    expect(existsSync(settings)).toBe(false);
  });

  it('uninstall after the user edited the file removes only our entries', () => {
    mkdirSync(join(t.env.HOME!, '.claude'), { recursive: true });
    writeFileSync(settings, USER_SETTINGS);
    cli('install');
    const s = JSON.parse(readFileSync(settings, 'utf8'));
    s.theme = 'dark';
    s.hooks.SessionEnd.push({ hooks: [{ type: 'command', command: 'echo bye' }] });
    writeFileSync(settings, JSON.stringify(s, null, 2));
    const r = cli('uninstall');
    expect(r.stdout).toContain('your other changes were kept');
    const after = JSON.parse(readFileSync(settings, 'utf8'));
    expect(after.theme).toBe('dark');
    expect(after.hooks.SessionEnd).toEqual([{ hooks: [{ type: 'command', command: 'echo bye' }] }]);
    expect(JSON.stringify(after)).not.toMatch(/hook\.c?js/);
    expect(after.hooks.PreToolUse).toEqual(JSON.parse(USER_SETTINGS).hooks.PreToolUse);
  });

  it("#12.9 install --project writes this machine's path only into .claude/settings.local.json, never into the shared settings.json", () => {
    const local = join(t.project, '.claude', 'settings.local.json');
    const shared = join(t.project, '.claude', 'settings.json');
    const r = cli('install', '--project');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`installed ${HOOK_SPECS.length} hooks into ${local}`);
    const s = JSON.parse(readFileSync(local, 'utf8'));
    expect(Object.keys(s.hooks)).toEqual([...new Set(HOOK_SPECS.map((x) => x.event))]);
    expect(s.hooks.SessionStart[0].hooks[0].command).toBe(
      hookEntry(
        HOOK_SPECS.find((x) => x.event === 'SessionStart')!,
        HOOK_JS,
        defaultHookMode(),
        t.env,
      ).command,
    );
    expect(existsSync(shared)).toBe(false);
    expect(existsSync(settings)).toBe(false);
    // The temp project is a bare .git folder: git cannot tell, so no note; doctor sees the hooks.
    expect(cli('status').stdout).toContain(`hooks installed in ${local}`);
    const u = cli('uninstall', '--project');
    expect(u.code).toBe(0);
    expect(existsSync(local)).toBe(false);
    expect(existsSync(shared)).toBe(false);
  });

  it('#12.9 install --project --shared writes the portable `self-gen hook <Event>`: no path of this machine', () => {
    const shared = join(t.project, '.claude', 'settings.json');
    const r = cli('install', '--project', '--shared');
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(shared, 'utf8');
    const s = JSON.parse(text);
    for (const spec of HOOK_SPECS)
      expect(s.hooks[spec.event][0].hooks[0].command).toBe(`self-gen hook ${spec.event}`);
    expect(text).not.toContain(ROOT);
    expect(text).not.toContain(t.dir);
    expect(text).not.toContain('/');
    // Where self-gen is not on PATH, doctor says these hooks do nothing, with the fix.
    const bare = selfGen(t, ['doctor'], { cwd: t.project, env: { PATH: dirname(process.execPath) } });
    expect(bare.code).toBe(1);
    expect(bare.stdout).toMatch(
      /✗ hooks: .*settings\.json runs `self-gen hook …`, but self-gen is not on PATH/,
    );
    expect(bare.stdout).toMatch(/fix: npm install -g self-generation/);
    expect(cli('uninstall', '--project').code).toBe(0);
    expect(existsSync(shared)).toBe(false);
  });

  it('#12.9 uninstall never brings back a settings file the user deleted, nor a stale copy over later edits', () => {
    mkdirSync(join(t.env.HOME!, '.claude'), { recursive: true });
    writeFileSync(settings, USER_SETTINGS);
    expect(cli('install').code).toBe(0);
    rmSync(settings); // the user deletes the file…
    expect(cli('install').code).toBe(0); // …and installs again later
    const u = cli('uninstall');
    expect(u.code).toBe(0);
    expect(existsSync(settings)).toBe(false);

    // Deleted after install: uninstall says so and does not recreate it.
    writeFileSync(settings, USER_SETTINGS);
    expect(cli('install').code).toBe(0);
    rmSync(settings);
    const gone = cli('uninstall');
    expect(gone.stdout).toMatch(/does not exist .*not recreated/);
    expect(existsSync(settings)).toBe(false);

    // Edited, then installed again: uninstall keeps the edit and only takes our entries out.
    writeFileSync(settings, USER_SETTINGS);
    expect(cli('install').code).toBe(0);
    const edited = JSON.parse(readFileSync(settings, 'utf8'));
    edited.theme = 'dark';
    writeFileSync(settings, JSON.stringify(edited, null, 2));
    expect(cli('install').code).toBe(0);
    expect(cli('uninstall').code).toBe(0);
    const after = JSON.parse(readFileSync(settings, 'utf8'));
    expect(after.theme).toBe('dark');
    expect(JSON.stringify(after)).not.toMatch(/hook\.c?js/);
    expect(after.hooks.PreToolUse).toEqual(JSON.parse(USER_SETTINGS).hooks.PreToolUse);
  });

  it('#12.9 no settings.json.self-gen.bak is written or left behind; our copies go with uninstall', () => {
    mkdirSync(join(t.env.HOME!, '.claude'), { recursive: true });
    writeFileSync(settings, USER_SETTINGS);
    writeFileSync(`${settings}.self-gen.bak`, 'left by an older version');
    const r = cli('install');
    expect(r.stdout).toMatch(/previous file saved as .*sg-home\/install\//);
    const copy = /previous file saved as (.+)/.exec(r.stdout)![1]!;
    expect(readFileSync(copy, 'utf8')).toBe(USER_SETTINGS);
    cli('install');
    expect(cli('uninstall').stdout).toContain('restored byte for byte');
    expect(readFileSync(settings, 'utf8')).toBe(USER_SETTINGS);
    expect(readdirSync(join(t.env.HOME!, '.claude'))).toEqual(['settings.json']);
    expect(readdirSync(join(t.home, 'install'))).toEqual([]);
  });

  it('refuses to touch a settings file that is not valid JSON, with a fix', () => {
    mkdirSync(join(t.env.HOME!, '.claude'), { recursive: true });
    writeFileSync(settings, '{ broken');
    const r = cli('install');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not valid JSON.*nothing was changed/);
    expect(r.stderr).toContain('fix:');
    expect(readFileSync(settings, 'utf8')).toBe('{ broken');
  });

  it('status shows the installed hooks; doctor exits 0 on a healthy install', () => {
    cli('install');
    const st = cli('status');
    expect(st.stdout).toMatch(
      new RegExp(`✓ hooks: ${HOOK_SPECS.length} hooks installed in .*settings\\.json`),
    );
    const doc = cli('doctor');
    expect(doc.code).toBe(0);
    expect(doc.stdout).not.toContain('✗');
  });

  it('doctor names a missing hook script with the fix', () => {
    mkdirSync(join(t.env.HOME!, '.claude'), { recursive: true });
    writeFileSync(
      settings,
      JSON.stringify({
        hooks: {
          SessionStart: [
            {
              hooks: [{ type: 'command', command: 'node "/gone/self-generation/dist/hook.js" SessionStart' }],
            },
          ],
        },
      }),
    );
    const doc = cli('doctor');
    expect(doc.code).toBe(1);
    expect(doc.stdout).toMatch(
      /✗ hooks: the hook script \/gone\/self-generation\/dist\/hook\.js .* does not exist/,
    );
  });

  it('the plugin hooks.json is generated from the same hook list', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'hooks', 'hooks.json'), 'utf8'))).toEqual(pluginHooksJson());
    expect(JSON.parse(readFileSync(join(ROOT, '.claude-plugin', 'plugin.json'), 'utf8')).name).toBe(
      'self-generation',
    );
  });
});
