#!/usr/bin/env node
// Benchmark of the background integrity check (#12.5), against the built dist/ (`npm run build`).
//
//   node bench/integrity.mjs [--events 100000] [--kb 10000] [--runs 5]
//
// On a seeded data home (bench/seed.mjs: events, KB entries with vectors) it times, as whole
// processes: the background job `node dist/worker.js integrity-check` on a sound database (the
// once-a-day check) next to the floor `node dist/worker.js <unknown job>` (the worker starting and
// exiting), then `self-gen repair` on a copy whose error_kb_fts pages were overwritten with garbage
// (salvage into a fresh database), and reports how many rows the salvage kept. No hook runs any of
// this: hooks only write a flag file when SQLite reports damage.
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seed } from './seed.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const WORKER = join(ROOT, 'dist', 'worker.js');
const CLI = join(ROOT, 'dist', 'cli.js');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const N_EVENTS = arg('events', 100_000);
const N_KB = arg('kb', 10_000);
const RUNS = arg('runs', 5);

const dir = mkdtempSync(join(tmpdir(), 'sg-bench-integrity-'));
const home = join(dir, 'home');
const env = { ...process.env, SELF_GEN_HOME: home, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_NO_DAEMON: '1' };
delete env.SELF_GEN_DEBUG;
const db = join(home, 'data', 'self-gen.db');

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
function time(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, out: r.stdout };
}

function smash(file, table) {
  const d = new Database(file, { readonly: true });
  const pages = d.prepare(`SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'`).all(table);
  const size = d.pragma('page_size', { simple: true });
  d.close();
  const fd = openSync(file, 'r+');
  for (const { pageno } of pages) {
    const junk = Buffer.alloc(size);
    for (let i = 0; i < size; i++) junk[i] = (i * 31 + pageno) & 0xff;
    writeSync(fd, junk, 0, size, (pageno - 1) * size);
  }
  closeSync(fd);
  return pages.length;
}

try {
  process.stdout.write(`seeding ${N_EVENTS} events and ${N_KB} KB entries… `);
  seed(home, N_EVENTS, N_KB, { hookJs: join(ROOT, 'dist', 'hook.cjs') });
  const mb = (statSync(db).size / 1024 / 1024).toFixed(1);
  console.log(`${mb} MB`);
  const pristine = join(dir, 'pristine.db');
  copyFileSync(db, pristine);

  const floor = [];
  const check = [];
  for (let i = 0; i < RUNS; i++) {
    floor.push(time([WORKER, 'no-such-job']).ms);
    rmSync(join(home, 'data', 'integrity-checked'), { force: true }); // due again
    check.push(time([WORKER, 'integrity-check']).ms);
  }

  const repair = [];
  let kept = null;
  for (let i = 0; i < Math.max(1, Math.min(RUNS, 3)); i++) {
    for (const s of ['', '-wal', '-shm']) rmSync(db + s, { force: true });
    copyFileSync(pristine, db);
    const pages = smash(db, 'error_kb_fts_data');
    repair.push(time([CLI, 'repair']).ms);
    const log = readFileSync(join(home, 'data', 'recovery.log'), 'utf8')
      .trim()
      .split('\n');
    kept = { pages, ...JSON.parse(log[log.length - 1]).salvaged };
  }

  const f = median(floor);
  console.log(`\nintegrity check on a ${mb} MB database (median of ${RUNS}; processes, wall time)`);
  console.log(`| what | median | over the worker floor |`);
  console.log(`|---|---|---|`);
  console.log(`| floor: worker start + exit | ${f.toFixed(0)} ms | |`);
  console.log(
    `| daily check (quick_check + FTS integrity-check), sound database | ${median(check).toFixed(0)} ms | +${(median(check) - f).toFixed(0)} ms |`,
  );
  console.log(
    `| \`self-gen repair\` after ${kept.pages} error_kb_fts pages were overwritten (salvage + move aside) | ${median(repair).toFixed(0)} ms | +${(median(repair) - f).toFixed(0)} ms |`,
  );
  console.log(
    `\nsalvaged: ${kept.events}/${N_EVENTS + 1} events, ${kept.error_kb}/${N_KB} KB entries, ${kept.vec_error_kb ?? 0}/${N_KB} vectors (indexes rebuilt)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
