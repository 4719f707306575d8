// Builds the runnable entries into dist/ with esbuild (type checking is `npm run typecheck`).
// Native and heavy packages stay external: they are loaded from node_modules at run time.
import { build } from 'esbuild';
import { rmSync, chmodSync } from 'node:fs';

const external = [
  'better-sqlite3',
  'sqlite-vec',
  '@huggingface/transformers',
  'onnxruntime-node',
  'onnxruntime-web',
  'sharp',
];

rmSync('dist', { recursive: true, force: true });
const entries = {
  hook: 'src/hooks/entry.ts',
  cli: 'src/cli/main.ts',
  worker: 'src/jobs/worker-main.ts',
  daemon: 'src/embed/daemon-main.ts',
};
await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
chmodSync('dist/cli.js', 0o755);
console.log('built dist/: ' + Object.keys(entries).map((e) => e + '.js').join(', '));
