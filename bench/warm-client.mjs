// One warm hook alone, client against client (#15): the same payloads through the curl client
// (`sh dist/hook-warm.sh <Event> <socket>`) and the bash client (`<bash> dist/hook-warm.bash <Event>
// <port file>`) against one running warm server on a fresh data home, runs alternating so both see
// the same machine; plus the floors (`sh -c :`, `bash -c :`, `curl --version`). Medians and p95 in ms.
//   node bench/warm-client.mjs            (BENCH_RUNS=50 by default; needs `npm run build` first)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS) || 50;
const WARMUP = 5;
const BASH = process.env.BENCH_BASH ?? '/bin/bash';
const dir = mkdtempSync(join(tmpdir(), 'sg-bench-client-'));
const home = join(dir, 'home');
const project = join(dir, 'proj');
mkdirSync(project, { recursive: true });
const env = {
  ...process.env,
  SELF_GEN_HOME: home,
  HOME: dir,
  SELF_GEN_NO_BACKGROUND: '1',
  SELF_GEN_NO_HOOK_SERVER: '1',
  CLAUDE_PROJECT_DIR: project,
};
const sock = join(home, 'run', 'hooks.sock');
const portFile = join(home, 'run', 'hook-server.port');

const cli = (args) =>
  spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], { env, stdio: 'ignore' });
cli([
  'kb',
  'add',
  'cat: /nonexistent/dir/file.txt: No such file or directory',
  '-r',
  'create the folder first',
  '-t',
  'Bash',
]);

const server = spawn(process.execPath, [join(ROOT, 'dist', 'hook-server.js')], {
  env,
  stdio: 'ignore',
  detached: true,
});
for (let i = 0; i < 200 && !existsSync(portFile); i++) spawnSync('sleep', ['0.05']);
if (!existsSync(portFile)) {
  console.error('the hook server did not start');
  process.exit(1);
}

const base = { session_id: 'bench-client', cwd: project, transcript_path: join(dir, 'none.jsonl') };
const PAYLOADS = {
  'PreToolUse Bash (no advice)': {
    ...base,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls -la' },
    tool_use_id: 'b1',
  },
  'PreToolUse Write 6 KB': {
    ...base,
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_input: { file_path: join(project, 'a.txt'), content: 'lorem ipsum '.repeat(500) },
    tool_use_id: 'w1',
  },
  'PostToolUseFailure (KB advice)': {
    ...base,
    hook_event_name: 'PostToolUseFailure',
    tool_name: 'Bash',
    tool_input: { command: 'cat /nonexistent/dir/file.txt' },
    tool_use_id: 'f1',
    error: 'Exit code 1\ncat: /nonexistent/dir/file.txt: No such file or directory',
  },
};

const time = (cmd, args, input) => {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { input, env, encoding: 'utf8' });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, out: r.stdout ?? '' };
};
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(0.95 * s.length))] };
};
const f = (x) => x.toFixed(1).padStart(6);

const floors = {
  'sh -c :': ['sh', ['-c', ':']],
  'bash -c :': [BASH, ['-c', ':']],
  'curl --version': ['curl', ['--version']],
};
const rows = [];
for (const [name, [cmd, args]] of Object.entries(floors)) {
  for (let i = 0; i < WARMUP; i++) time(cmd, args, '');
  const xs = [];
  for (let i = 0; i < RUNS; i++) xs.push(time(cmd, args, '').ms);
  rows.push({ name: `floor: ${name}`, ...stats(xs) });
}
console.log(
  `one warm hook alone, ${RUNS} runs each after ${WARMUP} warm-ups, the two clients alternating (ms)`,
);
console.log(`${'what'.padEnd(34)} ${'median'.padStart(6)} ${'p95'.padStart(6)}`);
for (const r of rows) console.log(`${r.name.padEnd(34)} ${f(r.median)} ${f(r.p95)}`);
const result = { runs: RUNS, floors: rows, hooks: [] };
for (const [name, payload] of Object.entries(PAYLOADS)) {
  const input = JSON.stringify(payload);
  const ev = payload.hook_event_name;
  const curlArgs = [join(ROOT, 'dist', 'hook-warm.sh'), ev, sock];
  const bashArgs = [join(ROOT, 'dist', 'hook-warm.bash'), ev, portFile];
  for (let i = 0; i < WARMUP; i++) {
    time('sh', curlArgs, input);
    time(BASH, bashArgs, input);
  }
  const c = [];
  const b = [];
  let same = true;
  for (let i = 0; i < RUNS; i++) {
    const rc = time('sh', curlArgs, input);
    const rb = time(BASH, bashArgs, input);
    c.push(rc.ms);
    b.push(rb.ms);
    if (rc.out !== rb.out) same = false;
  }
  const sc = stats(c);
  const sb = stats(b);
  result.hooks.push({ hook: name, bytes: Buffer.byteLength(input), curl: sc, bash: sb, sameOutput: same });
  console.log(`${`${name} (${Buffer.byteLength(input)} B)`.padEnd(34)}`);
  console.log(`${'  curl client (sh + curl)'.padEnd(34)} ${f(sc.median)} ${f(sc.p95)}`);
  console.log(
    `${'  bash client (builtins only)'.padEnd(34)} ${f(sb.median)} ${f(sb.p95)}   ${(sb.median / sc.median).toFixed(2)}× curl${same ? '' : '  (outputs differ!)'}`,
  );
}
try {
  process.kill(server.pid, 'SIGTERM');
} catch {}
spawnSync('sleep', ['0.3']);
rmSync(dir, { recursive: true, force: true });
if (process.env.BENCH_JSON) console.log(JSON.stringify(result));
