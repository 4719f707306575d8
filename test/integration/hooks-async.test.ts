// #15.1: hooks that only record run in the background (`async`), the ones that can inject run before
// the tool; async hooks that finish late keep the order Claude Code fired them in (event time = the
// hook's start), so a late success never "resolves" an error that came after it.
// #15.2: `self-gen hooks --mode process|warm` rewrites the installed entries.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASYNC_TIMEOUT, HOOK_SPECS, pluginHooksJson } from '../../src/cli/install.js';
import { warmBash } from '../../src/cli/hook-mode.js';
import { handlersFor } from '../../src/parts/index.js';
import type { HookInput } from '../../src/hook/contract/types.js';
import { cli as selfGen } from '../helpers/cli.js';
import { bashFailure, bashPost } from '../helpers/payloads.js';
import { HOOK_JS, ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { eventRows } from '../helpers/warm.js';

let t: TempEnv;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  t = tempEnv('sg-async-');
  env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_NO_HOOK_SERVER: '1' };
});
afterEach(() => t.cleanup());

/** Claude Code's matcher rule (2.1.197): a plain `A|B` list matches exactly, anything else is a regex. */
function matches(matcher: string | undefined, tool: string): boolean {
  if (!matcher || matcher === '*') return true;
  if (/^[a-zA-Z0-9_|]+$/.test(matcher)) return matcher.split('|').includes(tool);
  return new RegExp(matcher).test(tool);
}

const TOOLS = [
  'Read',
  'Grep',
  'Glob',
  'Bash',
  'Edit',
  'Write',
  'MultiEdit',
  'WebFetch',
  'mcp__srv__tool',
  'Agent',
  'Task',
];

describe('#15.1 nothing on the critical path that does not have to be', () => {
  it('every async hook has only recording handlers for every tool it fires for', async () => {
    const async = HOOK_SPECS.filter((s) => s.async);
    expect(async.map((s) => s.event).sort()).toEqual(['UserPromptSubmit']);
    for (const spec of async) {
      for (const tool of TOOLS) {
        if (!matches(spec.matcher, tool)) continue;
        const input = {
          hook_event_name: spec.event,
          session_id: 's',
          cwd: '/',
          tool_name: tool,
        } as HookInput;
        const names = (await handlersFor(input)).map((h) => h.name);
        expect(
          names.every((n) => n.startsWith('collect-')),
          `${spec.event} ${tool}: ${names}`,
        ).toBe(true);
      }
    }
  });

  it('#15: no hook runs after an ordinary successful call; PostToolUse only for Agent/Task (synchronous: its digest injects)', () => {
    const post = HOOK_SPECS.filter((s) => s.event === 'PostToolUse');
    for (const tool of TOOLS) {
      const fired = post.filter((s) => matches(s.matcher, tool));
      expect(fired, tool).toHaveLength(tool === 'Agent' || tool === 'Task' ? 1 : 0);
      for (const f of fired) expect(!!f.async, tool).toBe(false);
    }
    // successes are read from the transcript at these; Stop and SessionEnd are waited for (Claude
    // Code ends background hooks when it exits)
    const events = HOOK_SPECS.map((s) => s.event);
    for (const e of ['PostToolUseFailure', 'Stop', 'SubagentStop', 'SessionEnd'] as const)
      expect(events).toContain(e);
    expect(HOOK_SPECS.find((s) => s.event === 'SessionEnd')!.async).toBeFalsy();
    expect(HOOK_SPECS.find((s) => s.event === 'Stop')!.async).toBeFalsy();
  });

  it('the plugin hooks file (process form) carries the async flag; in warm form every hook is synchronous', () => {
    const warm = pluginHooksJson('warm') as { hooks: Record<string, { hooks: { async?: boolean }[] }[]> };
    expect(
      Object.values(warm.hooks)
        .flat()
        .every((g) => g.hooks.every((h) => h.async === undefined)),
    ).toBe(true);
    const plugin = pluginHooksJson() as {
      hooks: Record<string, { hooks: { async?: boolean; timeout: number }[] }[]>;
    };
    expect(plugin.hooks.UserPromptSubmit![0]!.hooks[0]!.async).toBe(true);
    // a background hook blocks nothing: it gets a long timeout (a cold start on a busy machine loses no event)
    expect(plugin.hooks.UserPromptSubmit![0]!.hooks[0]!.timeout).toBe(ASYNC_TIMEOUT);
    expect(plugin.hooks.PreToolUse![0]!.hooks[0]!.timeout).toBe(10);
    expect(plugin.hooks.PostToolUse!.map((g) => !!g.hooks[0]!.async)).toEqual([false]);
    expect(plugin.hooks.PreToolUse![0]!.hooks[0]!.async).toBeUndefined();
    expect(JSON.parse(readFileSync(join(ROOT, 'hooks', 'hooks.json'), 'utf8'))).toEqual(plugin);
  });
});

describe('#15.1 concurrent async runs keep the order Claude Code fired them in', () => {
  const post = (id: string) => bashPost(t.project, id, { session: 'order', command: 'npm run build' });
  const fail = (id: string) =>
    bashFailure(t.project, id, {
      session: 'order',
      command: 'npm run build',
      error: "Exit code 1\nError: Cannot find module 'left-pad'",
    });

  it('a success that finishes after a later error neither comes after it nor resolves it', async () => {
    // t1 succeeds and its async hook starts, but is slow (its payload arrives late) …
    const slow = spawn(process.execPath, [HOOK_JS, 'PostToolUse'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const slowDone = new Promise<number | null>((r) => slow.on('close', r));
    await new Promise((r) => setTimeout(r, 300));
    // … meanwhile t2 fails and is recorded …
    expect((await runHook('PostToolUseFailure', fail('t2'), env)).code).toBe(0);
    // … then t1's hook gets to write.
    slow.stdin.end(JSON.stringify(post('t1')));
    expect(await slowDone).toBe(0);
    const rows = eventRows(t.home);
    const byTs = [...rows].sort((a, b) => a.ts.localeCompare(b.ts) || a.id - b.id);
    expect(byTs.map((r) => `${r.type}:${r.toolUseId}`)).toEqual(['tool_use:t1', 'tool_error:t2']);
    expect(rows.filter((r) => r.type === 'resolution')).toHaveLength(0);
    // The next success (t3) is what resolves t2.
    expect((await runHook('PostToolUse', post('t3'), env)).code).toBe(0);
    const after = eventRows(t.home);
    const res = after.filter((r) => r.type === 'resolution');
    expect(res).toHaveLength(1);
    expect(res[0]!.data.errorEventId).toBe(after.find((r) => r.toolUseId === 't2')!.id);
  });

  it('many async hooks started together are each recorded once, at the time they were fired', async () => {
    const runs = Array.from({ length: 8 }, (_, i) => runHook('PostToolUse', post(`p${i}`), env));
    const results = await Promise.all(runs);
    expect(results.every((r) => r.code === 0 && r.stdout === '')).toBe(true);
    const rows = eventRows(t.home).filter((r) => r.type === 'tool_use');
    expect(rows.map((r) => r.toolUseId).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `p${i}`));
  });
});

const WARM_BASH_COMMAND =
  /^"\/[^"]*\/bash" -p ".+\/dist\/hook-warm\.bash" [A-Za-z]+ ".+\/run\/hook-server\.port"$/;
const WARM_SH_COMMAND = /^sh ".+\/dist\/hook-warm\.sh" [A-Za-z]+ ".+hooks\.sock"$/;
/** Where no bash >= 4 exists (macOS's 3.2), warm mode writes the curl client. */
const HAS_BASH4 = warmBash(process.env) !== null;
const WARM_COMMAND = HAS_BASH4 ? WARM_BASH_COMMAND : WARM_SH_COMMAND;

describe('#15.2 self-gen hooks --mode', () => {
  const cli = (args: string[]) => selfGen(env, args, { cwd: t.project });
  const settings = () =>
    JSON.parse(readFileSync(join(String(env.HOME), '.claude', 'settings.json'), 'utf8')) as {
      hooks: Record<string, { matcher?: string; hooks: { command: string; async?: boolean }[] }[]>;
    };
  const commands = () =>
    Object.values(settings().hooks).flatMap((groups) => groups.flatMap((g) => g.hooks.map((h) => h.command)));

  it.skipIf(!HAS_BASH4)(
    'installs in warm mode by default, with the bash client where a bash >= 4 exists',
    () => {
      expect(cli(['install']).code).toBe(0);
      expect(cli(['hooks']).stdout).toContain('hook mode: warm');
      expect(commands().every((c) => WARM_BASH_COMMAND.test(c))).toBe(true);
      // The bash named is the absolute path of a bash >= 4.
      const bash = commands()[0]!.split('"')[1]!;
      expect(spawnSync(bash, ['-c', 'echo ${BASH_VERSINFO[0]}'], { encoding: 'utf8' }).stdout.trim()).toMatch(
        /^([4-9]|\d\d)$/,
      );
      const doctor = cli(['status']);
      expect(doctor.stdout).toContain(`client: ${bash} over 127.0.0.1`);
    },
  );

  it('without a bash >= 4 (SELF_GEN_HOOK_BASH=none) warm mode writes the sh + curl client', () => {
    const noBash = (args: string[]) =>
      selfGen(env, args, { cwd: t.project, env: { SELF_GEN_HOOK_BASH: 'none' } });
    expect(noBash(['install']).code).toBe(0);
    expect(commands().every((c) => /^sh ".+\/dist\/hook-warm\.sh" [A-Za-z]+ ".+hooks\.sock"$/.test(c))).toBe(
      true,
    );
    expect(noBash(['status']).stdout).toContain('client: sh + curl over the Unix socket');
    // Both forms are ours: uninstall removes them.
    expect(cli(['uninstall']).code).toBe(0);
    expect(existsSync(join(String(env.HOME), '.claude', 'settings.json'))).toBe(false);
  });

  it('switches the installed hooks to the warm client and back, keeping matchers and async flags', () => {
    expect(cli(['hooks', '--mode', 'process']).code).toBe(0);
    expect(cli(['install']).code).toBe(0);
    expect(commands().every((c) => /^node ".+\/dist\/hook\.cjs" [A-Za-z]+$/.test(c))).toBe(true);
    const w = cli(['hooks', '--mode', 'warm']);
    expect(w.code, w.stderr).toBe(0);
    expect(cli(['hooks']).stdout).toContain('hook mode: warm');
    expect(commands().every((c) => WARM_COMMAND.test(c))).toBe(true);
    expect(commands()).toHaveLength(HOOK_SPECS.length);
    // Warm: every hook synchronous (a warm call costs less than Claude Code's handling of an async one).
    expect(settings().hooks.UserPromptSubmit![0]!.hooks[0]!.async).toBeUndefined();
    expect(settings().hooks.PostToolUse!.map((g) => [g.matcher, !!g.hooks[0]!.async])).toEqual([
      ['Agent|Task', false],
    ]);
    // The plugin file of this checkout is generated by `npm run gen:plugin`: left alone.
    expect(JSON.parse(readFileSync(join(ROOT, 'hooks', 'hooks.json'), 'utf8'))).toEqual(pluginHooksJson());
    expect(cli(['hooks', '--mode', 'process']).code).toBe(0);
    expect(commands().every((c) => /^node ".+\/dist\/hook\.cjs" [A-Za-z]+$/.test(c))).toBe(true);
    expect(settings().hooks.UserPromptSubmit![0]!.hooks[0]!.async).toBe(true);
    // A new install keeps the chosen mode; uninstall recognises warm entries as ours.
    expect(cli(['hooks', '--mode', 'warm']).code).toBe(0);
    expect(cli(['uninstall']).code).toBe(0);
    expect(existsSync(join(String(env.HOME), '.claude', 'settings.json'))).toBe(false);
    expect(cli(['install']).code).toBe(0);
    expect(commands().every((c) => c.includes(HAS_BASH4 ? 'hook-warm.bash' : 'hook-warm.sh'))).toBe(true);
  });

  it('an unknown mode is refused with a clear line and a non-zero exit', () => {
    const r = cli(['hooks', '--mode', 'fast']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/process, warm/);
  });
});
