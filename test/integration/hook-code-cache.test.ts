// dist/hook.cjs keeps a V8 code cache per event in the data home: made on the first run, used on
// the next ones, and a damaged cache never breaks a hook (it is rejected and replaced).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { parseHookOutput, runHook } from '../helpers/hook-proc.js';
import { promptEvent } from '../helpers/payloads.js';

const payload = (project: string) => promptEvent(project, 'hello', 'cc');

describe('hook code cache', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    t = tempEnv('sg-cc-');
    // no random refresh (1 run in 25 re-writes a grown cache): each assertion below is exact
    env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_CODE_CACHE_REFRESH: '0' };
  });
  afterEach(() => t.cleanup());
  const caches = () => {
    try {
      return readdirSync(join(t.home, 'cache')).filter((f) => f.endsWith('.v8'));
    } catch {
      return [];
    }
  };

  it('is written once per event on the first run and reused unchanged afterwards', async () => {
    expect(caches()).toEqual([]);
    const r1 = await runHook('UserPromptSubmit', payload(t.project), env);
    expect(r1).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const [file] = caches();
    expect(file).toMatch(/^hook-UserPromptSubmit-v\d+\.\d+\.\d+-/);
    const first = readFileSync(join(t.home, 'cache', file!));
    expect(first.length).toBeGreaterThan(10_000);
    await runHook('UserPromptSubmit', payload(t.project), env);
    expect(readFileSync(join(t.home, 'cache', file!)).equals(first)).toBe(true); // accepted, not rewritten
    await runHook('SessionStart', { ...payload(t.project), hook_event_name: 'SessionStart' }, env);
    expect(caches()).toHaveLength(2);
  });

  it('a damaged cache is rejected, the hook still works, and the cache is replaced', async () => {
    await runHook(
      'PreToolUse',
      { ...payload(t.project), hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: {} },
      env,
    );
    const [file] = caches();
    writeFileSync(join(t.home, 'cache', file!), Buffer.alloc(5000, 7));
    const r = await runHook('UserPromptSubmit', payload(t.project), env);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const r2 = await runHook(
      'PreToolUse',
      { ...payload(t.project), hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: {} },
      env,
    );
    expect(r2).toMatchObject({ code: 0, stderr: '' });
    expect(parseHookOutput(r2.stdout)).toBeNull();
    expect(readFileSync(join(t.home, 'cache', file!)).equals(Buffer.alloc(5000, 7))).toBe(false);
  });

  it('a later run of another path adds its functions to the cache (a refresh never shrinks it)', async () => {
    const read = { ...payload(t.project), hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: {} };
    const bash = {
      ...payload(t.project),
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    };
    await runHook('PreToolUse', read, env);
    const [file] = caches();
    const size = () => readFileSync(join(t.home, 'cache', file!)).length;
    const first = size();
    const refresh = { ...env, SELF_GEN_CODE_CACHE_REFRESH: '1' };
    await runHook('PreToolUse', bash, refresh);
    const grown = size();
    expect(grown).toBeGreaterThan(first);
    await runHook('PreToolUse', read, refresh);
    expect(size()).toBeGreaterThanOrEqual(grown); // never replaced by a smaller one
  });

  it('SELF_GEN_NO_CODE_CACHE=1 writes no cache', async () => {
    await runHook('UserPromptSubmit', payload(t.project), { ...env, SELF_GEN_NO_CODE_CACHE: '1' });
    expect(caches()).toEqual([]);
  });

  it('#12.1 a symlinked cache folder is not followed: nothing written or removed in its target', async () => {
    const elsewhere = join(t.dir, 'elsewhere');
    mkdirSync(elsewhere);
    // an "old cache" of this event in the link's target: the old writer removed it through the link
    writeFileSync(join(elsewhere, 'hook-UserPromptSubmit-v0.0.0-old.v8'), 'KEEP-ME');
    mkdirSync(t.home, { recursive: true });
    symlinkSync(elsewhere, join(t.home, 'cache'));
    const refresh = { ...env, SELF_GEN_CODE_CACHE_REFRESH: '1' };
    const r = await runHook('UserPromptSubmit', payload(t.project), refresh);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    await runHook('UserPromptSubmit', payload(t.project), refresh);
    expect(readdirSync(elsewhere)).toEqual(['hook-UserPromptSubmit-v0.0.0-old.v8']);
    expect(readFileSync(join(elsewhere, 'hook-UserPromptSubmit-v0.0.0-old.v8'), 'utf8')).toBe('KEEP-ME');
  });

  it('#12.1 a symlink planted as an old cache file is removed as a link, its target untouched', async () => {
    const outside = join(t.dir, 'outside.txt');
    writeFileSync(outside, 'OUTSIDE');
    mkdirSync(join(t.home, 'cache'), { recursive: true });
    symlinkSync(outside, join(t.home, 'cache', 'hook-UserPromptSubmit-v0.0.0-old.v8'));
    const r = await runHook('UserPromptSubmit', payload(t.project), env);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(caches()).toHaveLength(1);
    expect(caches()[0]).not.toContain('v0.0.0-old');
    expect(readFileSync(outside, 'utf8')).toBe('OUTSIDE');
  });
});
