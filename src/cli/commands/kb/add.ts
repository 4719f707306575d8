// `self-gen kb add`: an entry by hand, keyed exactly as the hooks key a tool error.
import type { CommandSpec } from '../../command-table.js';
import type { KbAddOptions } from './add.run.js';

export const kbAddCommand: CommandSpec<[string], KbAddOptions> = {
  name: 'add',
  description:
    'add (or update) an entry by hand: the error text is keyed exactly as the hooks key a tool error',
  arguments: [{ name: '<error>', description: 'the error text (quote it)' }],
  options: [
    { flags: '-r, --resolution <text>', description: 'how it is resolved', required: true },
    { flags: '-t, --tool <name>', description: 'the tool that resolves it (Bash, Edit…)' },
    { flags: '--normalized', description: 'the error text is already normalized' },
  ],
  help: `\nExample:\n  self-gen kb add "Cannot find module 'react'" -r "npm install (the dependency was missing)" -t Bash`,
  run: async (args, o) => (await import('./add.run.js')).runKbAdd(args, o),
};
