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
}
