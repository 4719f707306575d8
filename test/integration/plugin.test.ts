// Issue #17 item 3: the plugin form ships ready to run. The committed plugin/ folder is exactly
// what `npm run build:plugin` makes; its hook gate (plugin/dist/hook.cjs) stays silent and records
// nothing until the native dependencies are ready in CLAUDE_PLUGIN_DATA, starts their install in
// the background (one at a time, a failure not retried at every hook), never blocks on a FIFO, and
// once ready records events with the packages from the data folder (a copy of the plugin outside
// this checkout, so node_modules of the repository cannot be what loads them).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { fixturePayloads } from '../helpers/hook-proc.js';
import { cli } from '../helpers/cli.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { endProcessesIn } from '../helpers/processes.js';

const PLUGIN = join(ROOT, 'plugin');
/** The gate tests run a bundle built from the sources (the committed one is compared above). */
const FRESH_BASE = mkdtempSync(join(tmpdir(), 'sg-plugin-fresh-'));
const FRESH = join(FRESH_BASE, 'plugin');
let built = false;
function fresh(): string {
  if (!built) {
    execFileSync(process.execPath, ['scripts/build-plugin.mjs', '--out', FRESH], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    built = true;
  }
  return FRESH;
}
afterAll(() => rmSync(FRESH_BASE, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }));

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d, { withFileTypes: true })) {
      const f = join(d, n.name);
      if (n.isDirectory()) walk(f);
      else out.push(relative(dir, f));
    }
  };
  walk(dir);
  return out.sort();
}

const tmps: string[] = [];
const dataDirs: string[] = [];
let t: TempEnv | undefined;

/** Ends a plugin bootstrap a test's hook started (it holds `native.lock`), so it writes nothing more. */
async function stopBootstraps(): Promise<void> {
  for (const data of dataDirs.splice(0)) {
    let pid = 0;
    try {
      pid = Number(readFileSync(join(data, 'native.lock'), 'utf8').trim().split(' ')[0]);
    } catch {
      continue;
    }
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      continue;
    }
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

afterEach(async () => {
  await stopBootstraps();
  endProcessesIn(tmps);
  t?.cleanup();
  t = undefined;
  for (const d of tmps.splice(0))
    rmSync(d, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

/** Each file of the checkout's dist/ and plugin/ with its inode and modification time. */
function checkoutFiles(): string[] {
  return ['dist', 'plugin'].flatMap((d) =>
    files(join(ROOT, d)).map((f) => {
      const st = statSync(join(ROOT, d, f));
      return `${d}/${f} ${st.ino} ${st.mtimeMs}`;
    }),
  );
}

function tmp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  tmps.push(d);
  return d;
}

describe('#17.3 the committed plugin bundle', () => {
  it('#17.3 plugin/ is exactly what `npm run build:plugin` makes (run it and commit when this fails)', () => {
    const out = join(tmp('sg-plugin-build-'), 'plugin');
    // built into a temporary folder: the checkout's dist/ and plugin/, which other tests run, stay as they are
    const before = checkoutFiles();
    execFileSync(process.execPath, ['scripts/build-plugin.mjs', '--out', out], { cwd: ROOT, stdio: 'pipe' });
    expect(checkoutFiles()).toEqual(before);
    const want = files(out);
    expect(files(PLUGIN)).toEqual(want);
    for (const f of want) {
      expect(readFileSync(join(PLUGIN, f), 'utf8'), `plugin/${f} is stale`).toBe(
        readFileSync(join(out, f), 'utf8'),
      );
    }
  });

  it('#17.3 marketplace.json lists the plugin folder; names and versions agree; the bundle is pure JavaScript', () => {
    const market = JSON.parse(readFileSync(join(ROOT, '.claude-plugin', 'marketplace.json'), 'utf8')) as {
      name: string;
      plugins: { name: string; source: string; version?: string }[];
    };
    const entry = market.plugins.find((p) => p.name === 'self-generation')!;
    expect(entry.source).toBe('./plugin');
    const manifest = JSON.parse(readFileSync(join(PLUGIN, '.claude-plugin', 'plugin.json'), 'utf8')) as {
      name: string;
    };
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
    };
    const bundle = JSON.parse(readFileSync(join(PLUGIN, 'package.json'), 'utf8')) as {
      version: string;
      type: string;
      nativeDependencies: Record<string, string>;
    };
    expect(manifest.name).toBe(entry.name);
    expect(entry.version).toBe(pkg.version);
    expect(bundle.version).toBe(pkg.version);
    expect(bundle.type).toBe('module');
    for (const [n, v] of Object.entries(bundle.nativeDependencies)) expect(pkg.dependencies[n]).toBe(v);
    expect(files(PLUGIN).filter((f) => f.endsWith('.node') || f.includes('node_modules'))).toEqual([]);
    // The hooks the plugin declares are the repository's (generated from HOOK_SPECS).
    expect(readFileSync(join(PLUGIN, 'hooks', 'hooks.json'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'hooks', 'hooks.json'), 'utf8'),
    );
  });
});

interface Plugin {
  root: string;
  data: string;
  npmCalls: string;
  /** The 'slow-fail' npm waits until this file exists (the test says when the install may end). */
  release: string;
}

/** The packages the bootstrap installs, and theirs: this checkout's copies stand in for npm's. */
const NATIVE_PACKAGES = [
  'better-sqlite3',
  'bindings',
  'file-uri-to-path',
  'sqlite-vec',
  `sqlite-vec-${process.platform}-${process.arch}`,
  're2js',
];

/**
 * A copy of the plugin outside the checkout, a data folder, and a fake npm: fails, sleeps then
 * fails, or "installs" by linking this checkout's packages into the --prefix folder.
 */
function pluginCopy(fakeNpm: 'fail' | 'slow-fail' | 'link'): Plugin {
  const base = tmp('sg-plugin-');
  const root = join(base, 'plugin-root');
  cpSync(fresh(), root, { recursive: true });
  const data = join(base, 'plugin-data');
  mkdirSync(data);
  dataDirs.push(data);
  const npmCalls = join(base, 'npm-calls');
  const npm = join(base, 'fake-npm');
  const release = join(base, 'release');
  // 'slow-fail' holds the install until the test releases it (at most 10 minutes: never a hang)
  const hold = `i=0\nwhile [ ! -e "${release}" ] && [ $i -lt 6000 ]; do sleep 0.1; i=$((i+1)); done\n`;
  const link = NATIVE_PACKAGES.filter((n) => existsSync(join(ROOT, 'node_modules', n)))
    .map((n) => `ln -s "${join(ROOT, 'node_modules', n)}" "$3/node_modules/${n}"`)
    .join('\n');
  writeFileSync(
    npm,
    fakeNpm === 'link'
      ? `#!/bin/sh\necho "$@" >> "${npmCalls}"\necho "nodedir=$npm_config_nodedir"\nsleep 2\nmkdir -p "$3/node_modules"\n${link}\nexit 0\n`
      : `#!/bin/sh\necho "$@" >> "${npmCalls}"\n${fakeNpm === 'slow-fail' ? hold : ''}echo "npm error code E404 registry said no" >&2\nexit 1\n`,
  );
  chmodSync(npm, 0o755);
  return { root, data, npmCalls, release };
}

function hookEnv(p: Plugin, t: TempEnv): NodeJS.ProcessEnv {
  return {
    ...t.env,
    CLAUDE_PLUGIN_ROOT: p.root,
    CLAUDE_PLUGIN_DATA: p.data,
    SELF_GEN_NPM: join(p.npmCalls, '..', 'fake-npm'),
    SELF_GEN_NO_BACKGROUND: '1',
    SELF_GEN_NO_DAEMON: '1',
  };
}

function runPluginHook(p: Plugin, event: string, payload: unknown, env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, [join(p.root, 'dist', 'hook.cjs'), event], {
    input: JSON.stringify(payload),
    env,
    encoding: 'utf8',
    timeout: 100_000,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout ?? '' };
}

function statusOf(p: Plugin): { state?: string; error?: string } | null {
  const f = join(p.data, 'native-status.json');
  return existsSync(f) && statSync(f).isFile()
    ? (JSON.parse(readFileSync(f, 'utf8')) as { state?: string })
    : null;
}

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200 && !cond(); i++) await new Promise((r) => setTimeout(r, 100));
  if (!cond()) throw new Error(`gave up waiting: ${what}`);
}

function events(home: string): { type: string }[] {
  const f = join(home, 'data', 'self-gen.db');
  if (!existsSync(f)) return [];
  const db = new Database(f, { readonly: true });
  try {
    return db.prepare('SELECT type FROM events').all() as { type: string }[];
  } finally {
    db.close();
  }
}

const payloads = () => fixturePayloads({ project: t!.project });
const prompt = () => payloads().find((x) => x.event === 'UserPromptSubmit')!.payload;

describe('#17.3 the plugin hook gate', () => {
  it('#17.3 not ready: exit 0, no output, nothing recorded; one background install starts, a failure is recorded and not retried at every hook', async () => {
    t = tempEnv('sg-plugin-gate-');
    const p = pluginCopy('fail');
    const env = hookEnv(p, t);
    for (const { event, payload } of payloads()) {
      const r = runPluginHook(p, event, payload, env);
      expect(r.code, event).toBe(0);
      expect(r.stdout, event).toBe('');
    }
    await until(() => statusOf(p)?.state === 'failed', 'the install to fail');
    expect(statusOf(p)!.error).toContain('npm install exited 1');
    expect(statusOf(p)!.error).toContain('E404');
    expect(events(t.home)).toEqual([]);
    const calls = readFileSync(p.npmCalls, 'utf8').trim().split('\n');
    expect(calls.length).toBe(1);
    expect(calls[0]).toContain('better-sqlite3@');
    // A failed attempt is retried later, not by the very next hooks.
    runPluginHook(p, 'UserPromptSubmit', prompt(), env);
    await new Promise((r) => setTimeout(r, 500));
    expect(readFileSync(p.npmCalls, 'utf8').trim().split('\n').length).toBe(1);
    // Nothing of the staging folder is left behind.
    expect(readdirSync(p.data).filter((n) => n.startsWith('native.tmp'))).toEqual([]);
    // doctor shows the failure with a fix line.
    const doc = cli(t, ['doctor'], { env: { CLAUDE_PLUGIN_DATA: p.data } });
    expect(doc.stdout + doc.stderr).toMatch(/plugin: installing native dependencies failed/);
    expect(doc.stdout + doc.stderr).toMatch(/fix: read .*native-install\.log/);
  });

  it('#17.3 one install at a time: a second bootstrap while one runs ends at once', async () => {
    t = tempEnv('sg-plugin-lock-');
    const p = pluginCopy('slow-fail');
    const env = hookEnv(p, t);
    const boot = join(p.root, 'dist', 'plugin-bootstrap.js');
    const first = spawn(process.execPath, [boot], { env, stdio: 'ignore' });
    await until(() => statusOf(p)?.state === 'installing', 'the first install to start');
    const second = spawnSync(process.execPath, [boot], { env, encoding: 'utf8', timeout: 100_000 });
    expect(second.status).toBe(0);
    // Hooks meanwhile start nothing either.
    expect(runPluginHook(p, 'UserPromptSubmit', prompt(), env).stdout).toBe('');
    // doctor meanwhile: an install in progress (its lock is fresh).
    const during = cli(t, ['status'], { env: { CLAUDE_PLUGIN_DATA: p.data } });
    expect(during.stdout).toMatch(/plugin: installing native dependencies .* since /);
    expect(during.stdout).toMatch(/running for \d+ min/);
    const ended = new Promise<void>((r) => first.on('close', () => r()));
    writeFileSync(p.release, '');
    await ended;
    expect(readFileSync(p.npmCalls, 'utf8').trim().split('\n').length).toBe(1);
    expect(statusOf(p)?.state).toBe('failed');
  });

  it('#17.3 doctor: an install whose process died (stale lock) is reported as interrupted, with a fix', () => {
    t = tempEnv('sg-plugin-stale-');
    const p = pluginCopy('fail');
    writeFileSync(
      join(p.data, 'native-status.json'),
      JSON.stringify({ state: 'installing', pins: {}, startedAt: '2026-01-01T00:00:00Z', pid: 999999 }),
    );
    const doc = cli(t, ['doctor'], { env: { CLAUDE_PLUGIN_DATA: p.data } });
    expect(doc.stdout).toMatch(/plugin: an install of the native dependencies .* was interrupted/);
    expect(doc.stdout).toMatch(/fix: start a session/);
  });

  it('#17.3 a FIFO in place of the status file never blocks a hook', () => {
    t = tempEnv('sg-plugin-fifo-');
    const p = pluginCopy('fail');
    execFileSync('mkfifo', [join(p.data, 'native-status.json')]);
    const r = runPluginHook(p, 'UserPromptSubmit', prompt(), hookEnv(p, t));
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('#17.3 ready: the hooks record events, loading the native packages from the data folder', async () => {
    t = tempEnv('sg-plugin-ready-');
    const p = pluginCopy('fail');
    const pins = (
      JSON.parse(readFileSync(join(p.root, 'package.json'), 'utf8')) as {
        nativeDependencies: Record<string, string>;
      }
    ).nativeDependencies;
    // The data folder's node_modules: links to this checkout's copies (what the bootstrap installs).
    const nm = join(p.data, 'native', 'node_modules');
    mkdirSync(nm, { recursive: true });
    for (const n of NATIVE_PACKAGES)
      if (existsSync(join(ROOT, 'node_modules', n))) symlinkSync(join(ROOT, 'node_modules', n), join(nm, n));
    const env = hookEnv(p, t);
    // Ready, but for other versions: still silent (the next install brings the pinned ones).
    writeFileSync(
      join(p.data, 'native-status.json'),
      JSON.stringify({ state: 'ready', pins: { ...pins, 'better-sqlite3': '0.0.1' }, startedAt: '' }),
    );
    runPluginHook(p, 'UserPromptSubmit', prompt(), env);
    expect(events(t.home)).toEqual([]);
    // It started the install of the pinned versions (the fake npm fails it).
    await until(() => statusOf(p)?.state === 'failed', 'the install it started to end');
    writeFileSync(
      join(p.data, 'native-status.json'),
      JSON.stringify({ state: 'ready', pins, startedAt: '' }),
    );
    const r = runPluginHook(p, 'UserPromptSubmit', prompt(), env);
    expect(r.code).toBe(0);
    expect(events(t.home).map((e) => e.type)).toContain('prompt');
  });
  it('#23.1 not ready: events are kept (redacted); after a failure the next SessionStart tells the user once, with the fix', async () => {
    t = tempEnv('sg-plugin-notice-');
    const p = pluginCopy('fail');
    const env = hookEnv(p, t);
    const secret = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    const all = payloads();
    for (const { event, payload } of all) {
      const r = runPluginHook(
        p,
        event,
        event === 'UserPromptSubmit' ? { ...(payload as object), prompt: `use ${secret}` } : payload,
        env,
      );
      expect(r.stdout, event).toBe('');
    }
    await until(() => statusOf(p)?.state === 'failed', 'the install to fail');
    const kept = readdirSync(join(p.data, 'spool'));
    expect(kept.length).toBe(all.length);
    const text = kept.map((n) => readFileSync(join(p.data, 'spool', n), 'utf8')).join('\n');
    expect(text).toContain('use ');
    expect(text).not.toContain(secret);
    expect(events(t.home)).toEqual([]);
    const start = all.find((x) => x.event === 'SessionStart')!.payload;
    const once = runPluginHook(p, 'SessionStart', start, env);
    const out = JSON.parse(once.stdout) as {
      systemMessage: string;
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(out.systemMessage).toMatch(
      /not recording yet: installing its native dependencies failed \(npm install exited 1\)/,
    );
    expect(out.systemMessage).toContain('native-install.log');
    expect(out.systemMessage).toContain('plugin-bootstrap.js');
    expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(runPluginHook(p, 'SessionStart', start, env).stdout).toBe('');
  });

  it('#23.1 once installed (npm pointed at the local Node headers), the kept events are recorded in order with their own times; bin/self-gen runs the CLI', async () => {
    t = tempEnv('sg-plugin-replay-');
    const p = pluginCopy('link');
    const env = hookEnv(p, t);
    for (const { event, payload } of payloads()) runPluginHook(p, event, payload, env);
    const sent = Date.now();
    await until(
      () => statusOf(p)?.state === 'ready' && readdirSync(join(p.data, 'spool')).length === 0,
      'the install to be ready and the spool replayed',
    );
    expect(readFileSync(join(p.data, 'native-install.log'), 'utf8')).toContain(
      `nodedir=${join(process.execPath, '..', '..')}`,
    );
    const db = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
    const rows = db.prepare('SELECT type, ts FROM events ORDER BY id').all() as {
      type: string;
      ts: string;
    }[];
    db.close();
    expect(rows.map((r) => r.type)).toContain('prompt');
    expect(rows[0]!.type).toBe('session_start');
    // Stamped when the hook ran, not when it was replayed (the fake npm took 2 s more).
    for (const r of rows) expect(Date.parse(r.ts)).toBeLessThanOrEqual(sent);
    const cli = spawnSync(join(p.data, 'bin', 'self-gen'), ['events', '-n', '50'], {
      env: t.env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('prompt');
  });
  it('#23.2 doctor under the plugin: the MCP tools by their plugin names, never `self-gen install`; both forms at once are flagged', () => {
    t = tempEnv('sg-plugin-doctor-');
    const p = pluginCopy('fail');
    const plugins = join(t.env.HOME!, '.claude', 'plugins');
    mkdirSync(plugins, { recursive: true });
    writeFileSync(
      join(plugins, 'installed_plugins.json'),
      JSON.stringify({
        version: 2,
        plugins: { 'self-generation@self-generation': [{ installPath: p.root }] },
      }),
    );
    const doctor = () => cli(t!, ['doctor'], { cwd: t!.project });
    const alone = doctor();
    expect(alone.stdout).toContain('mcp__plugin_self-generation_self-generation__*');
    expect(alone.stdout + alone.stderr).not.toMatch(/self-gen install/);
    expect(alone.stdout).not.toMatch(/recorded twice/);
    const inst = cli(t, ['install'], { cwd: t.project });
    expect(inst.code, inst.stderr).toBe(0);
    const both = doctor();
    expect(both.stdout).toMatch(
      /the plugin and hooks in settings\.json are both installed: every event is recorded twice/,
    );
    expect(both.stdout).toMatch(/fix: keep one: `self-gen uninstall`/);
  });
});
