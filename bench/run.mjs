// npm run bench: every hook timed as a whole process next to two floors, on a seeded data home of
// 100k events (20 projects, 500 sessions) and 10k KB entries with embeddings.
// Prints a table and writes bench/results/bench.json. Part benchmarks (bench/*.mjs of each part) run after.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seed } from './seed.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const HOOK = join(ROOT, 'dist', 'hook.cjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const WARMUP = 3;
const N_EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const N_KB = Number(process.env.BENCH_KB ?? 10_000);
const HAS_TIME = existsSync('/usr/bin/time');

const dir = mkdtempSync(join(tmpdir(), 'sg-bench-'));
const home = join(dir, 'home');
const project = join(dir, 'project-3');
mkdirSync(join(project, '.git'), { recursive: true });
mkdirSync(join(project, 'src'), { recursive: true });
const env = {
  ...process.env,
  SELF_GEN_HOME: home,
  SELF_GEN_NO_BACKGROUND: '1',
  // a real folder (shared-context hooks skip a project folder that does not exist)
  CLAUDE_PROJECT_DIR: project,
};
delete env.SELF_GEN_DEBUG;

const t0 = Date.now();
process.stdout.write(`seeding ${N_EVENTS} events and ${N_KB} KB entries… `);
seed(home, N_EVENTS, N_KB, { hookJs: HOOK });
const dbFile = join(home, 'data', 'self-gen.db');
const dbBytes = statSync(dbFile).size;
console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s (${(dbBytes / 1024 / 1024).toFixed(1)} MB)`);

const sid = 'session-120';
const base = {
  session_id: sid,
  transcript_path: join(dir, 't.jsonl'),
  cwd: project,
  permission_mode: 'default',
};
const P = {
  SessionStart: { ...base, hook_event_name: 'SessionStart', source: 'startup' },
  UserPromptSubmit: {
    ...base,
    hook_event_name: 'UserPromptSubmit',
    prompt: 'fix the failing build in module 7',
  },
  'PreToolUse:Edit': {
    ...base,
    hook_event_name: 'PreToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: join(project, 'src', 'file12.ts'), old_string: 'a', new_string: 'b' },
  },
  'PreToolUse:Bash': {
    ...base,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'npm test' },
  },
  'PreToolUse:Agent': {
    ...base,
    hook_event_name: 'PreToolUse',
    tool_name: 'Agent',
    tool_input: { subagent_type: 'executor-low', prompt: 'x', description: 'd' },
  },
  'PreToolUse:Read': {
    ...base,
    hook_event_name: 'PreToolUse',
    tool_name: 'Read',
    tool_input: { file_path: join(project, 'src', 'a.ts') },
  },
  'PostToolUse:Bash': {
    ...base,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'npm test' },
    tool_response: { stdout: 'ok', stderr: '' },
    tool_use_id: 't1',
    duration_ms: 10,
  },
  PostToolUseFailure: {
    ...base,
    hook_event_name: 'PostToolUseFailure',
    tool_name: 'Bash',
    tool_input: { command: 'npm i' },
    error: 'Exit code 1\nnpm ERR! code ERESOLVE unable to resolve dependency tree',
    is_interrupt: false,
  },
  SubagentStart: { ...base, hook_event_name: 'SubagentStart', agent_id: 'abench', agent_type: 'executor' },
  SubagentStop: {
    ...base,
    hook_event_name: 'SubagentStop',
    agent_id: 'abench',
    agent_type: 'executor',
    agent_transcript_path: join(dir, 'agent.jsonl'),
    last_assistant_message: '## Findings\n- Modified: src/a.ts',
    stop_hook_active: false,
  },
  // Stop reads the turn's new transcript lines (#15); after its first run there is nothing new.
  Stop: { ...base, hook_event_name: 'Stop', last_assistant_message: 'Done.', stop_hook_active: false },
  SessionEnd: { ...base, hook_event_name: 'SessionEnd', reason: 'other' },
};
// The session transcript: a turn of five successful Bash calls (read by Stop / PostToolUseFailure).
writeFileSync(
  base.transcript_path,
  [0, 1, 2, 3, 4]
    .flatMap((i) => [
      {
        type: 'assistant',
        timestamp: new Date().toISOString(),
        message: {
          content: [{ type: 'tool_use', id: `b${i}`, name: 'Bash', input: { command: `echo ${i}` } }],
        },
      },
      {
        type: 'user',
        timestamp: new Date().toISOString(),
        message: {
          content: [{ type: 'tool_result', tool_use_id: `b${i}`, content: String(i), is_error: false }],
        },
      },
    ])
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n',
);
writeFileSync(
  join(dir, 'agent.jsonl'),
  [
    { type: 'user', message: { role: 'user', content: 'do it' } },
    {
      type: 'assistant',
      message: {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'x1',
            name: 'Write',
            input: { file_path: join(project, 'src', 'a.ts'), content: 'x' },
          },
        ],
        stop_reason: 'tool_use',
      },
    },
    {
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'x1', content: 'ok', is_error: false }],
      },
    },
    {
      type: 'assistant',
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: '## Findings\n- Modified: src/a.ts' }],
        stop_reason: 'end_turn',
      },
    },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n',
);

function timeOnce(args, input) {
  const s = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - s) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}
function peakRssKb(args, input) {
  if (!HAS_TIME) return null;
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], {
    input,
    env,
    encoding: 'utf8',
  });
  const m = /(\d+)\s*$/.exec(r.stderr.trim());
  return m ? Number(m[1]) : null;
}
const stats = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  const q = (p) => a[Math.min(a.length - 1, Math.floor(p * a.length))];
  return { median: q(0.5), p95: q(0.95), min: a[0], runs: a.length };
};
function measure(args, input = '') {
  for (let i = 0; i < WARMUP; i++) timeOnce(args, input);
  const xs = [];
  let out = '';
  for (let i = 0; i < RUNS; i++) {
    const r = timeOnce(args, input);
    xs.push(r.ms);
    out = r.stdout;
  }
  return { ...stats(xs), rssKb: peakRssKb(args, input), outputChars: out.trim().length };
}

const floorBare = measure(['-e', '0']);
const FLOOR_ARGS = [join(ROOT, 'bench', 'floor-open-db.mjs'), dbFile];
const floorDb = measure(FLOOR_ARGS);
// Each hook run alternates with a floor run, so both see the same machine state; the difference is
// the median of the paired differences.
function measurePaired(args, input) {
  for (let i = 0; i < WARMUP; i++) timeOnce(args, input);
  const hook = [];
  const floor = [];
  const diff = [];
  let out = '';
  for (let i = 0; i < RUNS; i++) {
    const f0 = timeOnce(FLOOR_ARGS, '').ms;
    const r = timeOnce(args, input);
    hook.push(r.ms);
    floor.push(f0);
    diff.push(r.ms - f0);
    out = r.stdout;
  }
  const h = stats(hook);
  return {
    ...h,
    floorMedian: stats(floor).median,
    overFloorMs: stats(diff).median,
    p95OverFloorMs: stats(diff).p95,
    rssKb: peakRssKb(args, input),
    outputChars: out.trim().length,
  };
}
const rows = [];
for (const [name, payload] of Object.entries(P)) {
  const event = payload.hook_event_name;
  rows.push({ hook: name, ...measurePaired([HOOK, event], JSON.stringify(payload)) });
}

// The warm path (#15): the same payloads through dist/hook-warm.sh → the warm hook server on the
// same data home, each run paired with a floor run of the client alone (`sh` + curl asking the
// server's /ping), so the difference is what the hook itself costs on the warm path.
const WARM = join(ROOT, 'dist', 'hook-warm.sh');
const sock = join(home, 'run', 'hooks.sock');
let warmRows = [];
let warmFloor = null;
if (existsSync(WARM) && spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0) {
  const server = spawn(process.execPath, [join(ROOT, 'dist', 'hook-server.js')], {
    env,
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 200 && !existsSync(sock); i++) spawnSync('sleep', ['0.05']);
  const timeSh = (args, input) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync('sh', args, { input, env, encoding: 'utf8' });
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, stdout: r.stdout ?? '' };
  };
  const FLOOR_WARM = ['-c', `curl -s --unix-socket "${sock}" http://self-gen/ping >/dev/null`];
  for (let i = 0; i < WARMUP; i++) timeSh(FLOOR_WARM, '');
  const floorXs = [];
  for (const [name, payload] of Object.entries(P)) {
    const args = [WARM, payload.hook_event_name, sock];
    const input = JSON.stringify(payload);
    for (let i = 0; i < WARMUP; i++) timeSh(args, input);
    const xs = [];
    const diff = [];
    let outChars = 0;
    for (let i = 0; i < RUNS; i++) {
      const f0 = timeSh(FLOOR_WARM, '').ms;
      const r = timeSh(args, input);
      xs.push(r.ms);
      floorXs.push(f0);
      diff.push(r.ms - f0);
      outChars = r.stdout.trim().length;
    }
    warmRows.push({ hook: name, ...stats(xs), overFloorMs: stats(diff).median, outputChars: outChars });
  }
  warmFloor = stats(floorXs);
  try {
    process.kill(server.pid, 'SIGTERM');
  } catch {}
}

const f = (x) => (x == null ? '-' : x.toFixed(1));
console.log(`\nhook whole-process time, ${RUNS} runs after ${WARMUP} warm-up (ms)`);
console.log(`floor: bare node           median ${f(floorBare.median)}  p95 ${f(floorBare.p95)}`);
console.log(`floor: node + open db+vec  median ${f(floorDb.median)}  p95 ${f(floorDb.p95)}`);
console.log(
  'hook                  median    p95   floor(paired)  +floor(med)  +floor(p95)  ×floor  peakRSS(MB)  output',
);
for (const r of rows) {
  console.log(
    `${r.hook.padEnd(20)} ${f(r.median).padStart(7)} ${f(r.p95).padStart(6)} ${f(r.floorMedian).padStart(14)} ${f(r.overFloorMs).padStart(12)} ${f(r.p95OverFloorMs).padStart(12)} ${(r.median / r.floorMedian).toFixed(2).padStart(7)} ${r.rssKb ? (r.rssKb / 1024).toFixed(1).padStart(12) : '           -'}  ${r.outputChars ? r.outputChars + ' chars' : '-'}`,
  );
}
if (warmRows.length) {
  console.log(
    `\nwarm path (dist/hook-warm.sh → hook server), ${RUNS} runs each; floor: sh + curl /ping, median ${f(warmFloor.median)} p95 ${f(warmFloor.p95)}`,
  );
  console.log('hook                  median    p95  +floor(med)  ×floor  × process path  output');
  for (const w of warmRows) {
    const proc = rows.find((r) => r.hook === w.hook);
    console.log(
      `${w.hook.padEnd(20)} ${f(w.median).padStart(7)} ${f(w.p95).padStart(6)} ${f(w.overFloorMs).padStart(12)} ${(w.median / warmFloor.median).toFixed(2).padStart(7)} ${(w.median / proc.median).toFixed(2).padStart(15)}  ${w.outputChars ? w.outputChars + ' chars' : '-'}`,
    );
  }
}
const targets = {
  medianWithin5msOfFloor: rows.every((r) => r.overFloorMs <= 5),
  p95Within15msOfFloor: rows.every((r) => r.p95OverFloorMs <= 15),
  sessionEndUnder150ms: rows.find((r) => r.hook === 'SessionEnd').median < 150,
};
console.log(
  `\ntargets: median ≤ floor+5 ms: ${targets.medianWithin5msOfFloor ? 'met' : 'NOT met'}; p95 ≤ floor+15 ms: ${targets.p95Within15msOfFloor ? 'met' : 'NOT met'}; SessionEnd < 150 ms: ${targets.sessionEndUnder150ms ? 'met' : 'NOT met'}`,
);
console.log(
  `database: ${(dbBytes / 1024 / 1024).toFixed(1)} MB for ${N_EVENTS} events + ${N_KB} KB entries with vectors`,
);

// Part benchmarks: each prints its own figures (BENCH_ONLY_HOOKS=1 skips them).
const PART_BENCHES = [
  [
    'hooks-realtime.mjs',
    'pre-tool guide, subagent context, error advice: whole process vs floor, handler time in process',
  ],
  [
    'cli-speed.mjs',
    'the commands a person types (--help, status, kb search, kb add) vs node -e 0; npm test wall time',
  ],
  ['shared-context.mjs', 'shared context hooks with 50 entries in the session'],
  ['kb-latency.mjs', 'searchErrorKB per tier at 10k and 100k entries; daemon embed latency and RSS'],
  ['kb-quality.mjs', 'KB retrieval quality: recall@1 and false matches'],
  [
    'learning-replay.mjs',
    'learning replay: labelled sessions through the hooks, fix precision/recall, junk advice',
  ],
  [
    'transcript-replay.mjs',
    'real-transcript replay (tuning half): resolution precision/recall, recurrences whose fix was learned, advised, naming the fix, junk',
  ],
  ['mcp.mjs', 'MCP server: start to handshake vs node -e 0, each tool call vs a protocol round trip'],
  ['policy.mjs', 'fix policy corpus: dangerous fixes offered (must be 0), ordinary fixes withheld'],
  [
    'policy-blind.mjs',
    'fix policy on the blind corpora v3, v4 and v5 (all held out): dangerous fixes judged safe per class (must be 0), ordinary fixes advised',
  ],
  [
    'policy-v2.mjs',
    'fix policy on the blind corpus v2: dangerous fixes judged safe per class and half (must be 0), ordinary fixes advised everywhere',
  ],
  [
    'policy-e2e.mjs',
    'fix policy end to end: each fix taught in two repositories through the hooks, then what reaches Claude in a third (dangerous advised must be 0)',
  ],
  ['safe-fs.mjs', 'safe file primitives (#12.1/#12.3) vs the plain node:fs calls: medians and ratios'],
  ['warm-client.mjs', 'one warm hook alone: the bash client (builtins only) vs the sh + curl client'],
  [
    'team-sync.mjs',
    'team store (PostgreSQL): sync 10,000 fixes out and in; hook latency beside a sync vs without (skipped without PostgreSQL)',
  ],
  [
    'session.mjs',
    'a 27-tool-call session with the real Claude Code CLI: without hooks, process and warm mode',
  ],
];
const partResults = {};
for (const [p, what] of PART_BENCHES) {
  if (process.env.BENCH_ONLY_HOOKS === '1') break;
  console.log(`\n== ${p}: ${what}`);
  const extra = [];
  if (p === 'transcript-replay.mjs') {
    // real transcripts are never committed: a folder named by BENCH_TRANSCRIPTS
    const folder = process.env.BENCH_TRANSCRIPTS;
    if (!folder || !existsSync(folder)) {
      console.log(`skipped: no transcript folder (set BENCH_TRANSCRIPTS to a folder of *.jsonl transcripts)`);
      continue;
    }
    extra.push(folder, '--split', 'tuning');
  }
  const r = spawnSync(process.execPath, [join(ROOT, 'bench', p), ...extra], {
    stdio: 'inherit',
    env: process.env,
  });
  partResults[p] = r.status;
}

mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
const out = {
  date: new Date().toISOString(),
  node: process.version,
  events: N_EVENTS,
  kb: N_KB,
  runs: RUNS,
  dbBytes,
  floorBare,
  floorDb,
  hooks: rows,
  warm: { floor: warmFloor, hooks: warmRows },
  targets,
  parts: partResults,
};
writeFileSync(join(ROOT, 'bench', 'results', 'bench.json'), JSON.stringify(out, null, 2) + '\n');
console.log('\nwrote bench/results/bench.json');
rmSync(dir, { recursive: true, force: true });
// The fix policy's corpus is a gate, not a figure: a dangerous fix offered fails the run.
for (const p of ['policy.mjs', 'policy-v2.mjs', 'policy-blind.mjs', 'policy-e2e.mjs'])
  if (partResults[p] !== undefined && partResults[p] !== 0) {
    console.error(`bench/${p}: a dangerous fix was offered, or a hook broke (see above)`);
    process.exitCode = 1;
  }
