// dist/plugin-bootstrap.js: installs the plugin's native dependencies into ${CLAUDE_PLUGIN_DATA}/native.
// Started detached by the plugin's hook gate (src/bin/plugin-hook.cts) when they are not ready, or by
// hand (`node "$CLAUDE_PLUGIN_ROOT/dist/plugin-bootstrap.js"` with CLAUDE_PLUGIN_DATA set). One at a
// time (a lock in the data folder; a second start ends at once), never touching anything outside
// the data folder: `npm install` of the exact pinned versions into a fresh staging folder, a check
// that they load (better-sqlite3 opens a database, sqlite-vec loads into it, re2js compiles), then
// the staging folder replaces native/ in one rename and the status file says `ready`. Progress and
// the outcome are in native-status.json (read by the gate and by `self-gen doctor`), npm's output in
// native-install.log.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireLockAsync } from '../common/lock.js';
import { npmInstall } from '../common/npm.js';
import { redact, truncate } from '../common/redact.js';
import {
  ensureDirIn,
  ensureHome,
  openAppendNoFollow,
  removeTreeIn,
  unlinkIn,
  writeFileAtomicIn,
} from '../common/safe-fs.js';
import {
  nativePaths,
  pluginPins,
  readStatus,
  retryCommand,
  samePins,
  type NativeStatus,
  writeLauncher,
  judgeReplayed,
  replaySpool,
} from '../plugin/index.js';

/** npm gets this long (a native build from source on a slow machine included), then it is stopped. */
const NPM_TIMEOUT_MS = 20 * 60 * 1000;

function writeStatus(data: string, status: NativeStatus): void {
  writeFileAtomicIn(data, nativePaths(data).status, JSON.stringify(status, null, 2) + '\n');
}

function tail(file: string, lines = 8): string {
  try {
    const text = readFileSync(file, 'utf8');
    return truncate(redact(text.trim().split('\n').slice(-lines).join('\n')), 1500);
  } catch {
    return '';
  }
}

/** The code run in a child Node to check that an install works (a broken one is never made ready). */
const VERIFY = `
const { createRequire } = require('node:module');
const req = createRequire(process.argv[1] + '/package.json');
const Database = req('better-sqlite3');
const db = new Database(':memory:');
req('sqlite-vec').load(db);
db.prepare('select vec_version() as v').get();
db.close();
req('re2js').RE2JS.compile('a+');
`;

/** What to do about a failed install, from the end of npm's log (one sentence, then how to retry). */
export function failureFix(log: string, data: string, pluginRoot: string): string {
  const retry = `then run: ${retryCommand(data, pluginRoot)} --force`;
  if (
    /E(NOTFOUND|CONNREFUSED|CONNRESET|TIMEDOUT|AI_AGAIN)|ETIMEDOUT|network|proxy/i.test(log) &&
    /npm (error|ERR)/.test(log) &&
    !/gyp/.test(log)
  )
    return `npm cannot reach its registry: set your registry or proxy (npm config set registry <url> / npm config set proxy <url>), ${retry}`;
  if (
    /not found: (make|g\+\+|cc|python)|gyp ERR! find Python|make: not found|g\+\+: not found|command not found/i.test(
      log,
    )
  )
    return `no C/C++ build tools to compile better-sqlite3: install them (Debian/Ubuntu: apt install build-essential python3; macOS: xcode-select --install), ${retry}`;
  return `read ${nativePaths(data).log} for the cause, ${retry}`;
}

export interface BootstrapResult {
  outcome: 'ready' | 'failed' | 'busy';
  status: NativeStatus | null;
}

export async function bootstrap(opts: {
  data: string;
  pluginRoot: string;
  env?: NodeJS.ProcessEnv;
  /** Reinstall even when an install of these versions is ready. */
  force?: boolean;
}): Promise<BootstrapResult> {
  const env = opts.env ?? process.env;
  const begun = Date.now();
  const data = resolve(opts.data);
  const p = nativePaths(data);
  const pins = pluginPins(opts.pluginRoot);
  ensureHome(data, 0o700); // the plugin's own data folder (CLAUDE_PLUGIN_DATA), like the data home
  const lock = await acquireLockAsync(p.lock, { timeoutMs: 0, staleMs: 30_000, refreshMs: 5_000 });
  if (!lock) return { outcome: 'busy', status: null };
  // Several hooks may start a bootstrap at once: the ones that get the lock after another attempt
  // ended (since they were started) leave it at that; a ready install of these pins is kept.
  const before = readStatus(data);
  const endedSince = before?.finishedAt ? Date.parse(before.finishedAt) >= begun - 1000 : false;
  const readyHere = before?.state === 'ready' && samePins(before.pins, pins) && existsSync(p.dir);
  if (endedSince || (readyHere && !opts.force)) {
    lock.release();
    return { outcome: 'busy', status: before };
  }
  const started: NativeStatus = {
    state: 'installing',
    pins,
    startedAt: new Date().toISOString(),
    pid: process.pid,
  };
  const run: NativeInstall = {
    data,
    pluginRoot: opts.pluginRoot,
    env,
    p,
    pins,
    staging: join(data, `native.tmp-${process.pid}`),
    replay: () => replaySpool({ data, pluginRoot: opts.pluginRoot, nativeDir: p.dir, env }),
    // The fix policy judges what the replayed events taught (until then a learned fix is withheld).
    judge: () => judgeReplayed({ pluginRoot: opts.pluginRoot, nativeDir: p.dir, env }),
  };
  let final: NativeStatus;
  try {
    writeStatus(data, started);
    await installNative(run);
    final = { ...started, state: 'ready', finishedAt: new Date().toISOString() };
  } catch (e) {
    final = failedStatus(run, started, e);
  }
  try {
    writeStatus(data, final);
    if (final.state === 'ready') {
      unlinkIn(data, join(data, 'native-failure-shown'));
      // Once more for a hook that read the old status just before it changed.
      await new Promise((r) => setTimeout(r, 2000));
      if (run.replay() > 0) run.judge();
    }
  } finally {
    lock.release();
  }
  return { outcome: final.state === 'ready' ? 'ready' : 'failed', status: final };
}

/** One install attempt: where it stages, and how to replay the events spooled meanwhile. */
interface NativeInstall {
  data: string;
  pluginRoot: string;
  env: NodeJS.ProcessEnv;
  p: ReturnType<typeof nativePaths>;
  pins: Record<string, string>;
  staging: string;
  replay: () => number;
  judge: () => void;
}

/** Stages, installs, checks and swaps in native/, then replays the spool; throws on any failure. */
async function installNative(run: NativeInstall): Promise<void> {
  const { data, staging } = run;
  removeTreeIn(data, staging);
  ensureDirIn(data, staging, 0o700);
  writeStagingPackage(run);
  await npmInstallPins(run);
  verifyInstall(run);
  const old = join(data, `native.old-${process.pid}`);
  // fs-safe-begin: both names are entries of the data folder itself (renames move the entry, never follow it)
  if (existsSync(run.p.dir)) renameSync(run.p.dir, old);
  renameSync(staging, run.p.dir);
  // fs-safe-end
  removeTreeIn(data, old);
  writeLauncher(data, run.pluginRoot);
  // The events kept while it was not ready, oldest first, before any hook records directly (the
  // order matters: an error, then the command that fixed it); hooks keep spooling meanwhile.
  let replayed = 0;
  for (let n = run.replay(); n > 0; n = run.replay()) replayed += n;
  if (replayed > 0) run.judge();
}

function writeStagingPackage({ data, staging, pins }: NativeInstall): void {
  writeFileAtomicIn(
    data,
    join(staging, 'package.json'),
    // allowScripts (npm >= 11.19, RFC npm/rfcs#868): better-sqlite3's install script (fetch or build
    // its binary) may run (by name: npm 11.19 does not match pinned entries); older npm ignores it.
    JSON.stringify(
      {
        name: 'self-generation-native',
        private: true,
        allowScripts: Object.fromEntries(Object.keys(pins).map((n) => [n, true])),
      },
      null,
      2,
    ) + '\n',
  );
}

/** `npm install` of the exact pins into the staging folder, its output appended to the log. */
async function npmInstallPins({ env, p, pins, staging }: NativeInstall): Promise<void> {
  const specs = Object.entries(pins).map(([name, v]) => `${name}@${v}`);
  const logFd = openAppendNoFollow(p.log);
  let code: number | null;
  try {
    code = await npmInstall({ prefix: staging, specs, logFd, env, timeoutMs: NPM_TIMEOUT_MS });
  } finally {
    closeSync(logFd);
  }
  if (code !== 0) throw new Error(`npm install exited ${code ?? 'without starting'}`);
}

/** Loads the staged packages in a child Node (VERIFY). */
function verifyInstall({ env, staging }: NativeInstall): void {
  const check = spawnSync(process.execPath, ['-e', VERIFY, staging], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (check.status !== 0) {
    throw new Error(`the installed packages do not load: ${(check.stderr || '').trim().split('\n')[0]}`);
  }
}

/** The status of a failed attempt (its staging folder removed): the cause and how to fix it. */
function failedStatus(
  { data, p, pluginRoot, staging }: NativeInstall,
  started: NativeStatus,
  e: unknown,
): NativeStatus {
  try {
    removeTreeIn(data, staging);
  } catch {}
  const why = String((e as Error)?.message ?? e).split('\n')[0]!;
  return {
    ...started,
    state: 'failed',
    finishedAt: new Date().toISOString(),
    error: truncate(redact(why), 300) + (existsSync(p.log) ? `\n${tail(p.log)}` : ''),
    fix: failureFix(existsSync(p.log) ? tail(p.log, 200) : '', data, pluginRoot),
  };
}

async function main(): Promise<void> {
  const data = process.env.CLAUDE_PLUGIN_DATA?.trim();
  if (!data || !isAbsolute(data)) {
    process.stderr.write(
      'plugin-bootstrap: CLAUDE_PLUGIN_DATA is not set\nfix: run it with CLAUDE_PLUGIN_DATA=<the plugin data folder> (self-gen doctor names it)\n',
    );
    process.exitCode = 2;
    return;
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const root = process.env.CLAUDE_PLUGIN_ROOT?.trim() || dirname(here);
  const r = await bootstrap({ data, pluginRoot: root, force: process.argv.includes('--force') });
  if (process.stdout.isTTY || process.env.SELF_GEN_BOOTSTRAP_VERBOSE === '1') {
    process.stdout.write(
      r.outcome === 'busy'
        ? `nothing to do: ${r.status?.state === 'ready' ? 'already ready (--force reinstalls)' : 'another install ran or runs'}\n`
        : `${r.outcome}${r.status?.error ? `: ${r.status.error}` : ''}\n`,
    );
  }
  if (r.outcome === 'failed') process.exitCode = 1;
}

const entry = process.argv[1] ? resolve(process.argv[1]) : '';
if (entry && entry === fileURLToPath(import.meta.url)) {
  main().catch(() => {
    process.exitCode = 1;
  });
}
