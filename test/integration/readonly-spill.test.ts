// A data folder that cannot be written: the hook's events go to a private folder outside it, doctor
// and status say so with a fix, and the first hook after the folder is writable again stores them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { FIXTURES, tempEnv, type TempEnv } from '../helpers/env.js';
import { parseHookOutput, runHook } from '../helpers/hook-proc.js';

// Root ignores file modes: the hooks and the CLI run as an unprivileged user then.
const asRoot = process.getuid?.() === 0;
const user = asRoot ? { uid: 65534, gid: 65534 } : {};

describe('a read-only data folder', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  let xdg: string;
  const prompt = (text: string) => ({
    ...(JSON.parse(
      readFileSync(join(FIXTURES, 'hook-payloads', '02-UserPromptSubmit.json'), 'utf8'),
    ) as object),
    prompt: text,
    cwd: t.project,
  });
  const own = (dir: string) => {
    if (asRoot) chownSync(dir, 65534, 65534);
  };
  const spilled = () => {
    const top = join(xdg, 'self-gen');
    if (!existsSync(top)) return [];
    return readdirSync(top).flatMap((h) =>
      readdirSync(join(top, h))
        .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
        .map((f) => join(top, h, f)),
    );
  };

  beforeEach(() => {
    t = tempEnv();
    chmodSync(t.dir, 0o755);
    xdg = t.env.XDG_RUNTIME_DIR!;
    own(xdg);
    mkdirSync(t.home, { mode: 0o700 });
    own(t.home);
    env = { ...t.env, XDG_RUNTIME_DIR: xdg, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_NO_CODE_CACHE: '1' };
  });
  afterEach(() => t.cleanup());

  it('events wait outside it (0700, ours), doctor says so with a fix, and are stored once it is writable', async () => {
    chmodSync(t.home, 0o500);
    const r = await runHook('UserPromptSubmit', prompt('while read-only'), env, user);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(join(t.home, 'data'))).toBe(false);
    const files = spilled();
    expect(files).toHaveLength(1);
    expect(readFileSync(files[0]!, 'utf8')).toContain('while read-only');
    expect(statSync(join(files[0]!, '..')).mode & 0o777).toBe(0o700);
    expect(statSync(files[0]!).mode & 0o777).toBe(0o600);

    // The next session start tells the user, once: the one after stays quiet.
    const start = { session_id: 's2', cwd: t.project, hook_event_name: 'SessionStart', source: 'startup' };
    const s1 = await runHook('SessionStart', start, env, user);
    expect(s1.code).toBe(0);
    const told = parseHookOutput(s1.stdout);
    expect(told?.systemMessage).toMatch(
      /2 event\(s\) could not be written to .*; they wait in .*xdg.* fix: make /,
    );
    expect(told?.hookSpecificOutput).toBeUndefined();
    const s2 = await runHook('SessionStart', { ...start, session_id: 's3' }, env, user);
    expect(s2).toEqual({ code: 0, stdout: '', stderr: '' });

    for (const cmd of ['doctor', 'status']) {
      const out = cli(env, [cmd], user).stdout;
      expect(out).toMatch(/3 event\(s\) could not be written to .* wait in .*xdg/);
      expect(out).toMatch(/\n\s+fix: make .* writable/);
    }

    chmodSync(t.home, 0o700);
    const r2 = await runHook('UserPromptSubmit', prompt('writable again'), env, user);
    expect(r2).toEqual({ code: 0, stdout: '', stderr: '' });
    const db = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
    const texts = (
      db
        .prepare(`SELECT json_extract(data,'$.text') AS t FROM events WHERE type='prompt' ORDER BY ts`)
        .all() as { t: string }[]
    ).map((x) => x.t);
    db.close();
    expect(texts).toEqual(['while read-only', 'writable again']);
    const starts = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
    expect(starts.prepare(`SELECT count(*) AS n FROM events WHERE type='session_start'`).get()).toEqual({
      n: 2,
    });
    starts.close();
    expect(spilled()).toHaveLength(0);
    expect(cli(env, ['doctor'], user).stdout).not.toMatch(/could not be written/);
  });

  it('a spill folder that is not private (another user could read or plant events) is never used', async () => {
    const top = join(xdg, 'self-gen');
    mkdirSync(top, { mode: 0o700 });
    chmodSync(top, 0o777);
    own(top);
    chmodSync(t.home, 0o500);
    const r = await runHook('UserPromptSubmit', prompt('not here'), env, user);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readdirSync(top)).toEqual([]);
  });
});
