// The shape of a command in the CLI's command table (src/cli/commands/index.ts): what commander is
// told (name, description, arguments, options with their parsers, help text) and the function that
// does the work, which never sees commander. addCommands turns a table into commander commands.
import type { Command } from 'commander';

export interface ArgumentSpec {
  /** `<name>`, `[name]` or `<name...>`. */
  name: string;
  description?: string;
  parse?: (value: string, previous: never) => unknown;
}

export interface OptionSpec {
  /** commander's flags: `-n, --limit <n>`, `--no-open`. */
  flags: string;
  /** A function when it reads the environment (evaluated when the program is built). */
  description: string | (() => string);
  parse?: (value: string, previous: never) => unknown;
  default?: unknown;
  choices?: readonly string[];
  required?: boolean;
}

export interface CommandSpec<A extends unknown[] = unknown[], O = unknown> {
  /** The name, with the arguments that have no description: `merge <request>`. */
  name: string;
  alias?: string;
  description: string;
  arguments?: ArgumentSpec[];
  options?: OptionSpec[];
  /** Shown after the options in `--help`. */
  help?: string;
  /** A group's subcommands, in order. */
  commands?: CommandSpec[];
  /** The work: the parsed arguments, and the options (with those of the groups around it). */
  run?(args: A, options: O): void | Promise<void>;
}

type Parser = (value: string, previous: unknown) => unknown;

function addCommand(parent: Command, spec: CommandSpec): Command {
  const cmd = parent.command(spec.name).description(spec.description);
  if (spec.alias) cmd.alias(spec.alias);
  for (const a of spec.arguments ?? []) cmd.argument(a.name, a.description ?? '', a.parse as Parser);
  for (const o of spec.options ?? []) {
    const desc = typeof o.description === 'function' ? o.description() : o.description;
    const option = cmd.createOption(o.flags, desc).makeOptionMandatory(!!o.required);
    if (o.parse) option.default(o.default).argParser(o.parse as Parser);
    else option.default(o.default);
    if (o.choices) option.choices(o.choices);
    cmd.addOption(option);
  }
  if (spec.help) cmd.addHelpText('after', spec.help);
  const run = spec.run;
  if (run) cmd.action(() => run(cmd.processedArgs, cmd.optsWithGlobals()));
  addCommands(cmd, spec.commands ?? []);
  return cmd;
}

/** Adds the table's commands (and their subcommands) to `parent`, in order. */
export function addCommands(parent: Command, table: readonly CommandSpec[]): void {
  for (const spec of table) addCommand(parent, spec);
  if (table.length) helpOnlyForKnownCommands(parent);
}

// Commander answers `<group> <word> --help` with the group's own help when <word> names none of its
// subcommands (it looks for the help flag before it looks for an unknown command), and `help <word>`
// the same way: `self-gen stats --help` printed the top-level help with exit 0. A group's help with
// such a word in front of it is the unknown-command error instead, as without --help.
function helpOnlyForKnownCommands(group: Command): void {
  group.on('beforeHelp', () => {
    const words = group.args.filter((a) => !a.startsWith('-'));
    const word = words[0] === 'help' ? words[1] : words[0];
    if (word === undefined || group.commands.some((c) => c.name() === word || c.aliases().includes(word)))
      return;
    const similar = closest(
      word,
      group.commands.flatMap((c) => [c.name(), ...c.aliases()]),
    );
    group.error(`error: unknown command '${word}'${similar ? ` (Did you mean ${similar}?)` : ''}`, {
      code: 'commander.unknownCommand',
    });
  });
}

/** The name closest to `word` within a few edits (a typo), or undefined. */
function closest(word: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(1, Math.floor(word.length * 0.4)) + 1;
  for (const n of names) {
    const d = editDistance(word, n);
    if (d < bestD) [best, bestD] = [n, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
