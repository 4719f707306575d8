// Real-time assistance hooks (pre-tool guide, subagent context, error advice) timed as whole
// processes against the floor of a bare `node` that opens the same database
// (bench/hooks-realtime-floor.mjs), on a data home of 100k events and 10k KB entries (with
// embeddings: bench/seed.mjs) plus the rows that make each hook have something to say.
// Also: each handler's own time in process, and the query plans of its queries.
// Needs dist/ (node scripts/build.mjs). Usage: node bench/hooks-realtime.mjs [--runs 25] [--events 100000] [--kb 10000]
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundle, ROOT } from './kb-build.mjs';
import { seed } from './seed.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : d;
};
const RUNS = Number(opt('--runs', process.env.BENCH_RUNS ?? '25'));
const N_EVENTS = Number(opt('--events', process.env.BENCH_EVENTS ?? '100000'));
const N_KB = Number(opt('--kb', process.env.BENCH_KB ?? '10000'));
const WARMUP = 3;
const HOOK = join(ROOT, 'dist', 'hook.cjs');
const FLOOR = join(ROOT, 'bench', 'hooks-realtime-floor.mjs');
if (!existsSync(HOOK)) {
  console.error('dist/hook.js is missing: run `node scripts/build.mjs` first');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'sg-bench-rt-'));
const home = join(dir, 'home');
const PROJECT = '/home/dev/project-3';
const env = { ...process.env, SELF_GEN_HOME: home, SELF_GEN_NO_BACKGROUND: '1', CLAUDE_PROJECT_DIR: PROJECT };
delete env.SELF_GEN_DEBUG;
const dbFile = join(home, 'data', 'self-gen.db');

// ---------------------------------------------------------------- data
let t0 = Date.now();
process.stdout.write(`seeding ${N_EVENTS} events + ${N_KB} KB entries… `);
seed(home, N_EVENTS, N_KB, { hookJs: HOOK });
const SID = 'rt-session';
const HOT = `${PROJECT}/src/hot.ts`;
const BUSY = '/home/dev/project-12/src/file12.ts'; // named by ~330 seeded events, ~27 of them errors
const PERM = 'bash: ./deploy.sh: Permission denied';
{
  const db = new Database(dbFile);
  const now = Date.now();
  const ev = db.prepare(
    'INSERT INTO events (v, type, ts, session_id, project, project_path, data) VALUES (1, ?, ?, ?, ?, ?, ?)',
  );
  const ef = db.prepare('INSERT INTO event_files (event_id, name, path) VALUES (?, ?, ?)');
  const kb = db.prepare(
    `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count)
     VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT(error_normalized) DO NOTHING`,
  );
  const ts = (k) => new Date(now - 3600_000 + k * 1000).toISOString();
  db.transaction(() => {
    for (let k = 0; k < 5; k++) {
      const error = `<PATH>(${k},1): error TS2322: Type <STR> is not assignable to type <STR>.`;
      const data = {
        tool: 'Bash',
        error,
        errorRaw: `Exit code 2\nsrc/hot.ts(${k},1): error TS2322: Type 'string' is not assignable to type 'number'.`,
        filePath: 'src/hot.ts',
        files: ['src/hot.ts'],
        isInterrupt: false,
      };
      const id = Number(
        ev.run('tool_error', ts(k), 'rt-old', 'project-3', PROJECT, JSON.stringify(data)).lastInsertRowid,
      );
      ef.run(id, 'hot.ts', 'src/hot.ts');
      kb.run(ts(k), error, data.errorRaw, `Edit ${HOT}`, 'Edit', '["Edit","Bash"]');
    }
    for (let k = 0; k < 3; k++) {
      const data = {
        tool: 'Bash',
        error: PERM.replace('./deploy.sh', '<PATH>'),
        errorRaw: `Exit code 126\n${PERM}`,
        files: [],
        isInterrupt: false,
      };
      ev.run('tool_error', ts(10 + k), SID, 'project-3', PROJECT, JSON.stringify(data));
    }
    kb.run(
      ts(20),
      PERM.replace('./deploy.sh', '<PATH>'),
      PERM,
      'Bash: chmod +x deploy.sh && ./deploy.sh',
      'Bash',
      '["Read","Bash"]',
    );
    for (let k = 0; k < 20; k++) {
      const data = {
        agentType: 'executor-low',
        agentId: `rt${k}`,
        success: k % 5 < 2 ? 0 : 1,
        failureReason: k % 5 < 2 ? 'last 2 tool call(s) failed' : undefined,
        durationMs: 9000,
      };
      ev.run('subagent_stop', ts(30 + k), `rt-s${k}`, 'project-3', PROJECT, JSON.stringify(data));
    }
    const suggestions = [1, 2, 3, 4].map((k) => ({
      id: `s${k}`,
      type: 'claude_md',
      rule: `Project rule ${k}: run the type checker before committing`,
      project: k === 4 ? null : 'project-3',
    }));
    db.prepare(
      'INSERT INTO analysis_cache (ts, project, days, input_hash, analysis) VALUES (?, ?, ?, ?, ?)',
    ).run(new Date(now - 3600_000).toISOString(), 'project-3', 7, 'bench', JSON.stringify({ suggestions }));
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  // Seeded fixes count as typed by the user (kb/candidates.ts) and judged safe by the fix policy
  // (version 1 of src/error-kb/verdict.ts: ordinary installs), so the advice path runs in full.
  db.exec(`INSERT OR IGNORE INTO error_kb_fixes (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts,
      policy_class, policy_reason, policy_text, policy_version)
    SELECT id, 'manual', resolution, resolved_by, tool_sequence, 'manual', 3, 1, ts, ts, 'safe', '', resolution, 1
    FROM error_kb WHERE resolution IS NOT NULL`);
  db.close();
}
console.log(
  `done in ${((Date.now() - t0) / 1000).toFixed(1)} s (${(statSync(dbFile).size / 1048576).toFixed(1)} MB)`,
);

// ---------------------------------------------------------------- cases
const base = {
  session_id: SID,
  transcript_path: join(dir, 't.jsonl'),
  cwd: PROJECT,
  permission_mode: 'default',
  tool_use_id: 'toolu_bench',
};
const pre = (tool, tool_input) => ({ ...base, hook_event_name: 'PreToolUse', tool_name: tool, tool_input });
const CASES = [
  [
    'PreToolUse Edit, file with 3 resolved errors',
    pre('Edit', { file_path: HOT, old_string: 'a', new_string: 'b' }),
    true,
  ],
  [
    'PreToolUse Edit, busy file name (prefix tier)',
    pre('Edit', { file_path: BUSY, old_string: 'a', new_string: 'b' }),
    true,
  ],
  [
    'PreToolUse Write, file without history',
    pre('Write', { file_path: `${PROJECT}/src/new-file.ts`, content: 'x' }),
    false,
  ],
  ['PreToolUse Bash, session Bash errors', pre('Bash', { command: './deploy.sh' }), true],
  [
    'PreToolUse Bash, no session errors',
    { ...pre('Bash', { command: 'ls' }), session_id: 'rt-clean' },
    false,
  ],
  [
    'PreToolUse Agent, executor-low 40 % failed',
    pre('Agent', { subagent_type: 'executor-low', prompt: 'p', description: 'd' }),
    true,
  ],
  [
    'PreToolUse Agent, executor (ok)',
    pre('Agent', { subagent_type: 'executor', prompt: 'p', description: 'd' }),
    false,
  ],
  ['PreToolUse Read (skipped)', pre('Read', { file_path: HOT }), false],
  [
    'SubagentStart executor',
    { ...base, hook_event_name: 'SubagentStart', agent_id: 'abench', agent_type: 'executor' },
    true,
  ],
  [
    'SubagentStart researcher (skipped)',
    { ...base, hook_event_name: 'SubagentStart', agent_id: 'abench', agent_type: 'researcher' },
    false,
  ],
  [
    'PostToolUseFailure, KB exact hit',
    {
      ...base,
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: './deploy.sh' },
      error: `Exit code 126\n${PERM}`,
      is_interrupt: false,
    },
    true,
  ],
  [
    'PostToolUseFailure, KB miss (all tiers)',
    {
      ...base,
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'x' },
      error: 'Exit code 1\nzzz: quux frobnicated the wibble',
      is_interrupt: false,
    },
    false,
  ],
];

function spawnTime(argv, input) {
  const s = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { input, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - s) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout, stderr: r.stderr };
}
const stats = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  const q = (p) => a[Math.min(a.length - 1, Math.floor(p * a.length))];
  return { median: q(0.5), p95: q(0.95) };
};

console.log(
  `\nwhole-process time, median of ${RUNS} runs (floor and hook runs interleaved; +ms = median of the paired differences), ms`,
);
const rows = [];
for (const [name, payload, expectOutput] of CASES) {
  const input = JSON.stringify(payload);
  const argv = [HOOK, payload.hook_event_name];
  for (let i = 0; i < WARMUP; i++) {
    spawnTime([FLOOR, dbFile], input);
    spawnTime(argv, input);
  }
  const floor = [];
  const hook = [];
  const diff = [];
  let out = '';
  for (let i = 0; i < RUNS; i++) {
    floor.push(spawnTime([FLOOR, dbFile], input).ms);
    const r = spawnTime(argv, input);
    hook.push(r.ms);
    diff.push(r.ms - floor[floor.length - 1]);
    out = r.stdout.trim();
    if (r.stderr) throw new Error(`${name}: stderr ${r.stderr}`);
  }
  if (out) {
    const o = JSON.parse(out);
    if (o.hookSpecificOutput?.hookEventName !== payload.hook_event_name)
      throw new Error(`${name}: bad output ${out}`);
  }
  if (!!out !== expectOutput)
    console.warn(
      `  note: ${name}: ${out ? 'printed context' : 'printed nothing'} (expected ${expectOutput ? 'context' : 'nothing'})`,
    );
  const f = stats(floor);
  const h = stats(hook);
  rows.push({
    name,
    floor: f.median,
    hook: h.median,
    p95: h.p95,
    // The median of the paired differences (each hook run against the floor run just before it).
    delta: stats(diff).median,
    ratio: h.median / f.median,
    chars: out ? JSON.parse(out).hookSpecificOutput.additionalContext.length : 0,
  });
}
const n1 = (x) => x.toFixed(1);
console.log(
  `${'hook'.padEnd(46)} ${'floor'.padStart(6)} ${'hook'.padStart(6)} ${'p95'.padStart(6)} ${'+ms'.padStart(6)} ${'ratio'.padStart(6)}  context`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(46)} ${n1(r.floor).padStart(6)} ${n1(r.hook).padStart(6)} ${n1(r.p95).padStart(6)} ${n1(r.delta).padStart(6)} ${r.ratio.toFixed(2).padStart(6)}  ${r.chars ? r.chars + ' chars' : '-'}${r.delta > 5 ? '   > 5 ms over the floor' : ''}`,
  );
}
const worst = rows.reduce((a, b) => (b.delta > a.delta ? b : a));
console.log(
  `target (median ≤ floor + 5 ms): ${rows.every((r) => r.delta <= 5) ? 'met' : 'NOT met'}; largest difference ${n1(worst.delta)} ms (${worst.name})`,
);

// ---------------------------------------------------------------- in process: the handlers alone
t0 = Date.now();
const m = await bundle(
  'hooks-realtime',
  `export { createDeps } from './src/hook/runtime/deps.ts';
   export { preToolGuide } from './src/pre-tool-guide/handlers.ts';
   export { subagentContext } from './src/subagent-context/handlers.ts';
   export { errorAdvice } from './src/error-kb/handlers.ts';
   export { closeDb } from './src/db/db.ts';`,
);
const handlerFor = {
  PreToolUse: m.preToolGuide,
  SubagentStart: m.subagentContext,
  PostToolUseFailure: m.errorAdvice,
};
console.log(`\nhandler time in process (database already open), median of 200 calls, ms`);
for (const [name, payload] of CASES) {
  const deps = m.createDeps(payload, env);
  const run = handlerFor[payload.hook_event_name];
  await run(payload, deps);
  const xs = [];
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    await run(payload, deps);
    xs.push(performance.now() - s);
  }
  console.log(
    `${name.padEnd(46)} ${stats(xs).median.toFixed(3).padStart(7)}  p95 ${stats(xs).p95.toFixed(3)}`,
  );
}
m.closeDb();

// ---------------------------------------------------------------- in a fresh process: the first call
const coldScript = join(dir, 'cold.mjs');
writeFileSync(
  coldScript,
  `const m = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'bench', 'results', '.build', 'hooks-realtime.mjs')).href)});
   const payload = JSON.parse(process.argv[2]);
   const deps = m.createDeps(payload, process.env);
   const t0 = performance.now(); deps.db(); const t1 = performance.now();
   const run = { PreToolUse: m.preToolGuide, SubagentStart: m.subagentContext, PostToolUseFailure: m.errorAdvice }[payload.hook_event_name];
   await run(payload, deps);
   process.stdout.write(JSON.stringify({ open: t1 - t0, first: performance.now() - t1 }));`,
);
console.log('\nfirst call in a fresh process (database open, then the handler), median of 7, ms');
for (const [name, payload] of CASES) {
  const xs = [];
  const open = [];
  for (let i = 0; i < 7; i++) {
    const r = spawnSync(process.execPath, [coldScript, JSON.stringify(payload)], { env, encoding: 'utf8' });
    const o = JSON.parse(r.stdout);
    xs.push(o.first);
    open.push(o.open);
  }
  console.log(
    `${name.padEnd(46)} open ${stats(open).median.toFixed(2).padStart(5)}  handler ${stats(xs).median.toFixed(2).padStart(6)}`,
  );
}

// ---------------------------------------------------------------- query plans
const db = new Database(dbFile, { readonly: true });
const plans = {
  'Edit/Write: errors naming the file': `SELECT e.id FROM (SELECT event_id, path FROM event_files WHERE name = 'hot.ts' ORDER BY event_id DESC LIMIT 2000) f CROSS JOIN events e ON e.id = f.event_id WHERE e.type = 'tool_error' ORDER BY e.ts DESC, e.id DESC LIMIT 200`,
  'Bash: session Bash errors': `SELECT id, data FROM events WHERE session_id = 'rt-session' AND type = 'tool_error' AND json_extract(data, '$.tool') = 'Bash' ORDER BY ts DESC, id DESC LIMIT 100`,
  'Agent: last runs of a type': `SELECT json_extract(data, '$.success') FROM events WHERE type = 'subagent_stop' AND json_extract(data, '$.agentType') = 'executor-low' ORDER BY ts DESC LIMIT 20`,
  'SubagentStart: project errors': `SELECT data FROM events WHERE project_path = '${PROJECT}' AND type = 'tool_error' ORDER BY ts DESC, id DESC LIMIT 30`,
  'SubagentStart: exact KB match': `SELECT resolution FROM error_kb WHERE error_normalized = 'x' AND resolution IS NOT NULL ORDER BY use_count DESC LIMIT 1`,
};
console.log('\nquery plans');
for (const [name, sql] of Object.entries(plans)) {
  const p = db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all()
    .map((r) => r.detail);
  console.log(`- ${name}: ${p.join(' | ')}`);
}
db.close();
rmSync(dir, { recursive: true, force: true });
