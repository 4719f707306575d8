// The command table (src/cli/command-table.ts): a declaration becomes the commander command it
// describes, and its run function gets the parsed arguments and options (a group's options too).
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addCommands, type CommandSpec } from '../../src/cli/command-table.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { intOption } from '../../src/cli/options.js';

function program(table: CommandSpec[]): Command {
  const p = new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  addCommands(p, table);
  return p;
}

describe('the command table', () => {
  it('passes parsed arguments and options, with defaults and the group options, to run', async () => {
    const calls: unknown[] = [];
    const leaf: CommandSpec<[number[]], { limit: number; name?: string; open: boolean; root?: string }> = {
      name: 'leaf',
      description: 'a leaf',
      arguments: [{ name: '<ids...>', parse: (v: string, prev: number[] = []) => [...prev, Number(v)] }],
      options: [
        { flags: '-n, --limit <n>', description: 'how many', parse: intOption(1, 9), default: 3 },
        { flags: '--name <name>', description: 'a name', required: true },
        { flags: '--no-open', description: 'do not open' },
      ],
      run: (args, o) => void calls.push(args, o),
    };
    const group: CommandSpec = {
      name: 'group',
      alias: 'g',
      description: 'a group',
      options: [{ flags: '-C, --root <dir>', description: 'the root' }],
      commands: [leaf],
    };
    await program([group]).parseAsync(['node', 'x', 'g', '-C', '/r', 'leaf', '1', '2', '--name', 'a']);
    expect(calls).toEqual([[[1, 2]], { limit: 3, name: 'a', open: true, root: '/r' }]);
    await expect(
      program([group]).parseAsync(['node', 'x', 'group', 'leaf', '1', '--name', 'a', '-n', '0']),
    ).rejects.toThrow(/expected a whole number from 1 to 9/);
    await expect(program([group]).parseAsync(['node', 'x', 'group', 'leaf', '1'])).rejects.toThrow(
      /required option '--name <name>' not specified/,
    );
  });

  it('lists every top-level command once, in order, with its subcommands', () => {
    const p = program([...COMMANDS]);
    const names = p.commands.map((c) => c.name());
    expect(names.slice(0, 7)).toEqual([
      'install',
      'uninstall',
      'status',
      'doctor',
      'events',
      'prune',
      'hook',
    ]);
    expect(new Set(names).size).toBe(names.length);
    const kb = p.commands.find((c) => c.name() === 'kb')!;
    expect(kb.commands.map((c) => c.name())).toEqual([
      'review',
      'show',
      'search',
      'find',
      'list',
      'add',
      'edit',
      'rm',
      'stats',
      'calibrate',
    ]);
    const hooks = p.commands.find((c) => c.name() === 'hooks')!;
    expect(hooks.options.find((o) => o.long === '--mode')?.argChoices).toEqual(['process', 'warm']);
  });
});

describe("each command's --help is its own", () => {
  /** Runs `args` on the whole table; what was printed, or the error it ended with. */
  async function run(args: string[]): Promise<{ out: string; error?: string; code?: string }> {
    let out = '';
    const p = new Command()
      .name('self-gen')
      .exitOverride()
      .configureOutput({
        writeOut: (s) => void (out += s),
        writeErr: (s) => void (out += s),
        outputError: () => {},
      });
    addCommands(p, COMMANDS);
    try {
      await p.parseAsync(['node', 'self-gen', ...args]);
      return { out };
    } catch (e) {
      const err = e as { message: string; code?: string };
      return { out, error: err.message, code: err.code };
    }
  }

  /** Every command path of the table: ['kb'], ['kb', 'search'], … */
  const paths = (table: readonly CommandSpec[], at: string[] = []): string[][] =>
    table.flatMap((c) => {
      const p = [...at, c.name.split(' ')[0]!];
      return [p, ...paths(c.commands ?? [], p)];
    });

  it('every command and subcommand prints the help of that command', async () => {
    const all = paths(COMMANDS);
    expect(all.length).toBeGreaterThan(40);
    for (const p of all) {
      const r = await run([...p, '--help']);
      expect(r.code, p.join(' ')).toBe('commander.helpDisplayed');
      expect(r.out.split('\n')[0], p.join(' ')).toMatch(new RegExp(`^Usage: self-gen ${p.join(' ')}\\b`));
    }
  });

  it('a word that names no command, with --help: the unknown-command error, not the help around it', async () => {
    for (const args of [
      ['stats', '--help'],
      ['stats', '-h'],
      ['help', 'stats'],
      ['kb', 'nosuch', '--help'],
      ['kb', 'help', 'nosuch'],
      ['orch', '-C', '/tmp', 'nosuch', '--help'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe('commander.unknownCommand');
      expect(r.out, args.join(' ')).toBe('');
    }
    expect((await run(['stats', '--help'])).error).toMatch(
      /unknown command 'stats' \(Did you mean status\?\)/,
    );
    expect((await run(['kb', 'serch', '--help'])).error).toMatch(
      /unknown command 'serch' \(Did you mean search\?\)/,
    );
    // a command's own help through `help`
    const viaHelp = await run(['help', 'status']);
    expect(viaHelp.out.split('\n')[0]).toMatch(/^Usage: self-gen status\b/);
    const kbHelp = await run(['kb', 'help', 'search']);
    expect(kbHelp.out.split('\n')[0]).toMatch(/^Usage: self-gen kb search\b/);
  });
});
