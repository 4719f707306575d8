// Issue #15 (hook-work): the warm server answers every hook in one process, so what does not change
// between hooks is kept — the parsed config.json (still read every time: a change is seen by the
// very next hook) and the handler lists per event. What a hook sees must be exactly what a fresh
// load gives. Real files, the real part registry.
import { writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSection, loadConfig } from '../../src/common/config.js';
import { handlersFor, PARTS } from '../../src/parts/index.js';
import type { HookInput } from '../../src/hook/contract/types.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
beforeEach(() => {
  t = tempEnv('sg-caches-');
  mkdirSync(t.home, { recursive: true });
});
afterEach(() => t.cleanup());

const cfgFile = () => join(t.home, 'config.json');

describe('loadConfig kept between hooks (warm server)', () => {
  it('a rewrite of config.json is seen by the next load, even at the same size within the same tick', () => {
    writeFileSync(cfgFile(), JSON.stringify({ locale: 'ko', busyTimeoutMs: 1111 }));
    expect(loadConfig(t.env)).toMatchObject({ locale: 'ko', busyTimeoutMs: 1111 });
    writeFileSync(cfgFile(), JSON.stringify({ locale: 'en', busyTimeoutMs: 2222 }));
    expect(loadConfig(t.env)).toMatchObject({ locale: 'en', busyTimeoutMs: 2222 });
    rmSync(cfgFile());
    expect(loadConfig(t.env)).toMatchObject({ locale: 'ko', busyTimeoutMs: 2000, problems: [] });
    writeFileSync(cfgFile(), JSON.stringify({ enabled: false }));
    expect(loadConfig(t.env).enabled).toBe(false);
  });

  it('each load is its own copy: a caller changing it (getSection adds problems) never changes the next', () => {
    writeFileSync(cfgFile(), JSON.stringify({ retentionDays: 'x', preToolGuide: { maxFileErrors: 99 } }));
    const fresh = loadConfig(t.env);
    expect(fresh.problems).toHaveLength(1);
    expect(fresh.retentionDays).toBe(90);
    const a = loadConfig(t.env);
    expect(a).toEqual(fresh);
    expect(a).not.toBe(fresh);
    // getSection reports the bad field in the config it was given, each time.
    expect(getSection(a, 'preToolGuide').maxFileErrors).toBe(3);
    expect(a.problems).toHaveLength(2);
    a.embedding.thresholds.accept = 0.1;
    (a.raw as Record<string, unknown>).locale = 'en';
    const b = loadConfig(t.env);
    expect(b).toEqual(fresh);
    expect(b.problems).toHaveLength(1);
    expect(getSection(b, 'preToolGuide').maxFileErrors).toBe(3);
    expect(b.problems).toHaveLength(2);
  });

  it('the busy-timeout override and the data home are part of what is kept', () => {
    writeFileSync(cfgFile(), JSON.stringify({ busyTimeoutMs: 1234 }));
    expect(loadConfig(t.env).busyTimeoutMs).toBe(1234);
    expect(loadConfig({ ...t.env, SELF_GEN_BUSY_TIMEOUT_MS: '77' }).busyTimeoutMs).toBe(77);
    expect(loadConfig(t.env).busyTimeoutMs).toBe(1234);
    const other = join(t.dir, 'other-home');
    mkdirSync(other);
    writeFileSync(join(other, 'config.json'), JSON.stringify({ busyTimeoutMs: 1234 }));
    const o = loadConfig({ ...t.env, SELF_GEN_HOME: other });
    expect(o.busyTimeoutMs).toBe(1234);
    expect(o.path).toBe(join(other, 'config.json'));
  });

  it('a config.json that cannot be read is reported on every load', () => {
    mkdirSync(cfgFile());
    expect(loadConfig(t.env).problems.join()).toMatch(/not a regular file|cannot be read/);
    expect(loadConfig(t.env).problems.join()).toMatch(/not a regular file|cannot be read/);
  });
});

describe('handlersFor kept per event and parts (warm server)', () => {
  const input = (over: Partial<HookInput>) => ({ session_id: 's', cwd: '/tmp', ...over }) as HookInput;
  it('the same handlers as the parts load, per event and per tool', async () => {
    for (const [event, tool] of [
      ['PreToolUse', 'Bash'],
      ['PostToolUse', 'Bash'],
      ['PostToolUse', 'Agent'],
      ['PostToolUseFailure', 'Bash'],
      ['SessionStart', undefined],
      ['Stop', undefined],
    ] as const) {
      const i = input({ hook_event_name: event, ...(tool ? { tool_name: tool } : {}) });
      const first = (await handlersFor(i)).map((h) => h.name);
      const again = (await handlersFor(i)).map((h) => h.name);
      // A copy of the registry (not PARTS itself) is never cached: a fresh load.
      const fresh = (await handlersFor(i, [...PARTS])).map((h) => h.name);
      expect(first, `${event} ${tool}`).toEqual(fresh);
      expect(again).toEqual(fresh);
    }
    const agent = await handlersFor(input({ hook_event_name: 'PostToolUse', tool_name: 'Agent' }));
    const bash = await handlersFor(input({ hook_event_name: 'PostToolUse', tool_name: 'Bash' }));
    expect(agent.length).toBeGreaterThan(bash.length);
  });
});
