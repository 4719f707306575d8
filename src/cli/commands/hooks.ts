// `self-gen hooks --mode process|warm`: how the installed hooks run (docs/performance.md).
import type { CommandSpec } from '../command-table.js';
import { HOOK_MODES } from '../hook-mode.js';
import type { HooksOptions } from './hooks.run.js';

export const hooksCommand: CommandSpec<[], HooksOptions> = {
  name: 'hooks',
  description: 'how the installed hooks run: one Node process per hook, or a warm per-user server',
  options: [
    { flags: '--mode <mode>', description: 'process | warm', choices: HOOK_MODES },
    {
      flags: '--plugin-root <dir>',
      description: "also rewrite <dir>/hooks/hooks.json (the plugin's hooks file)",
    },
  ],
  help: '\nWithout --mode: prints the current mode.\nExamples:\n  self-gen hooks\n  self-gen hooks --mode warm\n  self-gen hooks --mode process',
  run: async (args, o) => (await import('./hooks.run.js')).runHooks(args, o),
};
