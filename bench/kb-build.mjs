// Bundles TypeScript sources for the KB benchmarks with esbuild (the same way scripts/build.mjs
// builds dist/), into bench/results/.build/, and imports the result.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function bundle(name, contents) {
  const outdir = join(ROOT, 'bench', 'results', '.build');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    stdin: { contents, resolveDir: ROOT, sourcefile: `${name}-entry.ts`, loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: [
      'better-sqlite3',
      'sqlite-vec',
      '@huggingface/transformers',
      'onnxruntime-node',
      'onnx-proto',
      'sharp',
    ],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href + `?t=${Date.now()}`);
}
