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
const common = {
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: 'linked',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
};
// The hook entry is built on its own, so its chunks hold only what hooks load (no module shared with
// the CLI drags CLI code into a hook): fewer, smaller files on the hot path.
const entries = { hook: 'src/hooks/entry.ts' };
await build({ ...common, entryPoints: entries, chunkNames: 'hook/[name]-[hash]' });
const tools = {
  cli: 'src/cli/main.ts',
  worker: 'src/jobs/worker-main.ts',
  daemon: 'src/embed/daemon-main.ts',
};
await build({ ...common, entryPoints: tools, chunkNames: 'chunks/[name]-[hash]' });
Object.assign(entries, tools);
chmodSync(`${out}/cli.js`, 0o755);
const old = `dist.old-${process.pid}`;
if (existsSync('dist')) renameSync('dist', old);
renameSync(out, 'dist');
rmSync(old, { recursive: true, force: true });
console.log(
  'built dist/: ' +
    Object.keys(entries)
      .map((e) => e + '.js')
      .join(', '),
);
