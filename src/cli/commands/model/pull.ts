// `self-gen model pull`: the embedding runtime (once), then the model, then a check of it.
import type { CommandSpec } from '../../command-table.js';
import type { ModelPullOptions } from './pull.run.js';

export const modelPullCommand: CommandSpec<[], ModelPullOptions> = {
  name: 'pull',
  description:
    'install the embedding runtime (~450 MB, once) and download the model (~118 MB) into the data home, then check it',
  options: [{ flags: '--force', description: 'download again even when present' }],
  help: '\nOffline machines: copy the model folder (config.json, tokenizer.json, onnx/model_quantized.onnx) and set\n"embedding": {"modelPath": "/path/to/folder"} in ~/.self-generation/config.json.\n\nExample:\n  self-gen model pull',
  run: async (args, o) => (await import('./pull.run.js')).runModelPull(args, o),
};
