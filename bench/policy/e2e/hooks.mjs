// Runs hooks the way the installed entries do: warm mode (the default of `self-gen install` where a
// bash >= 4 or curl exists: dist/hook-warm.bash or dist/hook-warm.sh in front of the warm hook server,
// dist/hook-server.js) or process mode (`node dist/hook.cjs <Event>`), and only for the events and
// tools the installed configuration registers (PostToolUse only for Agent/Task: the other tools'
// successes are read from the transcript). Payload on stdin; every hook must exit 0 and print
// nothing or one JSON object — anything else is recorded as a problem.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as pause } from 'node:timers/promises';

/** A bash >= 4 (the bash client needs `read -N`), as `self-gen hooks` looks for one; or null. */
function bash4() {
  for (const b of ['/bin/bash', '/usr/bin/bash', '/usr/local/bin/bash', '/opt/homebrew/bin/bash']) {
    if (!existsSync(b)) continue;
    const r = spawnSync(b, ['-c', 'echo "${BASH_VERSINFO[0]}"'], { encoding: 'utf8', timeout: 5000 });
    if (Number(r.stdout?.trim()) >= 4) return b;
  }
  return null;
}

function run(command, args, body, env, cwd) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // a guard against a hang, sized for a slow machine: never what a hook should take
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('error', (e) => resolve({ code: -1, stdout, stderr: String(e) }));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(body);
  });
}

/** Every string in a parsed hook answer (additionalContext, systemMessage, reason…), one per line. */
export function strings(v) {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

/**
 * Which hooks the installed configuration registers (hooks/hooks.json, the plugin's table, the same
 * as `self-gen install` writes): `fires(event, tool)` as Claude Code decides it from the matchers.
 */
export function installedHooks(root) {
  const table = JSON.parse(readFileSync(join(root, 'hooks', 'hooks.json'), 'utf8')).hooks;
  return (event, tool) =>
    (table[event] ?? []).some(
      (g) =>
        !g.matcher ||
        g.matcher === '*' ||
        (tool !== undefined && new RegExp(`^(?:${g.matcher})$`).test(tool)),
    );
}

/**
 * The hook runner of `root` (the built package) on data home env.SELF_GEN_HOME: `mode` 'warm'
 * (falls back to 'process' when no client can run) or 'process'. `run(event, payload)` gives what
 * reached Claude (every string of the answer, joined) and records protocol problems.
 */
export async function startHooks(root, env, mode = 'warm') {
  const HOOK = join(root, 'dist', 'hook.cjs');
  const problems = [];
  let server = null;
  let client = null;
  if (mode === 'warm') {
    const bash = bash4();
    const curl = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
    if (bash || curl) {
      server = spawn(process.execPath, [join(root, 'dist', 'hook-server.js')], { env, stdio: 'ignore' });
      server.on('error', () => {});
      const portFile = join(env.SELF_GEN_HOME, 'run', 'hook-server.port');
      const until = Date.now() + 60_000;
      while (!existsSync(portFile) && Date.now() < until) await pause(50);
      if (!existsSync(portFile)) throw new Error('the warm hook server did not start within 60 s');
      const socket = readFileSync(portFile, 'utf8').trim().split(/\s+/)[3];
      client = bash
        ? (event) => [bash, ['-p', join(root, 'dist', 'hook-warm.bash'), event, portFile]]
        : (event) => ['sh', [join(root, 'dist', 'hook-warm.sh'), event, socket]];
    } else mode = 'process';
  }
  if (!client) client = (event) => [process.execPath, [HOOK, event]];
  let calls = 0;
  const fires = installedHooks(root);
  return {
    mode,
    problems,
    serverPid: server?.pid ?? null,
    get calls() {
      return calls;
    },
    /** Whether Claude Code runs a hook for this event (and tool) with the installed configuration. */
    fires,
    async run(event, payload) {
      if (!fires(event, payload.tool_name)) return '';
      calls++;
      const [cmd, args] = client(event);
      const r = await run(cmd, args, JSON.stringify(payload), env, payload.cwd);
      const out = r.stdout.trim();
      const where = `${event}${payload.tool_name ? `:${payload.tool_name}` : ''}`;
      if (r.code !== 0) problems.push(`${where} exited ${r.code}: ${r.stderr.slice(0, 300)}`);
      if (!out) return '';
      if (out.includes('\n')) problems.push(`${where} printed ${out.split('\n').length} lines`);
      try {
        return strings(JSON.parse(out)).join('\n');
      } catch {
        problems.push(`${where} printed what is not JSON: ${out.slice(0, 200)}`);
        return out;
      }
    },
    async stop() {
      if (!server || server.exitCode !== null) return;
      server.kill('SIGTERM');
      const until = Date.now() + 30_000;
      while (server.exitCode === null && server.signalCode === null && Date.now() < until) await pause(50);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    },
  };
}
