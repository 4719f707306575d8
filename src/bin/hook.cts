// dist/hook.cjs — the command Claude Code runs for every hook: `node ".../dist/hook.cjs" <Event>`.
//
// It loads the hook bundle (dist/hook-main.cjs) with a V8 code cache kept in the data home, one per
// event (and Node version, and build of the bundle): a hook process then skips compiling its
// JavaScript, which is most of what a hook costs beyond Node's own start. Everything is behind a
// guard, so even a broken installation (a missing or damaged file, a bad cache) ends with exit 0
// and no output. CommonJS on purpose: it starts faster than an ES module.
/* eslint-disable @typescript-eslint/no-require-imports */
const bail = (): never => process.exit(0);
process.on('uncaughtException', bail);
process.on('unhandledRejection', bail);
try {
  const fs = require('node:fs') as typeof import('node:fs');
  const path = require('node:path') as typeof import('node:path');
  const vm = require('node:vm') as typeof import('node:vm');
  const Module = require('node:module') as typeof import('node:module') & { wrap(code: string): string };
  const file = path.join(__dirname, 'hook-main.cjs');
  const source = fs.readFileSync(file, 'utf8');
  let cacheFile: string | null = null;
  let cached: Buffer | undefined;
  if (process.env.SELF_GEN_NO_CODE_CACHE !== '1') {
    const st = fs.statSync(file);
    const home =
      process.env.SELF_GEN_HOME?.trim() ||
      path.join(process.env.HOME || require('node:os').homedir(), '.self-generation');
    const event =
      String(process.argv[2] ?? 'any')
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 40) || 'any';
    const build = `${process.version}-${process.arch}-${st.size}-${Math.floor(st.mtimeMs)}`;
    cacheFile = path.join(home, 'cache', `hook-${event}-${build}.v8`);
    // Only a regular file, opened non-blocking: a FIFO in its place never blocks the hook.
    // And only through a real `cache` folder: a symlinked one is never followed; the data
    // home itself may be a link (the user chose it).
    let fd: number | null = null;
    try {
      if (!fs.lstatSync(path.dirname(cacheFile)).isDirectory()) throw new Error('cache: not a real folder');
      fd = fs.openSync(cacheFile, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
      const cst = fs.fstatSync(fd);
      if (cst.isFile() && cst.size < 64 * 1024 * 1024) {
        const buf = Buffer.alloc(cst.size);
        let got = 0;
        while (got < cst.size) {
          const n = fs.readSync(fd, buf, got, cst.size - got, got);
          if (n <= 0) break;
          got += n;
        }
        if (got === cst.size) cached = buf;
      }
    } catch {}
    if (fd !== null) {
      try {
        fs.closeSync(fd);
      } catch {}
    }
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData: cached });
  // The cache is written at exit, so it holds every function this run compiled: when there is none
  // (or V8 rejected it), and now and then afterwards (1 run in 25), when it has grown — a cache made
  // by a run that used one holds both, so it comes to cover every path the hooks of this event take.
  const fresh = !cached || script.cachedDataRejected;
  const every = process.env.SELF_GEN_CODE_CACHE_REFRESH; // '1': every run, '0': never (tests)
  const refresh = every === '1' || (every !== '0' && Math.random() < 0.04);
  if (cacheFile && (fresh || refresh)) {
    const target = cacheFile;
    const had = fresh ? 0 : (cached?.length ?? 0);
    process.once('exit', () => {
      try {
        const data = script.createCachedData();
        if (data.length <= had) return;
        // The shared safe-fs helpers (bundled here, loaded only when a cache is written): the home
        // is made like `mkdir -p` (the user's setting), `cache` below it one folder, never through
        // a symlink; old caches are unlinked as entries (a link is removed, its target untouched;
        // a folder is left alone); the new one is written atomically, never through a link.
        const sf = require('../common/safe-fs.js') as typeof import('../common/safe-fs.js');
        const dir = path.dirname(target);
        const root = path.dirname(dir);
        sf.ensureHomeDir(root, dir);
        const prefix = path.basename(target).split('-v')[0] + '-';
        for (const f of fs.readdirSync(dir))
          if (f.startsWith(prefix) && f !== path.basename(target))
            try {
              sf.unlinkIn(root, path.join(dir, f));
            } catch {}
        sf.writeFileAtomicIn(root, target, data, 0o600);
      } catch {}
    });
  }
  const mod = { exports: {} };
  const run = script.runInThisContext() as (...a: unknown[]) => void;
  run.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, __dirname);
} catch {
  bail();
}
