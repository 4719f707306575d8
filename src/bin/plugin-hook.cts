// The plugin's dist/hook.cjs (scripts/build.mjs --plugin): the command Claude Code runs for every
// hook of the plugin form. The plugin ships bundled JavaScript only; the native dependencies
// (better-sqlite3, sqlite-vec, and re2js) are installed on first use into ${CLAUDE_PLUGIN_DATA}/native
// by dist/plugin-bootstrap.js, in the background. Until its status file says `ready` (for the pinned
// versions this plugin build names in its package.json), a hook starts that install when none is
// running, keeps its input in the spool (dist/plugin-spool.cjs, replayed once ready) and ends: exit 0,
// no output, never blocking the session — except the first SessionStart after a failed install,
// which tells the user once (a systemMessage with the fix). Once
// ready, it names the folder in SELF_GEN_NATIVE_DIR (src/common/native.ts) and hands over to
// dist/hook-core.cjs, the usual hook entry. Outside a plugin (no CLAUDE_PLUGIN_DATA) it hands over
// directly. CommonJS, a handful of small reads: it runs in every hook process.
/* eslint-disable @typescript-eslint/no-require-imports */
const quit = (): never => process.exit(0);
process.on('uncaughtException', quit);
process.on('unhandledRejection', quit);

type Fs = typeof import('node:fs');
type Status = {
  state?: string;
  pins?: Record<string, string>;
  finishedAt?: string;
  error?: string;
  fix?: string;
};

/** Text of a small regular file, never blocking on a FIFO and never through a link; null otherwise. */
function readText(fs: Fs, file: string): string | null {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > 64 * 1024) return null;
    const buf = Buffer.alloc(st.size);
    let got = 0;
    while (got < st.size) {
      const n = fs.readSync(fd, buf, got, st.size - got, got);
      if (n <= 0) break;
      got += n;
    }
    return buf.toString('utf8', 0, got);
  } catch {
    return null;
  } finally {
    if (fd !== null) {
      try {
        fs.closeSync(fd);
      } catch {}
    }
  }
}

function readJson(fs: Fs, file: string): unknown {
  try {
    return JSON.parse(readText(fs, file) ?? '');
  } catch {
    return null;
  }
}

const samePins = (a: Record<string, string> | undefined, b: Record<string, string>): boolean =>
  !!a && Object.keys(b).length === Object.keys(a).length && Object.keys(b).every((k) => a[k] === b[k]);

/** A failed install is retried by a later hook after this long (a flaky network, a fixed toolchain). */
const RETRY_AFTER_MS = 10 * 60 * 1000;
/** The bootstrap refreshes its lock every few seconds; an older lock is a dead one. */
const LOCK_FRESH_MS = 60 * 1000;

try {
  const fs = require('node:fs') as Fs;
  const path = require('node:path') as typeof import('node:path');
  const core = path.join(__dirname, 'hook-core.cjs');
  const data = process.env.CLAUDE_PLUGIN_DATA?.trim();
  if (!data || !path.isAbsolute(data)) {
    require(core);
  } else {
    const pkg = readJson(fs, path.join(__dirname, '..', 'package.json')) as {
      nativeDependencies?: Record<string, string>;
    } | null;
    const pins = pkg?.nativeDependencies ?? {};
    const status = readJson(fs, path.join(data, 'native-status.json')) as Status | null;
    if (status?.state === 'ready' && samePins(status.pins, pins)) {
      process.env.SELF_GEN_NATIVE_DIR = path.join(data, 'native');
      if (process.argv[2] === 'SessionStart') {
        // Where the plugin is now (it moves with every update): read by the self-gen launcher.
        const root = path.join(__dirname, '..');
        const file = path.join(data, 'plugin-root');
        if (readText(fs, file) !== root && fs.existsSync(path.join(data, 'bin'))) {
          try {
            const tmp = `${file}.tmp-${process.pid}`;
            // fs-safe-begin: a new file (O_EXCL: never through a link) in the plugin's own data folder, renamed over the entry
            fs.writeFileSync(tmp, root, { mode: 0o600, flag: 'wx' });
            fs.renameSync(tmp, file);
            // fs-safe-end
          } catch {}
        }
      }
      require(core);
    } else {
      let running = false;
      try {
        running = Date.now() - fs.lstatSync(path.join(data, 'native.lock')).mtimeMs < LOCK_FRESH_MS;
      } catch {}
      const failedLately =
        status?.state === 'failed' &&
        samePins(status.pins, pins) &&
        Date.now() - Date.parse(status.finishedAt ?? '') < RETRY_AFTER_MS;
      const event = String(process.argv[2] ?? '');
      if (event === 'SessionStart' && status?.state === 'failed' && samePins(status.pins, pins)) {
        // Once per failure: the marker is made with O_EXCL, and removed when an install succeeds.
        try {
          fs.closeSync(fs.openSync(path.join(data, 'native-failure-shown'), 'wx', 0o600));
          const why = String(status.error ?? '').split('\n')[0];
          const msg =
            `self-generation is not recording yet: installing its native dependencies failed (${why}). ` +
            `${status.fix ?? 'Run /self-generation:doctor for the cause and the fix.'} ` +
            'Events are kept for a day and recorded once the install succeeds.';
          process.stdout.write(
            JSON.stringify({
              systemMessage: msg,
              hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: msg },
            }),
          );
        } catch {}
      }
      if (!running && !failedLately) {
        const { spawn } = require('node:child_process') as typeof import('node:child_process');
        const child = spawn(process.execPath, [path.join(__dirname, 'plugin-bootstrap.js')], {
          detached: true,
          stdio: 'ignore',
          env: process.env,
        });
        child.on('error', () => {});
        child.unref();
      }
      const spool = require(path.join(__dirname, 'plugin-spool.cjs')) as typeof import('./plugin-spool.js');
      spool.spoolHook(data, event).then(quit, quit);
    }
  }
} catch {
  quit();
}
