// `self-gen hook <event>`: declared for `--help` only; src/bin/cli.ts runs hooks before any parsing.
import type { CommandSpec } from '../command-table.js';

export const hookCommand: CommandSpec = {
  name: 'hook <event>',
  description:
    'run a hook (reads the Claude Code payload on stdin); the installed hooks call dist/hook.cjs directly',
};
