// Where the embedding model lives and whether it is present locally. No heavy imports: the hook
// process uses this (SessionStart decides whether to start the daemon).
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { paths } from '../common/paths.js';
import type { LoadedConfig } from '../common/config.js';

export const EMBED_DIMS = 384;
export const DEFAULT_MODEL = 'Xenova/paraphrase-multilingual-MiniLM-L12-v2';

/** How every screen names the state without a model (nothing is promised for later). */
export const VECTOR_OFF = 'not installed (vector tier off)';

/** Transformers.js file name of each dtype (`onnx/model<suffix>.onnx`). */
const DTYPE_SUFFIX: Record<string, string> = {
  fp32: '',
  auto: '',
  fp16: '_fp16',
  q8: '_quantized',
  int8: '_int8',
  uint8: '_uint8',
  q4: '_q4',
  q4f16: '_q4f16',
  bnb4: '_bnb4',
};

export function onnxFileFor(dtype: string): string {
  return `onnx/model${DTYPE_SUFFIX[dtype] ?? '_quantized'}.onnx`;
}

export interface ModelLocation {
  /** What is passed to Transformers.js: an absolute folder (modelPath) or the model id. */
  id: string;
  /** The folder that holds config.json, tokenizer.json and onnx/… */
  dir: string;
  /** Transformers.js localModelPath (the models folder of the data home). */
  localModelPath: string;
  dtype: string;
  /** The files that must be there for the model to load offline. */
  required: string[];
  /** Set when the location comes from embedding.modelPath. */
  fromModelPath: boolean;
}

export function modelLocation(
  config: Pick<LoadedConfig, 'embedding'>,
  env: NodeJS.ProcessEnv = process.env,
): ModelLocation {
  const e = config.embedding;
  const modelsDir = paths(env).modelsDir;
  const dtype = e.dtype || 'q8';
  const required = ['config.json', 'tokenizer.json', onnxFileFor(dtype)];
  if (e.modelPath && e.modelPath.trim()) {
    const dir = isAbsolute(e.modelPath) ? e.modelPath : resolve(e.modelPath);
    return { id: dir, dir, localModelPath: modelsDir, dtype, required, fromModelPath: true };
  }
  const model = e.model || DEFAULT_MODEL;
  return {
    id: model,
    dir: join(modelsDir, model),
    localModelPath: modelsDir,
    dtype,
    required,
    fromModelPath: false,
  };
}

export interface ModelStatus {
  present: boolean;
  location: ModelLocation;
  missing: string[];
  bytes: number;
}

/** Whether every file the model needs is on disk (cheap: a few stat calls). */
export function modelStatus(
  config: Pick<LoadedConfig, 'embedding'>,
  env: NodeJS.ProcessEnv = process.env,
): ModelStatus {
  const location = modelLocation(config, env);
  const missing: string[] = [];
  let bytes = 0;
  for (const f of location.required) {
    try {
      const st = statSync(join(location.dir, f));
      if (!st.isFile() || st.size === 0) missing.push(f);
      else bytes += st.size;
    } catch {
      missing.push(f);
    }
  }
  return { present: missing.length === 0, location, missing, bytes };
}

export function modelPresent(
  config: Pick<LoadedConfig, 'embedding'>,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const loc = modelLocation(config, env);
  return existsSync(join(loc.dir, onnxFileFor(loc.dtype))) && existsSync(join(loc.dir, 'tokenizer.json'));
}
