// The right door, through the real CLI (dist/cli.js): a keyword search next to the error lookup,
// each command's --help its own, help text that says what the installed hooks run, and an
// uninstall that says where the data stays and how to delete it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { closeDb, getDb } from '../../src/db/db.js';
import { cli } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { seedKb } from '../helpers/pre-tool-guide.js';

let t: TempEnv;
beforeEach(() => (t = tempEnv('sg-doors-')));
afterEach(() => {
  closeDb();
  t.cleanup();
});

describe('kb find: entries by any word', () => {
  it('finds by any word of the error or the fix, most words first; kb search stays the error lookup and names it', () => {
    const db = getDb({ env: t.env });
    seedKb(db, 'Error: listen EADDRINUSE: address already in use :::3000', 'Bash: lsof -ti :3000');
    seedKb(db, "Module not found: Error: Can't resolve './App' in '/src'", 'Bash: npm run build');
    seedKb(db, 'TypeError: Cannot read properties of undefined', 'Edit: guard the undefined value');
    closeDb();

    // One word of the error (any case) finds its entry, and only that one.
    let r = cli(t, ['kb', 'find', 'eaddrinuse']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('EADDRINUSE');
    expect(r.stdout).not.toContain('Module not found');
    // Any word: two entries; the one holding more of the words comes first. A word of the fix counts.
    r = cli(t, ['kb', 'find', 'resolve', 'undefined', 'guard']);
    expect(r.code).toBe(0);
    const ids = [...r.stdout.matchAll(/^#(\d+) /gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([3, 2]);
    // --json, and nothing found: exit 1 with a line that says so.
    r = cli(t, ['kb', 'find', '--json', 'lsof']);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: number }).id),
    ).toEqual([1]);
    r = cli(t, ['kb', 'find', 'segfault']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('no entries hold any of these words');
    // `kb search` is the error lookup: words are not an error, and it points at the other door.
    r = cli(t, ['kb', 'search', 'eaddrinuse']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('self-gen kb find');
    expect(cli(t, ['kb', 'search', '--help']).stdout).toContain('self-gen kb find <words...>');
  });
});

describe("each command's --help is its own", () => {
  it('a word that is no command, with --help: the unknown-command error (not the top-level help)', () => {
    for (const args of [
      ['stats', '--help'],
      ['help', 'stats'],
    ]) {
      const r = cli(t, args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr).toContain("self-gen: unknown command 'stats' (Did you mean status?)");
    }
    const kb = cli(t, ['kb', 'stats', '--help']);
    expect(kb.code).toBe(0);
    expect(kb.stdout.split('\n')[0]).toBe('Usage: self-gen kb stats [options]');
  });

  it('a command named by its alias is found, and the top-level help still lists every command', () => {
    // the CLI registers only the command the line names (src/bin/cli.ts): by name or by alias
    const sc = cli(t, ['sc', '--help']);
    expect(sc.code).toBe(0);
    expect(sc.stdout.split('\n')[0]).toBe('Usage: self-gen shared-context|sc [options] [command]');
    const top = cli(t, ['--help']);
    for (const name of ['install', 'status', 'kb', 'shared-context|sc', 'orch', 'team'])
      expect(top.stdout).toMatch(new RegExp(`^  ${name.replace('|', '\\|')}\\b`, 'm'));
    const typo = cli(t, ['kb', 'serch', 'x']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("unknown command 'serch' (Did you mean search?)");
  });

  it('`hook --help` is the hook command’s help, and says what the installed hooks run', () => {
    const r = cli(t, ['hook', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Usage: self-gen hook [options] <event>');
    expect(r.stdout).toContain('dist/hook-warm.bash');
    expect(r.stdout).toMatch(/falls back to node "<package>\/dist\/hook\.cjs" <Event>/);
    const top = cli(t, ['--help']).stdout;
    expect(top).not.toMatch(/installed hooks call dist\/hook\.cjs/);
    expect(top).toMatch(/hook-warm\.bash/);
  });
});

describe('uninstall says where the data stays', () => {
  it('ends with the data home and the exact command that deletes it; that command does', () => {
    expect(cli(t, ['install']).code).toBe(0);
    const r = cli(t, ['uninstall']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-2)).toMatch(
      new RegExp(`^your data stays in ${t.home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.*install\\.json`),
    );
    const cmd = lines.at(-1)!;
    expect(cmd).toBe(`to delete it too: SELF_GEN_HOME=${t.home} self-gen uninstall --purge`);
    // The command as printed (its SELF_GEN_HOME, then the arguments) removes it.
    const [assign, ...args] = cmd.replace('to delete it too: ', '').split(' ');
    const env = { ...t.env, SELF_GEN_HOME: assign!.split('=')[1] };
    expect(cli(env, [...args.slice(1), '--yes']).code).toBe(0);
    expect(existsSync(join(t.home, 'install.json'))).toBe(false);
    // Nothing left: nothing to say.
    expect(cli(t, ['uninstall']).stdout).not.toContain('your data stays');
  });
});
