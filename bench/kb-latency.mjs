// searchErrorKB latency at 10k and 100k KB entries, per tier (exact, similar (the matcher), vector through
// the embedding daemon running the tiny test model), daemon embed latency and daemon RSS.
// Needs dist/ (node scripts/build.mjs). Usage: node bench/kb-latency.mjs [--sizes 10000,100000] [--runs 200]
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundle, ROOT } from './kb-build.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : d;
};
const SIZES = opt('--sizes', '10000,100000').split(',').map(Number);
const RUNS = Number(opt('--runs', '200'));
const DAEMON_JS = join(ROOT, 'dist', 'daemon.js');
if (!existsSync(DAEMON_JS)) {
  console.error('dist/daemon.js is missing: run `node scripts/build.mjs` first');
  process.exit(1);
}

const m = await bundle(
  'kb-latency',
  `export * from './src/error-kb/normalize.ts';
   export * from './src/error-kb/record.ts';
   export * from './src/error-kb/search.ts';
   export * from './src/error-kb/embeddings.ts';
   export { errorKey } from './src/error-kb/error-key.ts';
   export { openDb, closeDb } from './src/db/db.ts';
   export { synthErrors } from './bench/kb-synth.ts';
   export { writeTinyModel } from './test/helpers/tiny-model.ts';
   export { ensureDaemon, pingDaemon, stopDaemon, embedViaDaemon } from './src/embed/client.ts';`,
);

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1] };
}
const fmt = (x) => `${x.toFixed(2)} ms`;

function randomUnit(r, dims = 384) {
  const v = new Float32Array(dims);
  let n = 0;
  for (let i = 0; i < dims; i++) {
    v[i] = r() * 2 - 1;
    n += v[i] * v[i];
  }
  n = Math.sqrt(n);
  for (let i = 0; i < dims; i++) v[i] /= n;
  return v;
}

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

async function timeIt(fn, runs) {
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

const rows = [];
const daemonRows = [];
const root = mkdtempSync(join(tmpdir(), 'sg-kb-latency-'));
const modelDir = join(root, 'tiny-model');
m.writeTinyModel(modelDir);

try {
  for (const size of SIZES) {
    const home = join(root, `home-${size}`);
    const env = { ...process.env, SELF_GEN_HOME: home, SELF_GEN_DAEMON_SCRIPT: DAEMON_JS };
    const db = m.openDb({ env });
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ embedding: { modelPath: modelDir, daemonTimeoutMs: 200 } }),
    );
    // Fill: synthetic errors through the real normalizer, UPSERT SQL and FTS triggers; random unit vectors.
    const t0 = performance.now();
    const raws = m.synthErrors(size, 11);
    const keys = [];
    db.transaction(() => {
      for (const raw of raws) {
        const key = m.normalizeError(raw);
        if (
          m.recordResolution(db, key, { errorRaw: raw, resolution: 'bench fix', resolvedBy: 'Bash' }) !== null
        )
          keys.push(key);
      }
    })();
    const ids = db
      .prepare('SELECT id FROM error_kb')
      .all()
      .map((r) => r.id);
    const raw = new Database(join(home, 'data', 'self-gen.db'));
    sqliteVec.load(raw);
    raw.exec(
      'CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(error_kb_id INTEGER PRIMARY KEY, embedding float[384] distance_metric=cosine)',
    );
    const ins = raw.prepare('INSERT INTO vec_error_kb (error_kb_id, embedding) VALUES (?, ?)');
    const r = rng(5);
    raw.transaction(() => {
      for (const id of ids) ins.run(BigInt(id), Buffer.from(randomUnit(r).buffer));
    })();
    raw.close();
    const fillMs = performance.now() - t0;
    console.log(`${size}: filled ${ids.length} entries (+ vectors) in ${(fillMs / 1000).toFixed(1)} s`);

    // Fresh connection, as a hook process has.
    m.closeDb();
    db.close();
    const db2 = m.openDb({ env });
    const pick = (i) => keys[(i * 7919) % keys.length];
    const noVec = { embedder: null, bump: false, normalized: true };

    const exact = await timeIt((i) => m.searchErrorKB(db2, pick(i), noVec), RUNS);
    const similar = await timeIt((i) => m.searchErrorKB(db2, pick(i) + ' (while loading)', noVec), RUNS);
    const similar2 = await timeIt((i) => m.searchErrorKB(db2, 'at startup: ' + pick(i), noVec), RUNS);
    const lexMiss = await timeIt(
      (i) => m.searchErrorKB(db2, `unrelated failure number ${i} in zzqx${i}`, noVec),
      RUNS,
    );
    // Hit checks (a benchmark of misses would flatter the numbers).
    const chk = await Promise.all([
      m.searchErrorKB(db2, pick(3), noVec),
      m.searchErrorKB(db2, pick(3) + ' (while loading)', noVec),
      m.searchErrorKB(db2, 'at startup: ' + pick(3), noVec),
    ]);
    const tiersSeen = chk.map((c) => c?.tier ?? 'none').join('/');

    // Vector tier through a running daemon (tiny model).
    await m.ensureDaemon(env);
    let info = null;
    for (let i = 0; i < 200 && !info?.loaded; i++) {
      await sleep(50);
      info = await m.pingDaemon({ env, timeoutMs: 500 });
    }
    if (!info?.loaded) throw new Error('the daemon did not start');
    const viaDaemon = { bump: false, normalized: true, env, daemonTimeoutMs: 200 };
    const coldT = performance.now();
    const cold = await m.searchErrorKB(db2, 'kubelet eviction storm in rack seven', viaDaemon);
    const vecCold = performance.now() - coldT;
    const trace = { tiers: [] };
    await m.searchErrorKB(db2, 'kubelet eviction storm in rack seven', { ...viaDaemon, trace });
    const vector = await timeIt(
      (i) => m.searchErrorKB(db2, `kubelet eviction storm in rack ${i}`, viaDaemon),
      RUNS,
    );
    const fullMiss = await timeIt(
      (i) => m.searchErrorKB(db2, `kubelet eviction storm in rack ${i}`, viaDaemon),
      RUNS,
    );

    const add = (tier, xs, note = '') => {
      const s = stats(xs);
      rows.push({
        entries: size,
        search: tier,
        median: fmt(s.median),
        p95: fmt(s.p95),
        max: fmt(s.max),
        note,
      });
    };
    add('exact hit', exact, tiersSeen.split('/')[0]);
    add('text added after the key (no vector)', similar, tiersSeen.split('/')[1]);
    add('text added before the key (no vector)', similar2, tiersSeen.split('/')[2]);
    add('unknown error (no vector)', lexMiss);
    add(
      'vector via daemon',
      vector,
      `cold first query ${fmt(vecCold)} (loads sqlite-vec), result ${cold ? cold.tier : 'none'}`,
    );
    add('all tiers, no match', fullMiss, 'exact+similar+vector(daemon)');
    const vt = trace.tiers.find((t) => t.tier === 'vector');
    if (vt) rows[rows.length - 2].note += `; vector tier ${fmt(vt.ms)} of it`;

    if (size === SIZES[0]) {
      const one = await timeIt(
        () => m.embedViaDaemon(['Cannot find module <STR>'], { env, timeoutMs: 2000 }),
        RUNS,
      );
      const texts = Array.from(
        { length: 50 },
        (_, i) => `error number ${i}: cannot find module <STR> in <PATH>`,
      );
      const fifty = await timeIt(() => m.embedViaDaemon(texts, { env, timeoutMs: 10000 }), 20);
      const down = await timeIt(
        () =>
          m.embedViaDaemon(['x'], { env: { ...env, SELF_GEN_HOME: join(root, 'nobody') }, timeoutMs: 60 }),
        50,
      );
      info = await m.pingDaemon({ env, timeoutMs: 500 });
      const s1 = stats(one);
      const s50 = stats(fifty);
      const sd = stats(down);
      daemonRows.push({ measure: 'embed 1 text (round trip)', median: fmt(s1.median), p95: fmt(s1.p95) });
      daemonRows.push({
        measure: 'embed 50 texts (one request)',
        median: fmt(s50.median),
        p95: fmt(s50.p95),
      });
      daemonRows.push({
        measure: 'no daemon: embedViaDaemon returns null',
        median: fmt(sd.median),
        p95: fmt(sd.p95),
      });
      daemonRows.push({ measure: 'model load in daemon', median: fmt(info.loadMs ?? 0), p95: '' });
      daemonRows.push({
        measure: 'daemon RSS (tiny model)',
        median: `${(info.rssBytes / 1024 / 1024).toFixed(1)} MB`,
        p95: '',
      });
    }
    await m.stopDaemon({ env });
    m.closeDb();
    db2.close();
    rmSync(home, { recursive: true, force: true });
  }
  console.log(`\nsearchErrorKB latency, in process, ${RUNS} runs each (node ${process.versions.node}):`);
  console.table(rows);
  console.log('embedding daemon (tiny test model: a BERT-shaped 1-layer ONNX graph, not the real MiniLM):');
  console.table(daemonRows);
} finally {
  rmSync(root, { recursive: true, force: true });
}
