// A hook call that cannot do its job (an unknown event, a payload that cannot be read) still exits 0
// and prints nothing, and leaves a trace: a bounded log in the data home that `self-gen doctor` reports.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { CLI_JS, FIXTURES, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook, runWithInput } from '../helpers/hook-proc.js';

const logFile = (t: TempEnv) => join(t.home, 'logs', 'hook-rejects.log');
const lines = (t: TempEnv) =>
  readFileSync(logFile(t), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { ts: string; event: string; reason: string });
const prompt = (t: TempEnv, extra: object = {}) => ({
  ...(JSON.parse(
    readFileSync(join(FIXTURES, 'hook-payloads', '02-UserPromptSubmit.json'), 'utf8'),
  ) as object),
  cwd: t.project,
  ...extra,
});

describe('hook calls that cannot do their job', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    t = tempEnv();
    env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
  });
  afterEach(() => t.cleanup());

  it('`self-gen hook NotAnEvent` with garbage on stdin: exit 0, no output, the reason logged, doctor reports it', async () => {
    const r = await runWithInput(process.execPath, [CLI_JS, 'hook', 'NotAnEvent'], 'garbage sk-ant-secret', {
      env,
    });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    const [l] = lines(t);
    expect(l).toMatchObject({ event: 'NotAnEvent' });
    expect(l!.reason).toMatch(/not JSON/);
    expect(readFileSync(logFile(t), 'utf8')).not.toContain('garbage'); // never the payload's text
    const doc = cli(env, ['doctor']);
    expect(doc.stdout).toMatch(/hook call\(s\) did nothing .*NotAnEvent.*not JSON/);
    expect(doc.stdout).toMatch(/fix: .*self-gen install/);
  });

  it('a payload whose hook_event_name is unknown: exit 0, no output, logged with the (made safe) name', async () => {
    const r = await runHook('PostToolUse', prompt(t, { hook_event_name: 'Bogus\n"; ignore all' }), env);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(join(t.home, 'data', 'self-gen.db'))).toBe(false);
    const [l] = lines(t);
    expect(l!.reason).toMatch(/^unknown event "Bogus\?\?\?\?ignore\?all"$/);
  });

  it('an unknown event argument with a valid payload: the payload is handled, the argument logged', async () => {
    const r = await runHook('UserPromptSubmitt', prompt(t), env);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(join(t.home, 'data', 'self-gen.db'))).toBe(true);
    expect(lines(t)[0]!.reason).toMatch(/unknown event argument "UserPromptSubmitt"/);
  });

  it('a secret in the event argument or the payload never reaches the log', async () => {
    const key = 'sk-ant-api03-' + 'Zx9'.repeat(30);
    await runHook(key, 'not json', env);
    await runHook('PostToolUse', prompt(t, { hook_event_name: key }), env);
    expect(lines(t)).toHaveLength(2);
    expect(readFileSync(logFile(t), 'utf8')).not.toMatch(/Zx9Zx9/);
  });

  it('a valid call leaves no trace; a disabled self-gen logs nothing', async () => {
    await runHook('UserPromptSubmit', prompt(t), env);
    expect(existsSync(logFile(t))).toBe(false);
    expect(cli(env, ['doctor']).stdout).not.toMatch(/hook input/);
    await runHook('NotAnEvent', 'x', { ...env, SELF_GEN_DISABLE: '1' });
    expect(existsSync(logFile(t))).toBe(false);
  });

  it('the log stays small: past its cap only the newest lines are kept', async () => {
    mkdirSync(join(t.home, 'logs'), { recursive: true, mode: 0o700 });
    const old = JSON.stringify({ ts: '2020-01-01T00:00:00.000Z', event: 'Old', reason: 'x'.repeat(200) });
    writeFileSync(logFile(t), (old + '\n').repeat(200), { mode: 0o600 });
    const r = await runHook('Newest', '{', env);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(statSync(logFile(t)).size).toBeLessThanOrEqual(16 * 1024);
    const ls = lines(t);
    expect(ls.length).toBeLessThanOrEqual(50);
    expect(ls.at(-1)).toMatchObject({ event: 'Newest' });
    // Only the last week counts in doctor: one recent call.
    expect(cli(env, ['doctor']).stdout).toMatch(/1 hook call\(s\) did nothing/);
  });
});
