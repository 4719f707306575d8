// `self-gen dismiss <id>`: a suggestion hidden for good (the next analyses leave it out).
import type { CommandSpec } from '../../command-table.js';
import type { DismissOptions } from './dismiss.run.js';

export const dismissCommand: CommandSpec<[string], DismissOptions> = {
  name: 'dismiss <id>',
  description: 'hide a suggestion for good: the next analyses will not suggest it again',
  help: '\nExample:\n  self-gen dismiss m1a2b3c4',
  run: async (args) => (await import('./dismiss.run.js')).runDismiss(args),
};
