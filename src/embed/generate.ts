// generateEmbeddings(texts): the seed's embedding utility for background work (batch job, CLI).
// Uses the running daemon when one answers, else loads the model in this process; null when no
// model is available. Never used by hooks (they only ask the daemon, see client.ts).
import { loadConfig, type LoadedConfig } from '../common/config.js';
import { daemonEmbedder, pingDaemon } from './client.js';
import type { Embedder } from './embedder.js';
import { modelStatus } from './model.js';
import { runtimePresent } from './runtime.js';

export interface BatchEmbedderOptions {
  env?: NodeJS.ProcessEnv;
  config?: LoadedConfig;
  /** Per-request budget when the daemon is used (a batch of 50 takes ~0.5 s on a real model). */
  daemonTimeoutMs?: number;
  /** Never load the model in this process (only a running daemon). */
  daemonOnly?: boolean;
  log?: (m: string) => void;
}

export async function batchEmbedder(opts: BatchEmbedderOptions = {}): Promise<Embedder | null> {
  const env = opts.env ?? process.env;
  const config = opts.config ?? loadConfig(env);
  const info = await pingDaemon({ env, timeoutMs: 500 });
  if (info) return daemonEmbedder({ env, timeoutMs: opts.daemonTimeoutMs ?? 60_000 });
  if (opts.daemonOnly) return null;
  const status = modelStatus(config, env);
  if (!status.present) {
    opts.log?.(`embedding model not present at ${status.location.dir} (run \`self-gen model pull\`)`);
    return null;
  }
  if (!runtimePresent(env)) {
    opts.log?.('embedding runtime not installed: vector tier off (`self-gen model pull` installs it)');
    return null;
  }
  const { loadLocalEmbedder } = await import('./local.js');
  return loadLocalEmbedder(config, env);
}

/** One vector (or null) per text; null when no embedder is available. */
export async function generateEmbeddings(
  texts: string[],
  opts: BatchEmbedderOptions & { embedder?: Embedder } = {},
): Promise<(Float32Array | null)[] | null> {
  try {
    const embedder = opts.embedder ?? (await batchEmbedder(opts));
    if (!embedder) return null;
    try {
      return await embedder.embed(texts);
    } finally {
      if (!opts.embedder) await embedder.close?.();
    }
  } catch {
    return null;
  }
}
