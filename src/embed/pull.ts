// `self-gen model pull`: downloads the embedding model once into the data home's models folder
// (Transformers.js, with a progress callback), then checks it embeds to 384 dimensions.
import { isInside, removeTreeIn } from '../common/safe-fs.js';
import { paths } from '../common/paths.js';
import type { LoadedConfig } from '../common/config.js';
import { loadLocalEmbedder } from './local.js';
import { EMBED_DIMS, modelLocation, modelStatus, type ModelStatus } from './model.js';
import { sinceStartMs } from '../common/clock.js';

export interface PullProgress {
  status: string;
  file?: string;
  loaded?: number;
  total?: number;
}

export interface PullResult {
  status: ModelStatus;
  downloaded: boolean;
  ms: number;
  dims: number;
}

export async function pullModel(
  config: LoadedConfig,
  env: NodeJS.ProcessEnv = process.env,
  opts: { force?: boolean; onProgress?: (p: PullProgress) => void; remoteHost?: string } = {},
): Promise<PullResult> {
  // Pull always targets the data home (embedding.modelPath is a copy the user manages).
  const target = { ...config, embedding: { ...config.embedding, modelPath: undefined } };
  const before = modelStatus(target, env);
  // Only a model folder inside the data home's models folder is ever deleted, and no symlink in it
  // is followed.
  if (opts.force && before.present) {
    const modelsDir = paths(env).modelsDir;
    if (isInside(modelsDir, before.location.dir)) removeTreeIn(modelsDir, before.location.dir);
  }
  const t0 = sinceStartMs();
  const embedder = await loadLocalEmbedder(target, env, {
    allowRemote: true,
    progress: opts.onProgress,
    remoteHost: opts.remoteHost,
  });
  try {
    const [v] = await embedder.embed(['self-generation model check']);
    const after = modelStatus(target, env);
    if (!after.present) {
      throw new Error(
        `the model loaded but its files are not all in ${modelLocation(target, env).dir} (missing ${after.missing.join(', ')})`,
      );
    }
    return {
      status: after,
      downloaded: !before.present || !!opts.force,
      ms: sinceStartMs() - t0,
      dims: v?.length ?? 0,
    };
  } finally {
    await embedder.close?.();
  }
}

export { EMBED_DIMS };
