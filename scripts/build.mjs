// Builds the runnable entries into dist/ with esbuild (type checking is `npm run typecheck`).
// Native and heavy packages stay external: they are loaded from node_modules at run time.
import { build } from 'esbuild';
import { chmodSync, existsSync, renameSync, rmSync } from 'node:fs';

const external = [
  'better-sqlite3',
  'sqlite-vec',
  '@huggingface/transformers',
  'onnxruntime-node',
  'onnxruntime-web',
  'sharp',
];

// Build into a fresh folder, then swap it in: a hook or test running meanwhile never sees half a dist/.
const out = `dist.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });
const entries = {
  hook: 'src/hooks/entry.ts',
  cli: 'src/cli/main.ts',
  worker: 'src/jobs/worker-main.ts',
  daemon: 'src/embed/daemon-main.ts',
};
await build({
  entryPoints: entries,
  outdir: out,
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
chmodSync(`${out}/cli.js`, 0o755);
const old = `dist.old-${process.pid}`;
if (existsSync('dist')) renameSync('dist', old);
renameSync(out, 'dist');
rmSync(old, { recursive: true, force: true });
console.log('built dist/: ' + Object.keys(entries).map((e) => e + '.js').join(', '));
