#!/usr/bin/env node
/* global structuredClone, performance */
// Benchmark of the shared context hooks as whole processes (SubagentStart < 500 ms,
// SubagentStop < 2000 ms; aim < 150 ms), against the built dist/ — run `node scripts/build.mjs` first.
//
//   node bench/shared-context.mjs [--runs 30] [--entries 50] [--json]
//
// A temporary data home and project get a session with `--entries` entries (made by real
// SubagentStop processes), then each hook is timed as `node dist/hook.js <Event>` with the payload
// on stdin: median / p95 / min over --runs. Floors: `node -e 0` and the hook entry with the system
// switched off. "part off" runs the same hook with SELF_GEN_SHARED_CONTEXT=0 (every other part on),
// so the difference is what the shared context itself costs. Last, the lock (src/common/lock.ts,
// the one lock of the project), in process.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HOOK = join(ROOT, 'dist', 'hook.cjs');
const FIXTURES = resolve(ROOT, 'test', 'fixtures', 'claude-code-2.1.197');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg('runs', 30);
const ENTRIES = arg('entries', 50);
const JSON_OUT = process.argv.includes('--json');

const dir = mkdtempSync(join(tmpdir(), 'sg-bench-sc-'));
const project = join(dir, 'proj');
mkdirSync(join(project, '.git'), { recursive: true });
const env = {
  ...process.env,
  SELF_GEN_HOME: join(dir, 'home'),
  CLAUDE_PROJECT_DIR: project,
  HOME: join(dir, 'user'),
  SELF_GEN_NO_BACKGROUND: '1', // no detached jobs or daemon outliving the temporary folder
  SELF_GEN_NO_DAEMON: '1',
};
delete env.SELF_GEN_DEBUG;
delete env.SELF_GEN_DISABLE;

const payload = (name) => JSON.parse(readFileSync(join(FIXTURES, 'hook-payloads', name), 'utf8'));
const transcriptLines = readFileSync(
  join(FIXTURES, 'transcripts', 'subagent-agent-a0ecf4913e38a93c2.jsonl'),
  'utf8',
)
  .trim()
  .split('\n');

/** A realistic subagent transcript: 30 tool calls (reads, greps, edits, commands) and findings. */
function writeTranscript(path, i) {
  const [first, , , , use, result, final] = transcriptLines.map((l) => JSON.parse(l));
  const lines = [first];
  const calls = [];
  for (let k = 0; k < 10; k++) calls.push(['Read', { file_path: join(project, `src/mod${i}/f${k}.ts`) }]);
  for (let k = 0; k < 5; k++) calls.push(['Grep', { pattern: `symbol${k}`, path: join(project, 'src') }]);
  for (let k = 0; k < 8; k++)
    calls.push([
      'Edit',
      { file_path: join(project, `src/mod${i}/f${k}.ts`), old_string: 'a', new_string: 'b' },
    ]);
  for (let k = 0; k < 7; k++) calls.push(['Bash', { command: `npm test -- src/mod${i}/f${k}.test.ts` }]);
  calls.forEach(([name, input], k) => {
    const u = structuredClone(use);
    u.message.content = [{ type: 'tool_use', id: `toolu_${i}_${k}`, name, input }];
    const r = structuredClone(result);
    r.message.content = [
      {
        tool_use_id: `toolu_${i}_${k}`,
        type: 'tool_result',
        content: k % 9 === 0 ? 'Exit code 1\nfailed' : 'ok',
        is_error: k % 9 === 0,
      },
    ];
    lines.push(u, r);
  });
  const f = structuredClone(final);
  f.message.content = [
    {
      type: 'text',
      text: `## Findings\n- Issue: module ${i} leaks a handle\n- Risk: retries double-charge\nVerdict: changes requested`,
    },
  ];
  lines.push(f);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

const TIME_BIN = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** Runs node with args; wall ms, and CPU ms (user+sys, 10 ms resolution) when /usr/bin/time exists. */
function run(args, stdin, extraEnv = {}) {
  return new Promise((res) => {
    const t0 = process.hrtime.bigint();
    const [cmd, argv] = TIME_BIN
      ? [TIME_BIN, ['-f', '__cpu %U %S', process.execPath, ...args]]
      : [process.execPath, args];
    const c = spawn(cmd, argv, { env: { ...env, ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (err += d));
    c.on('close', (code) => {
      const m = /__cpu ([\d.]+) ([\d.]+)/.exec(err);
      const cpu = m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN;
      res({ ms: Number(process.hrtime.bigint() - t0) / 1e6, cpu, code, out });
    });
    c.stdin.on('error', () => {});
    c.stdin.end(stdin ?? '');
  });
}

function stats(samples, cpu = []) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (arr, p) => arr[Math.min(arr.length - 1, Math.floor(p * arr.length))];
  const c = cpu.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return {
    median: +q(s, 0.5).toFixed(1),
    p95: +q(s, 0.95).toFixed(1),
    min: +s[0].toFixed(1),
    cpuMedian: c.length ? +q(c, 0.5).toFixed(0) : null,
    runs: s.length,
  };
}

async function time(label, make, extraEnv) {
  const samples = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const [args, stdin] = make(i);
    const r = await run(args, stdin, extraEnv);
    if (r.code !== 0) throw new Error(`${label}: exit ${r.code}`);
    samples.push(r.ms);
    cpu.push(r.cpu);
  }
  return { label, ...stats(samples, cpu) };
}

/** Times the hook with the shared context on and off, alternating runs so machine load hits both alike. */
async function onOff(label, make) {
  const on = [];
  const off = [];
  for (let i = 0; i < RUNS; i++) {
    const [args, stdin] = make(i);
    const a = await run(args, stdin);
    const b = await run(args, stdin, { SELF_GEN_SHARED_CONTEXT: '0' });
    if (a.code !== 0 || b.code !== 0) throw new Error(`${label}: exit ${a.code}/${b.code}`);
    on.push(a);
    off.push(b);
  }
  const ms = (l) => l.map((r) => r.ms);
  const cpu = (l) => l.map((r) => r.cpu);
  return [
    { label, ...stats(ms(on), cpu(on)) },
    { label: `  same, shared context off`, ...stats(ms(off), cpu(off)) },
    {
      label: `  paired difference (the shared context's cost)`,
      ...stats(
        on.map((r, i) => r.ms - off[i].ms),
        on.map((r, i) => r.cpu - off[i].cpu),
      ),
    },
  ];
}

/** Load time of a module in a fresh node process (median of 9). */
async function loadMs(spec) {
  const samples = [];
  for (let i = 0; i < 9; i++) {
    const r = await run(
      [
        '--input-type=module',
        '-e',
        `const t=performance.now(); await import(${JSON.stringify(spec)}); console.log(performance.now()-t)`,
      ],
      '',
    );
    samples.push(Number(r.out.trim()));
  }
  return stats(samples).median;
}

const startPayload = JSON.stringify({
  ...payload('08-SubagentStart.json'),
  cwd: project,
  agent_id: 'bench-start',
});
const stopFor = (id, tr) =>
  JSON.stringify({
    ...payload('11-SubagentStop.json'),
    cwd: project,
    agent_id: id,
    agent_transcript_path: tr,
  });

try {
  // The session: ENTRIES entries written by real SubagentStop processes (4 at a time).
  const transcripts = [];
  for (let i = 0; i < ENTRIES; i++) {
    const tr = join(dir, `agent-${i}.jsonl`);
    writeTranscript(tr, i);
    transcripts.push(tr);
  }
  for (let i = 0; i < ENTRIES; i += 4) {
    await Promise.all(
      transcripts.slice(i, i + 4).map((tr, k) => run([HOOK, 'SubagentStop'], stopFor(`e${i + k}`, tr))),
    );
  }
  const summary = readFileSync(
    join(project, '.claude', 'shared-context', payload('08-SubagentStart.json').session_id, '_summary.md'),
    'utf8',
  );
  const entries = (summary.match(/^<!-- sc:entry /gm) ?? []).length;
  const injected = await run([HOOK, 'SubagentStart'], startPayload);
  const ctx = injected.out ? JSON.parse(injected.out).hookSpecificOutput.additionalContext : '';

  const results = [];
  results.push(await time('floor: node -e 0', () => [['-e', '0']]));
  results.push(
    await time('floor: dist/hook.js, system off', () => [[HOOK, 'SubagentStart'], startPayload], {
      SELF_GEN_DISABLE: '1',
    }),
  );
  results.push(
    ...(await onOff(`SubagentStart (${entries} entries)`, () => [[HOOK, 'SubagentStart'], startPayload])),
  );
  // Stops re-record existing agents (upsert), so the session stays at ENTRIES entries.
  results.push(
    ...(await onOff(`SubagentStop (${entries} entries, 61-line transcript)`, (i) => [
      [HOOK, 'SubagentStop'],
      stopFor(`e${i % ENTRIES}`, transcripts[i % ENTRIES]),
    ])),
  );
  // A 500-line transcript tail (the default N).
  const big = join(dir, 'agent-big.jsonl');
  const bigLines = [];
  for (let k = 0; k < 10; k++) bigLines.push(...readFileSync(transcripts[k], 'utf8').trim().split('\n'));
  writeFileSync(big, bigLines.slice(0, 560).join('\n') + '\n');
  results.push(
    ...(await onOff('SubagentStop (500-line tail of a 560-line transcript)', () => [
      [HOOK, 'SubagentStop'],
      stopFor('e0', big),
    ])),
  );
  const post = payload('12-PostToolUse.json');
  const postPayload = JSON.stringify({
    ...post,
    cwd: project,
    tool_response: { ...post.tool_response, agentId: 'e3' },
  });
  results.push(...(await onOff('PostToolUse Agent (digest)', () => [[HOOK, 'PostToolUse'], postPayload])));
  const sessionStart = JSON.stringify({
    ...payload('01-SessionStart.json'),
    cwd: project,
    session_id: 'other',
  });
  results.push(...(await onOff('SessionStart (TTL scan)', () => [[HOOK, 'SessionStart'], sessionStart])));

  // The lock, in process.
  const { build } = await import('esbuild');
  const lockJs = join(dir, 'lock.mjs');
  await build({
    entryPoints: [join(ROOT, 'src/common/lock.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: lockJs,
    logLevel: 'silent',
  });
  const lockFile = join(dir, 'x.lock');
  const ownImport = await loadMs(lockJs);
  const own = await import(lockJs);
  let t0 = performance.now();
  for (let i = 0; i < 1000; i++) own.acquireLock(lockFile).release();
  const ownCycle = (performance.now() - t0) / 1000;
  const lock = {
    'O_EXCL lock: load ms (fresh process)': +ownImport.toFixed(2),
    'O_EXCL lock: acquire+release ms': +ownCycle.toFixed(3),
  };

  if (JSON_OUT) {
    console.log(
      JSON.stringify(
        { entries, injectedChars: ctx.length, summaryBytes: Buffer.byteLength(summary), results, lock },
        null,
        2,
      ),
    );
  } else {
    console.log(
      `shared context: ${entries} entries in the session (_summary.md ${Buffer.byteLength(summary)} bytes); SubagentStart injects ${ctx.length} characters`,
    );
    console.log(`whole-process wall times over ${RUNS} runs (ms; cpu = user+sys, 10 ms resolution):`);
    for (const r of results)
      console.log(
        `  ${r.label.padEnd(58)} median ${String(r.median).padStart(6)}  p95 ${String(r.p95).padStart(6)}  min ${String(r.min).padStart(6)}  cpu ${String(r.cpuMedian ?? '-').padStart(4)}`,
      );
    console.log('lock (in process):');
    for (const [k, v] of Object.entries(lock)) console.log(`  ${k.padEnd(42)} ${v}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
