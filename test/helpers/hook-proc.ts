// Runs the built hook entry (dist/hook.cjs) as Claude Code does: payload on stdin, JSON on stdout.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, HOOK_JS, ROOT } from './env.js';

export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runHook(
  event: string,
  stdin: string | Buffer | object,
  env: NodeJS.ProcessEnv,
  opts: { timeoutMs?: number; cwd?: string; uid?: number; gid?: number } = {},
): Promise<HookRun> {
  const body = typeof stdin === 'string' || Buffer.isBuffer(stdin) ? stdin : JSON.stringify(stdin);
  return runWithInput(process.execPath, [HOOK_JS, event], body, { env, ...opts });
}

/** Runs a command with `body` on stdin; killed (SIGKILL) after timeoutMs (default 100 s: a guard against hangs, sized for a slow machine). */
export function runWithInput(
  command: string,
  args: string[],
  body: string | Buffer,
  opts: { env: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string; uid?: number; gid?: number },
): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: opts.env,
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid ?? opts.uid } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(body);
  });
}

/** The fixture payloads in firing order, with cwd/paths rewritten to a local project. */
export function fixturePayloads(rewrite: {
  project: string;
  transcriptDir?: string;
}): { event: string; payload: Record<string, unknown> }[] {
  const dir = join(FIXTURES, 'hook-payloads');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8')
        .replaceAll('/home/dev/proj', rewrite.project)
        .replaceAll('/home/dev/.claude', rewrite.transcriptDir ?? '/nonexistent/.claude');
      const payload = JSON.parse(text) as Record<string, unknown>;
      return { event: String(payload.hook_event_name), payload };
    });
}

/** One JSON object or nothing: what every hook must print. */
export function parseHookOutput(stdout: string): Record<string, unknown> | null {
  const t = stdout.trim();
  if (!t) return null;
  const lines = t.split('\n');
  if (lines.length !== 1) throw new Error(`hook printed ${lines.length} lines: ${t.slice(0, 200)}`);
  return JSON.parse(t) as Record<string, unknown>;
}

/** Runs a job of the built worker (dist/worker.js) to its end, as a hook's detached spawn would. */
export function runWorkerJob(job: string, env: NodeJS.ProcessEnv): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'worker.js'), job], { env, timeout: 60_000 });
  if (r.status !== 0) throw new Error(`worker ${job} exited ${r.status}: ${String(r.stderr)}`);
}
