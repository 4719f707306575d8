/**
 * End-to-end harness: the real Claude Code CLI (`node_modules/.bin/claude`, pinned 2.1.197) run
 * headless against the local Anthropic stub, in a temporary git project and a temporary HOME
 * where the built package was installed with `self-gen install`.
 *
 * ```ts
 * const p = await createE2EProject({ files: { 'check.sh': '…' }, agents: { executor: 'Executes code changes' } });
 * const run = await p.runClaude({ prompt: 'go', script: { main: [[toolUse('Bash', { command: 'sh check.sh' })], 'Done.'] } });
 * run.main[1];                 // the request the model got after the Bash call
 * contextsOf(run.main[1], 'PostToolUseFailure', 'Bash');
 * p.events('tool_error');      // what self-generation recorded
 * p.cleanup();
 * ```
 *
 * Nothing leaves the machine: the CLI talks only to the stub on 127.0.0.1 (ANTHROPIC_BASE_URL),
 * nonessential traffic and the autoupdater are off, and every run is killed at its timeout.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { hookContexts, startAnthropicStub, type StubRequest, type StubScript } from './anthropic-stub.js';
import { cli } from './cli.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI_JS = join(ROOT, 'dist', 'cli.js');
export const HOOK_JS = join(ROOT, 'dist', 'hook.cjs');
/** The Claude Code CLI: the dev dependency's binary, or E2E_CLAUDE_BIN (another build, or a path that does not exist to see the skip). */
export const CLAUDE_BIN = process.env.E2E_CLAUDE_BIN || join(ROOT, 'node_modules', '.bin', 'claude');
/** The Claude Code version these tests were written against (hook and request formats change). */
export const PINNED_CLAUDE_VERSION = '2.1.197';

export const DEFAULT_ALLOWED_TOOLS = ['Bash', 'Edit', 'Write', 'Read', 'Agent'];

let availability: { ok: boolean; reason: string; version: string | null } | undefined;

/**
 * Whether the Claude Code CLI can run here: the binary exists and `claude --version` answers.
 * `reason` says what is missing (used as the skip message).
 */
export function claudeAvailability(): { ok: boolean; reason: string; version: string | null } {
  if (availability) return availability;
  if (!existsSync(CLAUDE_BIN)) {
    availability = {
      ok: false,
      reason: `${CLAUDE_BIN} is absent: install the dev dependency @anthropic-ai/claude-code@${PINNED_CLAUDE_VERSION} (npm install) to run the end-to-end tests`,
      version: null,
    };
    return availability;
  }
  const r = spawnSync(CLAUDE_BIN, ['--version'], {
    encoding: 'utf8',
    timeout: 150_000,
    env: cleanEnv({ HOME: tmpdir() }),
  });
  const version = /(\d+\.\d+\.\d+)/.exec(r.stdout ?? '')?.[1] ?? null;
  if (r.status !== 0 || !version) {
    availability = {
      ok: false,
      reason: `${CLAUDE_BIN} --version failed (status ${r.status}${r.error ? `, ${r.error.message}` : ''}): its native binary may be missing (npm install --foreground-scripts, or check that optional dependencies were installed)`,
      version,
    };
    return availability;
  }
  availability = { ok: true, reason: '', version };
  if (version !== PINNED_CLAUDE_VERSION) {
    process.stderr.write(
      `[e2e] warning: claude ${version} installed, tests were written for ${PINNED_CLAUDE_VERSION}\n`,
    );
  }
  return availability;
}

/** Throws a clear error when dist/ is missing (run `npm run build`, or use `npm run test:e2e`). */
export function requireBuild(): void {
  for (const f of [CLI_JS, HOOK_JS]) {
    if (!existsSync(f))
      throw new Error(`${f} is missing: build first (npm run build), or run npm run test:e2e which builds`);
  }
}

const STRIP =
  /^(ANTHROPIC_|CLAUDE_|CLAUDECODE|SELF_GEN_|HTTPS?_PROXY|ALL_PROXY|NO_PROXY|XDG_|VITEST|npm_|GIT_CONFIG|GIT_DIR$|GIT_WORK_TREE$)/i;

/**
 * process.env without anything that could point Claude Code or self-generation elsewhere, and
 * without the user's own npm and git configuration: npm's global npmrc and git's global and system
 * config are not read (the user npmrc is the one in the HOME the caller gives, a temporary folder).
 */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    npm_config_globalconfig: '/dev/null',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
  };
  for (const [k, v] of Object.entries(process.env)) if (!STRIP.test(k) && v !== undefined) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The parsed `--output-format json` result of `claude -p`. */
export interface ClaudeResult {
  type?: string;
  subtype?: string;
  is_error?: boolean;
  result?: string;
  session_id?: string;
  num_turns?: number;
  [k: string]: unknown;
}

export interface RunClaudeOptions {
  prompt: string;
  script: StubScript;
  /** Default: Bash Edit Write Read Agent (root cannot use --dangerously-skip-permissions). */
  allowedTools?: string[];
  /** Killed (whole process group) after this; default 90 s. */
  timeoutMs?: number;
  /** More CLI arguments. */
  args?: string[];
  /** More environment (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Working directory relative to the project (default: the project root). */
  cwd?: string;
}

export interface ClaudeRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  result: ClaudeResult | null;
  sessionId: string | null;
  ms: number;
  /** Every request the stub received during this run. */
  requests: StubRequest[];
  /** The main conversation's message requests, in order (main[n] holds n assistant turns). */
  main: StubRequest[];
  /** The message requests of the subagent conversation(s) with this marker. */
  subagent(marker: string): StubRequest[];
  /** The session transcript (jsonl lines), when found. */
  transcript(): Record<string, unknown>[];
  /** A readable digest of the run for assertion messages: requests, hook contexts, stderr, hook log. */
  summary(): string;
}

export interface E2EProjectOptions {
  /** Files written into the project before the first commit (path relative to the project). */
  files?: Record<string, string>;
  /** Custom subagent types: name → description, or { description, prompt }. Written to .claude/agents/<name>.md. */
  agents?: Record<string, string | { description: string; prompt?: string }>;
  /** Run `self-gen install` (user scope, into the temporary HOME). Default true. */
  install?: boolean;
  /** Written to $SELF_GEN_HOME/config.json. */
  config?: Record<string, unknown>;
  /** Project folder name (it becomes the project name). Default `e2e-proj`. */
  name?: string;
}

export interface EventRow {
  id: number;
  type: string;
  ts: string;
  session_id: string | null;
  project: string | null;
  project_path: string | null;
  data: Record<string, unknown>;
}

export class E2EProject {
  /** Temporary root of everything below. */
  readonly root: string;
  /** HOME of the CLI and of `self-gen` (settings.json, transcripts). */
  readonly home: string;
  /** SELF_GEN_HOME (database, config). */
  readonly dataHome: string;
  /** The git project Claude Code runs in. */
  readonly dir: string;
  readonly runs: ClaudeRun[] = [];

  constructor(name = 'e2e-proj') {
    this.root = realpathSync(mkdtempSync(join(tmpdir(), 'sg-e2e-')));
    this.home = join(this.root, 'home');
    this.dataHome = join(this.root, 'sg-home');
    this.dir = join(this.root, name);
    for (const d of [this.home, this.dir, join(this.home, '.config'), join(this.home, '.cache')])
      mkdirSync(d, { recursive: true });
  }

  /** Environment for `self-gen` and for Claude Code (and so for the hooks it runs). */
  env(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
    return cleanEnv({
      HOME: this.home,
      SELF_GEN_HOME: this.dataHome,
      SELF_GEN_DEBUG: '1',
      // No detached workers/daemons outliving the test (they would touch a deleted temp dir).
      SELF_GEN_NO_BACKGROUND: '1',
      SELF_GEN_NO_DAEMON: '1',
      XDG_CONFIG_HOME: join(this.home, '.config'),
      XDG_CACHE_HOME: join(this.home, '.cache'),
      HF_HUB_OFFLINE: '1',
      TRANSFORMERS_OFFLINE: '1',
      NO_PROXY: '127.0.0.1,localhost',
      ...extra,
    });
  }

  /** Runs `node dist/cli.js <args>` (the `self-gen` command) in the project. */
  selfGen(args: string[], opts: { cwd?: string; timeoutMs?: number; input?: string } = {}): CommandResult {
    return cli(this.env(), args, {
      cwd: opts.cwd ? resolve(this.dir, opts.cwd) : this.dir,
      timeout: opts.timeoutMs ?? 150_000,
      input: opts.input,
    });
  }

  /** Like selfGen, but throws (with its output) when it exits non-zero. Returns stdout. */
  selfGenOk(args: string[], opts: { cwd?: string; timeoutMs?: number; input?: string } = {}): string {
    const r = this.selfGen(args, opts);
    if (r.code !== 0)
      throw new Error(`self-gen ${args.join(' ')} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  }

  install(): string {
    return this.selfGenOk(['install']);
  }

  uninstall(): string {
    return this.selfGenOk(['uninstall']);
  }

  /** $HOME/.claude/settings.json, parsed ({} when absent). */
  settings(): Record<string, unknown> {
    const f = join(this.home, '.claude', 'settings.json');
    return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>) : {};
  }

  path(rel: string): string {
    return resolve(this.dir, rel);
  }

  writeFile(rel: string, text: string, mode?: number): void {
    const f = this.path(rel);
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, text, mode === undefined ? undefined : { mode });
  }

  readFile(rel: string): string {
    return readFileSync(this.path(rel), 'utf8');
  }

  exists(rel: string): boolean {
    return existsSync(this.path(rel));
  }

  remove(rel: string): void {
    rmSync(this.path(rel), { recursive: true, force: true });
  }

  /** A custom subagent type (Claude Code refuses unknown `subagent_type`s). */
  addAgent(
    name: string,
    description: string,
    prompt = `You are the ${name} agent. Do the task you are given.`,
  ): void {
    this.writeFile(
      `.claude/agents/${name}.md`,
      `---\nname: ${name}\ndescription: ${description}\n---\n${prompt}\n`,
    );
  }

  git(...args: string[]): CommandResult {
    const r = spawnSync(
      'git',
      ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: this.dir,
        env: this.env(),
        encoding: 'utf8',
        timeout: 150_000,
      },
    );
    return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  }

  /** Runs `claude -p <prompt> --output-format json --allowedTools …` against a fresh stub playing `script`. */
  async runClaude(opts: RunClaudeOptions): Promise<ClaudeRun> {
    const stub = await startAnthropicStub(opts.script);
    const tools = opts.allowedTools ?? DEFAULT_ALLOWED_TOOLS;
    const args = [
      '-p',
      opts.prompt,
      '--output-format',
      'json',
      '--allowedTools',
      tools.join(' '),
      ...(opts.args ?? []),
    ];
    const env = this.env({
      ANTHROPIC_BASE_URL: stub.baseUrl,
      ANTHROPIC_API_KEY: 'sk-ant-e2e-stub-key',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      // Claude Code 2.1.197 -p connects MCP servers without blocking and waits only 2 s for them
      // before its first request; with MCP_CONNECTION_NONBLOCKING=0 it waits for the configured
      // servers up to MCP_CONNECT_TIMEOUT_MS (default 5 s: too short on a loaded machine). A
      // plugin's servers come later still: scripts use callsWhenOffered for them.
      MCP_CONNECTION_NONBLOCKING: '0',
      MCP_CONNECT_TIMEOUT_MS: '120000',
      ...opts.env,
    });
    const t0 = Date.now();
    const timeoutMs = opts.timeoutMs ?? 300_000;
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (done) => {
        // Its own process group, so a timeout kills the CLI and the hooks it started.
        const child = spawn(CLAUDE_BIN, args, {
          cwd: opts.cwd ? resolve(this.dir, opts.cwd) : this.dir,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const timer = setTimeout(() => {
          timedOut = true;
          try {
            if (child.pid) process.kill(-child.pid, 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
        }, timeoutMs);
        child.on('error', (e) => {
          stderr += String(e);
        });
        child.on('close', (c, s) => {
          clearTimeout(timer);
          done({ code: c, signal: s });
        });
      },
    );
    const ms = Date.now() - t0;
    await stub.close();
    // What the detached worker does after a session (background work is off in these tests): the
    // fix policy judges the fixes learned, so the next session may offer them.
    spawnSync(process.execPath, [join(ROOT, 'dist', 'worker.js'), 'fix-policy'], {
      env: this.env(),
      timeout: 120_000,
    });
    let result: ClaudeResult | null = null;
    try {
      result = JSON.parse(stdout.trim()) as ClaudeResult;
    } catch {}
    const requests = [...stub.requests];
    const sessionId =
      result?.session_id ??
      (requests.map((r) => r.headers['x-claude-code-session-id']).find((h) => typeof h === 'string') as
        string | undefined) ??
      null;
    const run: ClaudeRun = {
      code,
      signal,
      timedOut,
      stdout,
      stderr,
      result,
      sessionId,
      ms,
      requests,
      main: requests.filter((r) => r.conversation === 'main'),
      subagent: (marker) => requests.filter((r) => r.conversation === marker),
      transcript: () => this.transcript(sessionId),
      summary: () => this.summarize(run),
    };
    this.runs.push(run);
    if (process.env.E2E_VERBOSE === '1') process.stderr.write(`[e2e] ${run.summary()}\n`);
    return run;
  }

  /** The transcript lines of a session (from $HOME/.claude/projects/<project>/<session>.jsonl). */
  transcript(sessionId: string | null): Record<string, unknown>[] {
    if (!sessionId) return [];
    const base = join(this.home, '.claude', 'projects');
    if (!existsSync(base)) return [];
    for (const d of readdirSync(base)) {
      const f = join(base, d, `${sessionId}.jsonl`);
      if (existsSync(f)) {
        return readFileSync(f, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .flatMap((l) => {
            try {
              return [JSON.parse(l) as Record<string, unknown>];
            } catch {
              return [];
            }
          });
      }
    }
    return [];
  }

  /** The tail of self-generation's hook log (SELF_GEN_DEBUG=1 is set for every run). */
  hookLog(lines = 40): string {
    const f = join(this.dataHome, 'logs', 'hooks.log');
    if (!existsSync(f)) return '';
    return readFileSync(f, 'utf8').split('\n').slice(-lines).join('\n');
  }

  summarize(run: ClaudeRun): string {
    const out: string[] = [
      `claude exit ${run.code}${run.signal ? ` (${run.signal})` : ''}${run.timedOut ? ' TIMED OUT' : ''} in ${run.ms} ms, session ${run.sessionId}`,
      `result: ${run.result ? JSON.stringify(run.result.result).slice(0, 200) : `(not JSON) ${run.stdout.slice(0, 300)}`}`,
    ];
    for (const r of run.requests) {
      out.push(
        `#${r.seq} ${r.method} ${r.url} → ${r.status} ${r.conversation}${r.turn >= 0 ? ` turn ${r.turn}` : ''}${r.usedFallback ? ' (fallback)' : ''}`,
      );
      if (r.turn >= 0) {
        for (const c of hookContexts(r).filter((c) => c.message >= (r.body?.messages?.length ?? 0) - 2)) {
          out.push(`    ${c.event}${c.tool ? `:${c.tool}` : ''} → ${JSON.stringify(c.text.slice(0, 300))}`);
        }
      }
    }
    if (run.stderr.trim()) out.push(`stderr: ${run.stderr.trim().slice(0, 1000)}`);
    const log = this.hookLog(20);
    if (log.trim()) out.push(`hooks.log (tail):\n${log}`);
    return out.join('\n');
  }

  /** Events recorded by self-generation (newest last), optionally of one type. */
  events(type?: string): EventRow[] {
    return this.query<EventRow & { data: string }>(
      `SELECT id, type, ts, session_id, project, project_path, data FROM events ${type ? 'WHERE type = ?' : ''} ORDER BY id`,
      type ? [type] : [],
    ).map((r) => ({ ...r, data: safeJson(r.data) }));
  }

  /** Rows of the error knowledge base. */
  errorKb(): Record<string, unknown>[] {
    return this.query('SELECT * FROM error_kb ORDER BY id');
  }

  /** A read-only query on self-generation's database ([] when there is none yet). */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): T[] {
    const file = join(this.dataHome, 'data', 'self-gen.db');
    if (!existsSync(file)) return [];
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  }

  cleanup(): void {
    if (process.env.E2E_KEEP === '1') {
      process.stderr.write(`[e2e] kept ${this.root}\n`);
      return;
    }
    // a background process of the session (the worker, the warm server) may still write for a moment
    rmSync(this.root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

function safeJson(s: string): Record<string, unknown> {
  try {
    return JSON.parse(s) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A temporary git project with the package installed into a temporary HOME (see E2EProjectOptions). */
export async function createE2EProject(opts: E2EProjectOptions = {}): Promise<E2EProject> {
  requireBuild();
  const p = new E2EProject(opts.name);
  for (const [rel, text] of Object.entries(opts.files ?? {})) p.writeFile(rel, text);
  for (const [name, a] of Object.entries(opts.agents ?? {})) {
    if (typeof a === 'string') p.addAgent(name, a);
    else p.addAgent(name, a.description, a.prompt);
  }
  const init = p.git('init', '-q');
  if (init.code !== 0) throw new Error(`git init failed: ${init.stderr}`);
  p.git('add', '-A');
  p.git('commit', '-q', '--allow-empty', '-m', 'e2e fixture');
  if (opts.config) {
    mkdirSync(p.dataHome, { recursive: true, mode: 0o700 });
    writeFileSync(join(p.dataHome, 'config.json'), JSON.stringify(opts.config, null, 2));
  }
  if (opts.install !== false) p.install();
  return p;
}
