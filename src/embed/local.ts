// The in-process embedder: Transformers.js loaded with a dynamic import (never from a hook: the
// import alone costs ~200 ms and the real model ~600 MB) from next to the code or from the data home
// (src/embed/runtime.ts: an optional install). Used by the daemon, the batch job when no daemon
// runs, and `self-gen model pull`.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedConfig } from '../common/config.js';
import { EMBED_DIMS, modelLocation, modelStatus, type ModelLocation } from './model.js';
import { validVector, type Embedder } from './embedder.js';
import { homePackage, localPackage, RuntimeMissingError } from './runtime.js';
import { sinceStartMs } from '../common/clock.js';

type Transformers = typeof import('@huggingface/transformers');
type Extractor = (
  texts: string[],
  opts: { pooling: 'mean'; normalize: boolean },
) => Promise<{
  dims: number[];
  data: ArrayLike<number>;
}>;

export interface LocalEmbedderOptions {
  /** Allow downloading missing files from the hub (only `self-gen model pull` does). */
  allowRemote?: boolean;
  /** Transformers.js progress callback (downloads). */
  progress?: (info: { status: string; file?: string; loaded?: number; total?: number }) => void;
  /** ONNX Runtime intra-op threads (default: min(2, cores)). */
  threads?: number;
  /** The hub host (default https://huggingface.co/, or HF_ENDPOINT). */
  remoteHost?: string;
}

export class LocalModelMissingError extends Error {
  constructor(
    public location: ModelLocation,
    public missing: string[],
  ) {
    super(`the embedding model is not present at ${location.dir} (missing ${missing.join(', ')})`);
  }
}

/** The ES module entry of the package in `dir` (its exports' node import condition). */
function esmEntry(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports?: { node?: { import?: { default?: string } } };
    module?: string;
    main?: string;
  };
  return join(dir, pkg.exports?.node?.import?.default ?? pkg.module ?? pkg.main ?? 'index.js');
}

/** Loads Transformers.js: from next to the code, else from the data home; RuntimeMissingError when neither has it. */
export async function importTransformers(env: NodeJS.ProcessEnv = process.env): Promise<Transformers> {
  if (localPackage()) return await import('@huggingface/transformers');
  const dir = homePackage(env);
  if (!dir) throw new RuntimeMissingError(env);
  return (await import(pathToFileURL(esmEntry(dir)).href)) as Transformers;
}

/** Sets the Transformers.js environment for this process: local files first, no network by default. */
export function configureTransformers(
  tr: Transformers,
  loc: ModelLocation,
  opts: LocalEmbedderOptions = {},
): void {
  const env = tr.env;
  env.allowLocalModels = true;
  env.localModelPath = loc.localModelPath.endsWith('/') ? loc.localModelPath : loc.localModelPath + '/';
  env.allowRemoteModels = opts.allowRemote === true;
  // Downloads (model pull) are written into the data home's models folder in the same layout the
  // local path uses (<models>/<id>/…); otherwise no cache is looked at.
  env.useFSCache = opts.allowRemote === true;
  env.cacheDir = loc.localModelPath;
  env.useBrowserCache = false;
  const host = opts.remoteHost ?? process.env.HF_ENDPOINT;
  if (host) env.remoteHost = host.endsWith('/') ? host : host + '/';
  env.logLevel = tr.LogLevel.ERROR;
}

export interface LocalEmbedder extends Embedder {
  readonly dims: number;
  readonly loadMs: number;
}

/**
 * Loads the model (from embedding.modelPath or the data home; with allowRemote also from the hub)
 * and returns an Embedder: mean pooling, L2-normalised, 384 dimensions. Throws when it cannot load.
 */
export async function loadLocalEmbedder(
  config: Pick<LoadedConfig, 'embedding'>,
  env: NodeJS.ProcessEnv = process.env,
  opts: LocalEmbedderOptions = {},
): Promise<LocalEmbedder> {
  const status = modelStatus(config, env);
  const loc = status.location;
  if (!status.present && !opts.allowRemote) throw new LocalModelMissingError(loc, status.missing);
  const t0 = sinceStartMs();
  const tr = await importTransformers(env);
  configureTransformers(tr, loc, opts);
  const threads = opts.threads ?? Math.max(1, Math.min(2, cpus().length));
  const extractor = (await tr.pipeline('feature-extraction', loc.id, {
    dtype: loc.dtype as 'q8',
    device: 'cpu',
    session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 },
    ...(opts.progress ? { progress_callback: opts.progress as never } : {}),
  })) as unknown as Extractor & { dispose?: () => Promise<void> };
  const loadMs = sinceStartMs() - t0;

  const run = async (texts: string[]): Promise<(Float32Array | null)[]> => {
    const out = await extractor(texts, { pooling: 'mean', normalize: true });
    const dims = out.dims[out.dims.length - 1] ?? 0;
    const data = out.data;
    return texts.map((_, i) => {
      const v = Float32Array.from({ length: dims }, (_x, j) => data[i * dims + j] as number);
      return validVector(v, EMBED_DIMS) ? v : null;
    });
  };

  return {
    name: 'local model',
    dims: EMBED_DIMS,
    loadMs,
    async embed(texts: string[]): Promise<(Float32Array | null)[]> {
      const clean = texts.map((t) => (typeof t === 'string' ? t : ''));
      if (clean.length === 0) return [];
      try {
        if (clean.every((t) => t.trim())) return await run(clean);
      } catch {
        // one bad text fails the whole batch: fall through to one at a time
      }
      const out: (Float32Array | null)[] = [];
      for (const t of clean) {
        if (!t.trim()) {
          out.push(null);
          continue;
        }
        try {
          out.push((await run([t]))[0] ?? null);
        } catch {
          out.push(null);
        }
      }
      return out;
    },
    async close() {
      try {
        await extractor.dispose?.();
      } catch {}
    },
  };
}

export { modelLocation };
