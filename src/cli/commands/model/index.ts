// `self-gen model …`: the embedding model.
import type { CommandSpec } from '../../command-table.js';
import { modelPullCommand } from './pull.js';

export const modelCommand: CommandSpec = {
  name: 'model',
  description: 'the embedding model (Xenova/paraphrase-multilingual-MiniLM-L12-v2, q8)',
  commands: [modelPullCommand],
};
