// `self-gen install`: the hooks into Claude Code settings, and the MCP server (user scope).
import type { CommandSpec } from '../command-table.js';
import type { InstallOptions } from './install.run.js';

export const installCommand: CommandSpec<[], InstallOptions> = {
  name: 'install',
  description:
    'add the self-generation hooks to Claude Code settings (idempotent; keeps your own hooks; keeps a copy of the file)',
  options: [
    {
      flags: '--project',
      description:
        'install for this project only, on this machine: .claude/settings.local.json (not committed; Claude Code reads it like settings.json)',
    },
    {
      flags: '--shared',
      description:
        'with --project: write into the shared .claude/settings.json instead, with the portable command `self-gen hook <Event>` (every user needs self-gen on PATH)',
    },
  ],
  help: '\nExamples:\n  self-gen install\n  self-gen install --project\n  self-gen install --project --shared   # for a team: needs `npm i -g self-generation` on every machine',
  run: async (args, o) => (await import('./install.run.js')).runInstall(args, o),
};
