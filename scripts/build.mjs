// Builds the runnable entries into dist/ with esbuild (type checking is `npm run typecheck`).
// Native and heavy packages stay external: they are loaded from node_modules at run time.
// `--plugin <dir>`: the Claude Code plugin's bundle instead (scripts/build-plugin.mjs): into
// <dir>/dist, minified, no source maps, and dist/hook.cjs is the plugin gate (src/bin/plugin-hook.cts),
// which hands over to dist/hook-core.cjs (the usual entry) once the native dependencies are ready.
import { build } from 'esbuild';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

const pluginAt = process.argv.indexOf('--plugin');
const pluginDir = pluginAt >= 0 ? process.argv[pluginAt + 1] : null;
if (pluginAt >= 0 && !pluginDir) throw new Error('--plugin needs a folder');
const target = pluginDir ? join(pluginDir, 'dist') : 'dist';
if (pluginDir) mkdirSync(pluginDir, { recursive: true });

/** Where the metafiles go (a tool cache: not in git, not in the package). */
const META_DIR = join('node_modules', '.cache', 'self-generation');

/**
 * Set in the hook bundles: src/parts/index.ts then leaves out the background and check loaders
 * (dropped as dead code: needs minifySyntax), so no hook process contains worker or CLI code.
 */
const HOOK_BUNDLE = { 'process.env.SG_HOOK_BUNDLE': '"1"' };

const external = [
  'better-sqlite3',
  'sqlite-vec',
  '@huggingface/transformers',
  'onnxruntime-node',
  'onnxruntime-web',
  'sharp',
  // pg's optional native binding (never installed: pg's JavaScript client is used)
  'pg-native',
];

// Build into a fresh folder, then swap it in: a hook or test running meanwhile never sees half a dist/.
const out = `${target}.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });
const common = {
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: pluginDir ? false : 'linked',
  minify: !!pluginDir,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
};
// The hook path is built on its own, as CommonJS: dist/hook.cjs (the tiny entry Claude Code runs:
// it loads the bundle with a V8 code cache), dist/hook-main.cjs (one file: hooks, store, handlers;
// the parts stay lazily initialised), and dist/hook.js (the same for `node dist/hook.js`).
const entries = { hook: 'src/bin/hook.ts' };
// esbuild's metafiles (inputs and outputs of each build), for the hook bundle guard
// (test/integration/guard-hook-bundle.test.ts): written outside dist/, so they are never packed.
const metas = {};
metas.hook = (await build({ ...common, entryPoints: entries, splitting: false, metafile: true })).metafile;
metas['hook-cjs'] = (
  await build({
    ...common,
    entryPoints: pluginDir ? { 'hook-core': 'src/bin/hook.cts' } : { hook: 'src/bin/hook.cts' },
    format: 'cjs',
    splitting: false,
    banner: {},
    outExtension: { '.js': '.cjs' },
    metafile: true,
  })
).metafile;
if (pluginDir) {
  await build({
    ...common,
    entryPoints: { hook: 'src/bin/plugin-hook.cts' },
    format: 'cjs',
    splitting: false,
    banner: {},
    outExtension: { '.js': '.cjs' },
  });
  // Loaded by the gate only until the native dependencies are ready: keeps the hook's input.
  await build({
    ...common,
    entryPoints: { 'plugin-spool': 'src/bin/plugin-spool.ts' },
    format: 'cjs',
    splitting: false,
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__sg_import_meta_url' },
    banner: { js: "const __sg_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  });
}
metas['hook-main'] = (
  await build({
    ...common,
    entryPoints: { 'hook-main': 'src/bin/hook-main.ts' },
    format: 'cjs',
    // Smaller source = less to read and hash per hook process (stack traces map back via the .map).
    minify: true,
    splitting: false,
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__sg_import_meta_url', ...HOOK_BUNDLE },
    banner: { js: "const __sg_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
    metafile: true,
  })
).metafile;
/**
 * Made ready for dist/cli.js to load with a code cache (src/bin/cli-boot.ts):
 *  - its `import()` of what is not bundled (node: built-ins, the embedding runtime's ES module) goes
 *    through `$sgImp`, which calls dist/cli.js's own `import()` (globalThis.__sgImport): V8 drops
 *    the callback such a call needs from code read out of a code cache (Node 20). Same length, so
 *    the source map stays exact;
 *  - the few characters esbuild leaves outside ASCII (in regular expressions) are escaped, so the
 *    file is read as Latin-1: a one-byte string, with no UTF-8 decoding of 2 MB per command;
 *  - the Node built-ins that cost most to load (LAZY_BUILTINS) are loaded on first use, not when the
 *    module that names them is initialised: `require("node:crypto")` becomes `$sgLazy(…)` (same
 *    length), a stand-in that loads the module the first time anything reads it. The bundle only
 *    ever reads such a module's properties (esbuild's namespace objects: `x.createHash(…)`), so
 *    nothing else changes; e.g. commander loads child_process for subcommands this CLI never runs
 *    as programs (~10 ms of every command), `status` named http and crypto without using them.
 */
const LAZY_BUILTINS =
  /(?<![\w$.])require\("((?:node:)?(?:child_process|crypto|http|https|http2|net|tls|dgram|perf_hooks|zlib|readline))"\)/g;
const CLI_IMPORT =
  'var $sgImp = (s) => (globalThis.__sgImport ?? ((x) => import(x)))(s);' +
  'var $sgLazy = (id) => { let m; const t = {}; const real = () => (m ??= require(id)); return new Proxy(t, {' +
  ' get: (_, k) => real()[k], has: (_, k) => k in real(), ownKeys: () => Reflect.ownKeys(real()),' +
  ' set: (_, k, v) => ((real()[k] = v), true),' +
  // a property the module cannot lose must be the stand-in's own too (a Proxy's invariant)
  ' getOwnPropertyDescriptor: (_, k) => { const d = Reflect.getOwnPropertyDescriptor(real(), k);' +
  ' if (d && !d.configurable && !Reflect.getOwnPropertyDescriptor(t, k)) Object.defineProperty(t, k, d); return d; } }); };';
function prepareCliBundle(file) {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(CLI_IMPORT) + CLI_IMPORT.length;
  const rest = text
    .slice(at)
    .replace(/(?<![\w$.])import\(/g, '$sgImp(')
    .replace(LAZY_BUILTINS, '$sgLazy("$1")')
    .replace(/[\u0080-\uffff]/g, (c, i, all) => {
      // An escape changes what a String.raw template holds: none may have such a character.
      const before = all.slice(Math.max(0, i - 2000), i);
      const raw = before.lastIndexOf('String.raw`');
      if (raw >= 0 && !before.slice(raw + 11).includes('`'))
        throw new Error(
          `cli-main.cjs: a non-ASCII character in a String.raw template (${before.slice(raw, raw + 60)})`,
        );
      return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
  writeFileSync(file, text.slice(0, at) + rest);
}
const tools = {
  worker: 'src/bin/worker.ts',
  daemon: 'src/bin/daemon.ts',
  'plugin-bootstrap': 'src/bin/plugin-bootstrap.ts',
  mcp: 'src/bin/mcp.ts',
};
metas.tools = (
  await build({ ...common, entryPoints: tools, chunkNames: 'chunks/[name]-[hash]', metafile: true })
).metafile;
// The warm-mode hook server: a hook bundle of its own (its lazy chunks hold handlers only).
metas['hook-server'] = (
  await build({
    ...common,
    entryPoints: { 'hook-server': 'src/bin/hook-server.ts' },
    chunkNames: 'chunks/hook-[name]-[hash]',
    define: HOOK_BUNDLE,
    minifySyntax: true,
    metafile: true,
  })
).metafile;
// The CLI: the whole command line in one CommonJS file (dist/cli-main.cjs; each command's work stays
// lazily initialised), which dist/cli.js (src/bin/cli-boot.ts) loads with a V8 code cache, the way
// dist/hook.cjs loads the hook bundle: a command then skips compiling most of its code.
metas.cli = (
  await build({
    ...common,
    entryPoints: { 'cli-main': 'src/bin/cli.ts' },
    // better-sqlite3's JavaScript is bundled too (src/db/sqlite.ts names its addon): in the code cache
    external: external.filter((p) => p !== 'better-sqlite3'),
    minify: true,
    keepNames: true,
    format: 'cjs',
    splitting: false,
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__sg_import_meta_url', 'process.env.SG_CLI_BUNDLE': '"1"' },
    banner: {
      js: `const __sg_import_meta_url = require('node:url').pathToFileURL(__filename).href;\n${CLI_IMPORT}`,
    },
    metafile: true,
  })
).metafile;
prepareCliBundle(join(out, 'cli-main.cjs'));
await build({ ...common, entryPoints: { cli: 'src/bin/cli-boot.ts' }, splitting: false });
// The same entry as CommonJS (the package's `bin`): Node then runs it without its ES module loader.
await build({
  ...common,
  entryPoints: { cli: 'src/bin/cli-boot.ts' },
  format: 'cjs',
  splitting: false,
  outExtension: { '.js': '.cjs' },
  define: { 'import.meta.url': '__sg_import_meta_url' },
  banner: { js: "const __sg_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
});
Object.assign(entries, tools, { cli: 'src/bin/cli-boot.ts', 'hook-server': 'src/bin/hook-server.ts' });
chmodSync(`${out}/cli.js`, 0o755);
chmodSync(`${out}/cli.cjs`, 0o755);
// The dashboard's front end (`self-gen ui`): ui/ -> dist/ui/ (one script, one style sheet, the page).
// Preact is bundled in; the page loads nothing from anywhere but its own server.
await build({
  entryPoints: { app: 'ui/src/main.tsx' },
  outdir: `${out}/ui`,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync('ui/index.html', `${out}/ui/index.html`);
copyFileSync('ui/app.css', `${out}/ui/app.css`);
entries['ui/app'] = 'ui/src/main.tsx';
// The warm-mode hook clients: bash >= 4 over a token-checked 127.0.0.1 port with builtins only, or a
// POSIX shell script with curl over the Unix socket; both fall back to node dist/hook.cjs.
for (const client of ['hook-warm.sh', 'hook-warm.bash']) {
  copyFileSync(`src/bin/${client}`, `${out}/${client}`);
  chmodSync(`${out}/${client}`, 0o755);
}
// The fix policy's shell parser (src/fix-policy/parser.ts): web-tree-sitter is bundled into the
// worker/CLI/MCP/dashboard chunks, its runtime and the bash grammar (WebAssembly) are read from
// dist/wasm/ (never by a hook).
mkdirSync(`${out}/wasm`, { recursive: true });
copyFileSync('node_modules/web-tree-sitter/tree-sitter.wasm', `${out}/wasm/tree-sitter.wasm`);
copyFileSync('node_modules/tree-sitter-bash/tree-sitter-bash.wasm', `${out}/wasm/tree-sitter-bash.wasm`);
// The fix policy's long package lists, read when a fix installs a package (src/fix-policy/data/long-lists.ts).
mkdirSync(`${out}/fix-policy-data`, { recursive: true });
for (const f of ['npm-popular.txt', 'pypi-ranked.txt'])
  copyFileSync(`src/fix-policy/data/${f}`, `${out}/fix-policy-data/${f}`);
const old = `${target}.old-${process.pid}`;
if (existsSync(target)) renameSync(target, old);
renameSync(out, target);
rmSync(old, { recursive: true, force: true });
if (!pluginDir) {
  // Output paths as the files now are (dist/…, not the temporary folder they were built in).
  const moved = JSON.parse(JSON.stringify(metas).split(`${out}/`).join(`${target}/`));
  mkdirSync(META_DIR, { recursive: true });
  writeFileSync(join(META_DIR, 'build-meta.json'), JSON.stringify(moved));
}
console.log(
  `built ${target}/: ` +
    Object.keys(entries)
      .map((e) => e + '.js')
      .join(', '),
);
