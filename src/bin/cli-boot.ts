#!/usr/bin/env node
// dist/cli.cjs — the `self-gen` command (the package's `bin`: CommonJS, so Node starts it without its
// ES module loader; dist/cli.js is the same as an ES module, for what runs that path): loads the CLI
// bundle (dist/cli-main.cjs, built from src/bin/cli.ts) with a V8 code cache kept in the data home,
// one per command (and Node version, and build of the bundle), the way dist/hook.cjs loads the hook
// bundle: a command then skips compiling its JavaScript, which is most of what it costs beyond
// Node's own start. Without a cache (none yet, SELF_GEN_NO_CODE_CACHE=1, or one V8 rejects) the
// bundle is compiled as usual.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';
import { HOME_MARKER } from '../common/home.js';
import { ensureDirIn, unlinkIn, writeFileAtomicIn } from '../common/safe-fs.js';

/** Commands with subcommands: their cache is per subcommand (`kb add`, `kb search`). */
const GROUPS = new Set(['kb', 'model', 'orch', 'shared-context', 'team', 'analysis', 'daemon', 'hooks']);
const WORD = /^[a-z][a-z-]{0,30}$/;

/** The cache's name for this command line: `kb-add`, `status`, `help`, … (never a user's value). */
function commandKey(argv: string[]): string {
  const [a, b] = [argv[2] ?? '', argv[3] ?? ''];
  if (a === '--help' || a === '-h' || a === '') return 'help';
  if (!WORD.test(a)) return 'other';
  return GROUPS.has(a) && WORD.test(b) ? `${a}-${b}` : a;
}

function readCache(file: string): Buffer | undefined {
  // Only a regular file, opened non-blocking, never through a link, and only in a real `cache`
  // folder (the data home itself may be a link: the user chose it).
  let fd: number | null = null;
  try {
    if (!lstatSync(dirname(file)).isDirectory()) return undefined;
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    if (!st.isFile() || st.size >= 64 * 1024 * 1024) return undefined;
    const buf = Buffer.alloc(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, buf, got, st.size - got, got);
      if (n <= 0) break;
      got += n;
    }
    return got === st.size ? buf : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== null)
      try {
        closeSync(fd);
      } catch {}
  }
}

/** Writes the cache at exit (a command that succeeded only: a typo never leaves a file behind). */
function writeCacheAtExit(script: vm.Script, file: string, had: number): void {
  process.once('exit', (code) => {
    if (code !== 0 || process.exitCode) return;
    try {
      const dir = dirname(file);
      const home = dirname(dir);
      // Only in a data home of ours still in use (its marker is there): never one this command
      // did not find, nor one `uninstall --purge` just emptied.
      if (!lstatSync(join(home, HOME_MARKER)).isFile()) return;
      const data = script.createCachedData();
      if (data.length <= had) return;
      ensureDirIn(home, dir, 0o700);
      const prefix = basename(file).split('.v')[0] + '.';
      for (const f of readdirSync(dir))
        if (f.startsWith(prefix) && f !== basename(file))
          try {
            unlinkIn(home, join(dir, f));
          } catch {}
      writeFileAtomicIn(home, file, data, 0o600);
    } catch {}
  });
}

// A code cache records V8's flags, and V8 rejects it when they differ at the next start. The fix
// policy sets `--liftoff-only` before it loads its shell parser (src/fix-policy/background-review.ts): a cache
// written after that would never be accepted, and the flag cannot be undone. So every command runs
// with it from the start (it only concerns WebAssembly: the parser is the CLI's only one).
setFlagsFromString('--liftoff-only');
// A command allocates ~10-20 MB while it starts (its modules, the database's rows): the young
// generation, started at 1 MB, then doubles at each of 5-8 scavenges (~13 ms of `status`, with a
// full mark-compact in `kb add`). Growing it 8-fold at the first one leaves 2-4. Set before the
// bundle is compiled, like the flag above, so every run's cache carries the same flags.
setFlagsFromString('--semi-space-growth-factor=8');
// V8 first runs a regular expression in its bytecode interpreter and compiles it only when it runs
// again. A command runs each of its large expressions (secret rules, error lines, the fix-text checks)
// a few times over short texts, where interpreting one costs far more than compiling it: the fix-text
// check took 25-60 ms interpreted, 2-7 ms compiled at once (bench/results/2026-11-29-cli-speed-round4.md).
setFlagsFromString('--no-regexp-tier-up');
const here = dirname(fileURLToPath(import.meta.url));
const file = join(here, 'cli-main.cjs');
// ASCII only (scripts/build.mjs escapes the rest): read as Latin-1, no UTF-8 decoding.
const raw = readFileSync(file, 'latin1');
// `#!` is not JavaScript inside the wrapper: made a comment of the same length (positions unchanged).
const source = raw.startsWith('#!') ? `//${raw.slice(2)}` : raw;
let cacheFile: string | null = null;
let cached: Buffer | undefined;
if (process.env.SELF_GEN_NO_CODE_CACHE !== '1') {
  const st = statSync(file);
  const home = process.env.SELF_GEN_HOME?.trim() || join(process.env.HOME || homedir(), '.self-generation');
  const build = `${process.version}-${process.arch}-${st.size}-${Math.floor(st.mtimeMs)}`;
  cacheFile = join(home, 'cache', `cli.${commandKey(process.argv)}.${build}.v8`);
  cached = readCache(cacheFile);
}
const script = new vm.Script(Module.wrap(source), { filename: file, cachedData: cached });
// Written when there is none (or V8 rejected it), and now and then afterwards (1 run in 25) when it
// has grown: a cache made by a run that used one holds both, so it covers every path the command takes.
// SELF_GEN_CODE_CACHE_REFRESH=1 refreshes every time, =0 never (a rejected cache is always replaced).
const fresh = !cached || script.cachedDataRejected;
const refresh = process.env.SELF_GEN_CODE_CACHE_REFRESH;
if (cacheFile && (fresh || refresh === '1' || (refresh !== '0' && Math.random() < 0.04)))
  writeCacheAtExit(script, cacheFile, fresh ? 0 : (cached?.length ?? 0));
// The bundle's `import()` of what it does not bundle comes here (scripts/build.mjs: a function read
// from a code cache cannot call `import()` itself in Node 20).
(globalThis as { __sgImport?: (s: string) => Promise<unknown> }).__sgImport = (s) => import(s);
const mod = { exports: {} };
const run = script.runInThisContext() as (...a: unknown[]) => void;
run.call(mod.exports, mod.exports, createRequire(file), mod, file, here);
