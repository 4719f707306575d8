// Builds the runnable entries into dist/ with esbuild (type checking is `npm run typecheck`).
// Native and heavy packages stay external: they are loaded from node_modules at run time.
import { build } from 'esbuild';
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';

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
// The hook path is built on its own, as CommonJS: dist/hook.cjs (the tiny entry Claude Code runs:
// it loads the bundle with a V8 code cache), dist/hook-main.cjs (one file: hooks, store, handlers;
// the parts stay lazily initialised), and dist/hook.js (the same for `node dist/hook.js`).
const entries = { hook: 'src/hooks/entry-esm.ts' };
await build({ ...common, entryPoints: entries, splitting: false });
await build({
  ...common,
  entryPoints: { hook: 'src/hooks/entry.cts' },
  format: 'cjs',
  splitting: false,
  banner: {},
  outExtension: { '.js': '.cjs' },
});
await build({
  ...common,
  entryPoints: { 'hook-main': 'src/hooks/main-entry.ts' },
  format: 'cjs',
  // Smaller source = less to read and hash per hook process (stack traces map back via the .map).
  minify: true,
  splitting: false,
  outExtension: { '.js': '.cjs' },
  define: { 'import.meta.url': '__sg_import_meta_url' },
  banner: { js: "const __sg_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
});
const tools = {
  cli: 'src/cli/main.ts',
  worker: 'src/jobs/worker-main.ts',
  daemon: 'src/embed/daemon-main.ts',
  'hook-server': 'src/hooks/server-main.ts',
};
await build({ ...common, entryPoints: tools, chunkNames: 'chunks/[name]-[hash]' });
Object.assign(entries, tools);
chmodSync(`${out}/cli.js`, 0o755);
// The warm-mode hook client (a POSIX shell script: curl to the hook server, else node dist/hook.cjs).
copyFileSync('src/hooks/hook-warm.sh', `${out}/hook-warm.sh`);
chmodSync(`${out}/hook-warm.sh`, 0o755);
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
