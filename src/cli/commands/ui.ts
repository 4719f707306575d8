// `self-gen ui`: the local dashboard (docs/dashboard.md).
import type { CommandSpec } from '../command-table.js';
import { intOption } from '../options.js';
import type { UiOptions } from './ui.run.js';

export const uiCommand: CommandSpec<[], UiOptions> = {
  name: 'ui',
  description:
    'open the local dashboard: activity, knowledge base (search, edit, forget), sessions, history search, orchestrator board, suggestions',
  options: [
    {
      flags: '-p, --port <n>',
      description: 'the port on 127.0.0.1 (default: a free one)',
      parse: intOption(0, 65535, 'a port'),
    },
    { flags: '--no-open', description: 'do not open the browser; just print the URL' },
  ],
  help: '\nThe server listens on 127.0.0.1 only. The printed URL holds a one-time login code: opened once, it\ngives that browser a session cookie (new on every start). The browser is opened on a launcher page\nin the data home (0600), so no secret is in any command line.\nStop it with Ctrl-C.\n\nExamples:\n  self-gen ui\n  self-gen ui --no-open --port 7777',
  run: async (args, o) => (await import('./ui.run.js')).runUi(args, o),
};
