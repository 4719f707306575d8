// `self-gen suggestions`: the open suggestions of the newest analysis (this project and global ones).
import type { CommandSpec } from '../../command-table.js';
import type { SuggestionsOptions } from './suggestions.run.js';

export const suggestionsCommand: CommandSpec<[], SuggestionsOptions> = {
  name: 'suggestions',
  description: 'list the open suggestions of the newest analysis (this project and global ones)',
  options: [
    { flags: '-p, --project <name>', description: 'another project' },
    { flags: '--all', description: 'every project' },
    { flags: '--closed', description: 'also show applied and dismissed ones' },
    { flags: '--json', description: 'machine-readable output' },
  ],
  help: '\nExamples:\n  self-gen suggestions\n  self-gen suggestions --all --closed',
  run: async (args, o) => (await import('./suggestions.run.js')).runSuggestions(args, o),
};
