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
