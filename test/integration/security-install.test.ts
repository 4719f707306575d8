// #12.1 / #12.3 leftovers, `install` / `uninstall`: a settings file is written only inside its own
// root. A project's `.claude` folder or settings file that is a symlink (a repository can commit
// one) is refused with a `fix:` and its target left untouched; the user's own
// `~/.claude/settings.json` that is a link into their dotfiles is written through, keeping the link.
// Through the built CLI, with real symlinks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { cli as selfGen } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const USER = '{\n  "model": "opus"\n}\n';

describe('#12.1 install / uninstall never write through a symlink they should not', () => {
  let t: TempEnv;
  const cli = (...args: string[]) => selfGen(t, args, { cwd: t.project });
  beforeEach(() => {
    t = tempEnv('sg-sec-install-');
  });
  afterEach(() => t.cleanup());

  it('a project .claude folder that is a symlink: install --project refuses with fix:, its target stays empty', () => {
    const elsewhere = join(t.dir, 'elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(t.project, '.claude'));
    for (const args of [
      ['install', '--project'],
      ['install', '--project', '--shared'],
    ]) {
      const r = cli(...args);
      expect(r.code, r.stdout).toBe(1);
      expect(r.stderr).toMatch(/symbolic link/);
      expect(r.stderr).toMatch(/^\s*fix: /m);
    }
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('a project settings file that is a symlink to a file elsewhere: refused, the link and its target unchanged', () => {
    const outside = join(t.dir, 'outside.json');
    writeFileSync(outside, USER);
    mkdirSync(join(t.project, '.claude'));
    const local = join(t.project, '.claude', 'settings.local.json');
    symlinkSync(outside, local);
    const r = cli('install', '--project');
    expect(r.code, r.stdout).toBe(1);
    expect(r.stderr).toMatch(/^\s*fix: /m);
    expect(lstatSync(local).isSymbolicLink()).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe(USER);
    const u = cli('uninstall', '--project');
    expect(u.code).toBe(1);
    expect(lstatSync(local).isSymbolicLink()).toBe(true);
  });

  it("the user's ~/.claude/settings.json linked to their dotfiles: written through, the link stays, uninstall restores it", () => {
    const dotfiles = join(t.dir, 'dotfiles');
    mkdirSync(dotfiles);
    const real = join(dotfiles, 'claude-settings.json');
    writeFileSync(real, USER);
    mkdirSync(join(t.env.HOME!, '.claude'));
    const settings = join(t.env.HOME!, '.claude', 'settings.json');
    symlinkSync(real, settings);
    const r = cli('install');
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(settings).isSymbolicLink()).toBe(true);
    expect(readlinkSync(settings)).toBe(real);
    expect(JSON.parse(readFileSync(real, 'utf8')).hooks.SessionStart).toBeDefined();
    expect(readdirSync(dotfiles)).toEqual(['claude-settings.json']); // no temp file left behind
    const u = cli('uninstall');
    expect(u.code, u.stderr).toBe(0);
    expect(lstatSync(settings).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe(USER);
  });

  it('a FIFO as the project settings file: install --project refuses at once (the CLI does not hang)', () => {
    mkdirSync(join(t.project, '.claude'));
    const local = join(t.project, '.claude', 'settings.local.json');
    expect(spawnSync('mkfifo', [local]).status).toBe(0);
    const r = cli('install', '--project');
    expect(r.code, 'null = killed by the 120 s guard').toBe(1);
    expect(r.stderr).toMatch(/^\s*fix: /m);
  });
});
