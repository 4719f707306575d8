// The cli part's public surface: what other parts and the hosts may use.
/** Adds the table's commands (and their subcommands) to `parent`, in order. */
export { addCommands } from './command-table.js';
/** The table of the CLI's commands, in the order `--help` lists them. */
export { COMMANDS } from './commands/index.js';
/** The command path the user typed (`kb list`), for the `--help` hint of a usage error. */
export { commandPathOf } from './output.js';
/** Every error the CLI can end with, as the user sees it: `self-gen: <one line>` and ` fix: …`. */
export { formatError } from './output.js';
/** Installs the output guards for the whole CLI (not for hooks, which print one JSON object): everything written to stdout goes through termSafe (JSON output is unaffected: JSON.stringify already escapes control characters); EPIPE on stdout or stderr ends the process quietly. */
export { installOutputGuards } from './output.js';
/** Redacts every chunk written to the given streams (stdout and stderr by default). */
export { guardOutput } from './output-guard.js';
