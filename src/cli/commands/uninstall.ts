// `self-gen uninstall`: removes exactly the hooks self-gen added; `--purge` also the recorded data.
import type { CommandSpec } from '../command-table.js';
import { paths } from '../../common/paths.js';
import type { UninstallOptions } from './uninstall.run.js';

export const uninstallCommand: CommandSpec<[], UninstallOptions> = {
  name: 'uninstall',
  description: 'remove exactly the hooks self-gen added (restores your settings file when untouched since)',
  options: [
    {
      flags: '--project',
      description: 'uninstall from this project (.claude/settings.local.json and .claude/settings.json)',
    },
    {
      flags: '--purge',
      description: () =>
        `also delete the recorded data: our own entries in the data home (${paths().home}), only when it is recognisably ours`,
    },
    {
      flags: '-y, --yes',
      description: 'with --purge: do not ask for confirmation (needed when not on a terminal)',
    },
  ],
  help: '\nExamples:\n  self-gen uninstall\n  self-gen uninstall --purge\n  self-gen uninstall --purge --yes   # scripts: no question asked',
  run: async (args, o) => (await import('./uninstall.run.js')).runUninstall(args, o),
};
