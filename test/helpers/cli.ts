// The built CLI (dist/cli.js, the `self-gen` command) as a test runs it: the one place a test starts
// it (test/unit/guard-test-helpers.test.ts). Timeouts guard against hangs only, sized for a machine
// 5x slower than the development machine.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_JS, ROOT, type TempEnv } from './env.js';
import { requireDist } from './build-once.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Set over the base environment. */
  env?: NodeJS.ProcessEnv;
  /** Written to stdin (stdin is closed either way: EOF). */
  input?: string;
  cwd?: string;
  /** Killed after this many milliseconds (default 120 s). */
  timeout?: number;
  /** Run as this user and group (a test running as root that needs file modes to apply). */
  uid?: number;
  gid?: number;
  /** Start the package's `bin` (package.json: dist/cli.cjs) instead of dist/cli.js. */
  bin?: boolean;
}

/** The file package.json's `bin` names for `self-gen`. */
export const cliBin = (): string =>
  join(
    ROOT,
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin[
      'self-gen'
    ]!,
  );

const TIMEOUT = 120_000;

/** A temporary home's environment, or an environment as is. */
const baseEnv = (h: TempEnv | NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  typeof h.cleanup === 'function' && typeof h.env === 'object'
    ? (h as TempEnv).env
    : (h as NodeJS.ProcessEnv);

/** Runs `self-gen <args>` to its end. */
export function cli(h: TempEnv | NodeJS.ProcessEnv, args: string[], o: CliOptions = {}): CliRun {
  const r = spawnSync(process.execPath, [o.bin ? cliBin() : CLI_JS, ...args], {
    env: { ...baseEnv(h), ...o.env },
    cwd: o.cwd,
    input: o.input,
    ...(o.uid !== undefined ? { uid: o.uid, gid: o.gid ?? o.uid } : {}),
    encoding: 'utf8',
    timeout: o.timeout ?? TIMEOUT,
    killSignal: 'SIGKILL',
  });
  // r.error: the CLI did not start, or was killed by the timeout
  return {
    code: r.status,
    stdout: r.stdout ?? '',
    stderr: (r.stderr ?? '') + (r.error ? String(r.error) : ''),
  };
}

/** The CLI as a child process (for runs side by side); `output` is stdout and stderr as they came. */
export function cliAsync(
  h: TempEnv | NodeJS.ProcessEnv,
  args: string[],
  o: CliOptions = {},
): Promise<CliRun & { output: string }> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [CLI_JS, ...args], {
      env: { ...baseEnv(h), ...o.env },
      cwd: o.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    c.stdout.on('data', (d) => ((stdout += d), (output += d)));
    c.stderr.on('data', (d) => ((stderr += d), (output += d)));
    const timer = setTimeout(() => c.kill('SIGKILL'), o.timeout ?? TIMEOUT);
    c.on('error', reject);
    c.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
    c.stdin.on('error', () => {});
    c.stdin.end(o.input ?? '');
  });
}

/** The CLI left running (a server such as `ui` or `mcp`); the caller ends it. */
export function cliProcess(
  h: TempEnv | NodeJS.ProcessEnv,
  args: string[],
  o: Omit<SpawnOptions, 'env'> & { env?: NodeJS.ProcessEnv } = {},
): ChildProcess {
  return spawn(process.execPath, [CLI_JS, ...args], { ...o, env: { ...baseEnv(h), ...o.env } });
}

/** Runs the CLI on a pseudo-terminal (util-linux `script`), typing `answer` when asked. */
export function cliOnTty(
  h: TempEnv | NodeJS.ProcessEnv,
  args: string[],
  answer: string,
  o: CliOptions = {},
): CliRun {
  const r = spawnSync(
    'sh',
    [
      '-c',
      `(sleep 1.5; printf '${answer}\\n') | script -qec '${process.execPath} ${CLI_JS} ${args.join(' ')}' /dev/null`,
    ],
    { env: { ...baseEnv(h), ...o.env }, cwd: o.cwd, encoding: 'utf8', timeout: o.timeout ?? TIMEOUT },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A shell command line that runs the CLI (for a `self-gen` shim on PATH). */
export const cliCommandLine = (): string => `"${process.execPath}" "${CLI_JS}"`;

/** Whether dist/cli.js is built. */
export const cliBuilt = (): boolean => existsSync(CLI_JS);

/** Checks that dist/ is built (test/helpers/build-once.ts builds it once before the run; no file rebuilds it). */
export function ensureCliBuilt(): void {
  requireDist();
}
