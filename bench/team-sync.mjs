// The team store (docs/team.md) against the real PostgreSQL on 127.0.0.1:5432: time to sync 10,000
// proven fixes out (push) and in (pull), each a `self-gen team sync` process; then the hook latency
// of a session (PostToolUseFailure + PreToolUse:Bash hook processes) while a sync of the same data
// home runs beside it, as a ratio against the same session without a sync, in alternating rounds of
// one run. Skips with a message when PostgreSQL cannot be reached. BENCH_TEAM_N changes the count.
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const HOOK = join(ROOT, 'dist', 'hook.cjs');
const WORKER = join(ROOT, 'dist', 'worker.js');
const N = Number(process.env.BENCH_TEAM_N ?? 10_000);
const ROUNDS = Number(process.env.BENCH_TEAM_ROUNDS ?? 3);
const HOST = process.env.BENCH_PG_HOST ?? '127.0.0.1';
const PORT = Number(process.env.BENCH_PG_PORT ?? 5432);
const ADMIN = process.env.BENCH_PG_USER ?? 'postgres';

const admin = (database = 'postgres') =>
  new pg.Client({ host: HOST, port: PORT, user: ADMIN, database, connectionTimeoutMillis: 3000 });

const probe = admin();
try {
  await probe.connect();
  await probe.end();
} catch (e) {
  console.log(`team-sync: skipped, PostgreSQL is not reachable on ${HOST}:${PORT} (${e.message})`);
  process.exit(0);
}

const tag = `sg_bench_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'sg-bench-team-'));
const c = admin();
await c.connect();
await c.query(`CREATE DATABASE ${tag}`);
for (const r of ['alice', 'bob']) await c.query(`CREATE ROLE ${tag}_${r} LOGIN`);

function home(name, remote) {
  const h = join(dir, name);
  const project = join(h, 'project');
  mkdirSync(project, { recursive: true });
  spawnSync('git', ['init', '-q', project]);
  spawnSync('git', ['-C', project, 'remote', 'add', 'origin', remote]);
  mkdirSync(join(h, 'sg'), { recursive: true, mode: 0o700 });
  writeFileSync(join(h, 'sg', 'config.json'), JSON.stringify({ locale: 'en' }));
  const env = { ...process.env, SELF_GEN_HOME: join(h, 'sg'), HOME: h, SELF_GEN_NO_BACKGROUND: '1' };
  delete env.SELF_GEN_DEBUG;
  return { project, env, db: join(h, 'sg', 'data', 'self-gen.db') };
}
const cli = (h, args) => {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, ...args], { env: h.env, cwd: h.project, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`self-gen ${args.join(' ')}: ${r.stderr}`);
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, out: r.stdout };
};
const url = (role) => `postgres://${role}@${HOST}:${PORT}/${tag}`;

/** n proven fixes in the home's project, written as resolution detection writes them. */
function seedFixes(h, n) {
  const db = new Database(h.db);
  const ts = new Date().toISOString();
  const kb = db.prepare(
    `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count)
     VALUES (?, ?, ?, ?, 'Bash', '["Bash","Bash"]', 1)`,
  );
  const fix = db.prepare(
    `INSERT INTO error_kb_fixes (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
     VALUES (?, ?, ?, 'Bash', '["Bash","Bash"]', 'same-command', 2, 1, ?, ?)`,
  );
  const proj = db.prepare(
    'INSERT INTO error_kb_fix_projects (fix_id, project_path, confirmations, last_ts) VALUES (?, ?, 1, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const res = `ran \`widgets init module-${i}\``;
      const id = kb.run(
        ts,
        `Error: widget module-${i} is not configured (code <N>)`,
        `Error: widget module-${i} is not configured (code 17)`,
        res,
      ).lastInsertRowid;
      const f = fix.run(id, `cmd:widgets init module-${i}`, res, ts, ts).lastInsertRowid;
      proj.run(f, h.project, ts);
    }
  })();
  db.close();
}

const A = home('alice', 'git@example.com:acme/payments-api.git');
const B = home('bob', 'git@example.com:acme/payments-api.git');
const results = {};
try {
  cli(A, ['team', 'connect', url(ADMIN)]); // the owner creates the schema
  cli(A, ['team', 'connect', url(`${tag}_alice`)]);
  cli(B, ['team', 'connect', url(`${tag}_bob`)]);
  seedFixes(A, N);

  const out = cli(A, ['team', 'sync']);
  const inn = cli(B, ['team', 'sync']);
  results.pushMs = Math.round(out.ms);
  results.pullMs = Math.round(inn.ms);
  const baseline = cli(B, ['team', 'status']).ms; // a CLI process that connects: the fixed cost
  results.cliConnectMs = Math.round(baseline);
  console.log(
    `sync ${N} fixes out (push, one process): ${(out.ms / 1000).toFixed(2)} s — ${out.out.trim().split('\n')[0]}`,
  );
  console.log(
    `sync ${N} fixes in (pull, one process):  ${(inn.ms / 1000).toFixed(2)} s — ${inn.out.trim().split('\n')[1]}`,
  );
  console.log(`(a \`team status\` process that connects and counts: ${(baseline / 1000).toFixed(2)} s)`);

  // a session in bob's home: failures advised from the team's fixes, and the Bash guide
  const payload = (i, event) => ({
    session_id: `bench-${i}`,
    transcript_path: join(dir, 'none.jsonl'),
    cwd: B.project,
    permission_mode: 'default',
    hook_event_name: event,
    tool_name: 'Bash',
    tool_input: { command: `widgets build module-${i}` },
    ...(event === 'PostToolUseFailure'
      ? { error: `Exit code 1\nError: widget module-${i} is not configured (code 17)` }
      : {}),
  });
  const session = () => {
    const ms = [];
    for (let i = 0; i < 15; i++)
      for (const event of ['PreToolUse', 'PostToolUseFailure']) {
        const t0 = process.hrtime.bigint();
        const r = spawnSync(process.execPath, [HOOK, event], {
          input: JSON.stringify(payload(i * 37, event)),
          env: { ...B.env, CLAUDE_PROJECT_DIR: B.project },
          encoding: 'utf8',
        });
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (r.status !== 0) throw new Error(`hook ${event} exited ${r.status}`);
        if (event === 'PostToolUseFailure' && i === 0 && !/teammate/.test(r.stdout))
          throw new Error(`no team advice: ${r.stdout} ${r.stderr} (${ms.at(-1)} ms)`);
      }
    return ms;
  };
  /** Bob's home pulls everything again and again (cursors reset) until stopped: the background
   * sync as sessions run it (the worker's `team-sync` job). */
  const syncLoop = () => {
    let stop = false;
    let syncs = 0;
    const done = (async () => {
      while (!stop) {
        const db = new Database(B.db);
        db.prepare('DELETE FROM team_cursors').run();
        db.close();
        await new Promise((res) =>
          spawn(process.execPath, [WORKER, 'team-sync'], { env: B.env, cwd: B.project, stdio: 'ignore' }).on(
            'close',
            res,
          ),
        );
        syncs++;
      }
    })();
    return { stop: async () => ((stop = true), await done, syncs) };
  };
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const p95 = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.95)];
  const without = [];
  const beside = [];
  let syncs = 0;
  session(); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    without.push(...session());
    const loop = syncLoop();
    await sleep(300); // the sync is connected and pulling
    beside.push(...session());
    syncs += await loop.stop();
  }
  results.hook = {
    withoutSync: { median: +median(without).toFixed(1), p95: +p95(without).toFixed(1), n: without.length },
    besideSync: { median: +median(beside).toFixed(1), p95: +p95(beside).toFixed(1), n: beside.length },
    syncsBeside: syncs,
  };
  results.hook.ratioMedian = +(results.hook.besideSync.median / results.hook.withoutSync.median).toFixed(2);
  results.hook.ratioP95 = +(results.hook.besideSync.p95 / results.hook.withoutSync.p95).toFixed(2);
  console.log(
    `hook latency (process mode, ${without.length} hooks each): no sync median ${results.hook.withoutSync.median} ms p95 ${results.hook.withoutSync.p95} ms; ` +
      `sync beside (${syncs} full pulls of ${N}) median ${results.hook.besideSync.median} ms p95 ${results.hook.besideSync.p95} ms; ` +
      `ratio ${results.hook.ratioMedian}× median, ${results.hook.ratioP95}× p95`,
  );
  console.log(JSON.stringify({ teamSync: { n: N, ...results } }));
} finally {
  await c.query(`DROP DATABASE IF EXISTS ${tag} WITH (FORCE)`);
  for (const r of ['alice', 'bob']) await c.query(`DROP ROLE IF EXISTS ${tag}_${r}`);
  await c.end();
  rmSync(dir, { recursive: true, force: true });
}
