// Issue #12 item 2: `uninstall --purge` deletes only a recognisable self-generation data home,
// only our own entries in it, never through a symbolic link, and asks first (or needs --yes).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { cliOnTty, cli as selfGen } from '../helpers/cli.js';
import { FIXTURES, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';

describe('uninstall --purge (#12.2)', () => {
  let t: TempEnv;
  const cli = (args: string[], env: NodeJS.ProcessEnv = t.env) => selfGen(env, args, { cwd: t.project });
  const onTty = (args: string[], answer: string) => cliOnTty(t, args, answer, { cwd: t.project });

  /** A data home made the real way: a hook records an event. */
  async function realHome(): Promise<void> {
    const payload = JSON.parse(
      readFileSync(join(FIXTURES, 'hook-payloads', '02-UserPromptSubmit.json'), 'utf8'),
    ) as Record<string, unknown>;
    payload.cwd = t.project;
    payload.transcript_path = join(t.dir, 'none.jsonl');
    expect((await runHook('UserPromptSubmit', payload, t.env, { cwd: t.project })).code).toBe(0);
    expect(existsSync(join(t.home, 'data', 'self-gen.db'))).toBe(true);
    expect(existsSync(join(t.home, '.self-generation-home'))).toBe(true);
  }

  beforeEach(() => {
    t = tempEnv('sg-purge-');
  });
  afterEach(() => t.cleanup());

  it('#12.2 refuses a folder that is not a data home (a home folder with documents): nothing is deleted', () => {
    const docs = join(t.dir, 'docs-home');
    mkdirSync(join(docs, 'Documents'), { recursive: true });
    writeFileSync(join(docs, 'Documents', 'thesis.tex'), 'five years of work');
    mkdirSync(join(docs, 'data'));
    writeFileSync(join(docs, 'data', 'self-gen.db'), 'not even ours');
    const r = cli(['uninstall', '--purge', '--yes'], { ...t.env, SELF_GEN_HOME: docs });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /does not look like a self-generation data home.*"Documents".*nothing was deleted/,
    );
    expect(r.stderr).toMatch(/\n {2}fix: /);
    expect(readFileSync(join(docs, 'Documents', 'thesis.tex'), 'utf8')).toBe('five years of work');
    expect(existsSync(join(docs, 'data', 'self-gen.db'))).toBe(true);

    // The user's HOME itself, and a data home that is a symbolic link, are refused too.
    const home = cli(['uninstall', '--purge', '--yes'], { ...t.env, SELF_GEN_HOME: t.env.HOME });
    expect(home.code).toBe(1);
    expect(home.stderr).toMatch(/is your home folder/);
    const link = join(t.dir, 'link-home');
    symlinkSync(docs, link);
    const l = cli(['uninstall', '--purge', '--yes'], { ...t.env, SELF_GEN_HOME: link });
    expect(l.code).toBe(1);
    expect(l.stderr).toMatch(/symbolic link.*nothing was deleted/);
    expect(existsSync(join(docs, 'Documents', 'thesis.tex'))).toBe(true);
  });

  it('#12.2 without a terminal and without --yes it refuses with a fix; hooks stay installed', async () => {
    await realHome();
    expect(cli(['install']).code).toBe(0);
    const r = cli(['uninstall', '--purge']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/needs a confirmation.*no terminal.*nothing was changed/);
    expect(r.stderr).toMatch(/fix: .*--yes/);
    expect(existsSync(join(t.home, 'data', 'self-gen.db'))).toBe(true);
    expect(readFileSync(join(t.env.HOME!, '.claude', 'settings.json'), 'utf8')).toMatch(
      /dist\/(?:hook\.cjs|hook-warm\.sh|hook-warm\.bash)/,
    ); // either mode (#15)
  });

  it('#12.2 on a terminal it asks: "n" keeps everything, "y" deletes', async () => {
    await realHome();
    const no = onTty(['uninstall', '--purge'], 'n');
    expect(no.stdout).toMatch(/this cannot be undone \[y\/N\]/);
    expect(no.stdout).toMatch(/not confirmed: nothing was changed/);
    expect(existsSync(join(t.home, 'data', 'self-gen.db'))).toBe(true);
    const yes = onTty(['uninstall', '--purge'], 'y');
    expect(yes.stdout, yes.stdout).toMatch(/deleted /);
    expect(existsSync(t.home)).toBe(false);
  });

  it('#12.2 --yes deletes only our entries, unlinks symbolic links without following them, keeps what is not ours', async () => {
    await realHome();
    const outside = join(t.dir, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'precious.txt'), 'keep me');
    symlinkSync(outside, join(t.home, 'data', 'link-to-outside'));
    symlinkSync(outside, join(t.home, 'logs'));
    writeFileSync(join(t.home, 'notes-of-the-user.txt'), 'mine');
    const r = cli(['uninstall', '--purge', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/kept the folder and what else it holds \(notes-of-the-user\.txt\)/);
    expect(readFileSync(join(outside, 'precious.txt'), 'utf8')).toBe('keep me');
    expect(readdirSync(t.home)).toEqual(['notes-of-the-user.txt']);
    unlinkSync(join(t.home, 'notes-of-the-user.txt'));
  });

  it('#12.2 a data home made before the marker (only our layout and our database) is still purged', async () => {
    await realHome();
    unlinkSync(join(t.home, '.self-generation-home'));
    const r = cli(['uninstall', '--purge', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`deleted ${t.home}`);
    expect(existsSync(t.home)).toBe(false);
  });
});
