#!/usr/bin/env node
/* global performance */
// Benchmark of the MCP server (#17.1) against the built dist/ — run `node scripts/build.mjs` first.
//
//   node bench/mcp.mjs [--runs 30] [--events 20000] [--kb 10000] [--json]
//
// A temporary data home seeded by bench/seed.mjs (events in 20 projects, KB entries with vectors).
// Start: `node dist/mcp.js` spawned until the MCP handshake is done, next to the floor of spawning
// `node -e 0`. Per tool: median / p95 of a call over --runs, next to the floor of a protocol-only
// round trip (tools/list) on the same connection; and the largest answer in characters (bound: 8,000).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { seed } from './seed.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg('runs', 30);
const N_EVENTS = arg('events', 20_000);
const N_KB = arg('kb', 10_000);
const JSON_OUT = process.argv.includes('--json');

const dir = mkdtempSync(join(tmpdir(), 'sg-bench-mcp-'));
const home = join(dir, 'home');
const project = '/home/dev/project-3';
const env = {
  ...process.env,
  SELF_GEN_HOME: home,
  CLAUDE_PROJECT_DIR: project,
  HOME: join(dir, 'user'),
  SELF_GEN_NO_BACKGROUND: '1',
  SELF_GEN_NO_DAEMON: '1',
};
mkdirSync(env.HOME, { recursive: true });
seed(home, N_EVENTS, N_KB, { hookJs: join(ROOT, 'dist', 'hook.cjs') });

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), min: s[0] };
};
const fmt = (x) => `${x.toFixed(1)} ms`;

function floorSpawn() {
  const t = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - t;
}

async function connect() {
  const t = performance.now();
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'dist', 'mcp.js')],
      env,
      cwd: dir,
    }),
  );
  return { client, ms: performance.now() - t };
}

const startRuns = Math.max(5, Math.floor(RUNS / 3));
const floor = [];
const start = [];
for (let i = 0; i < startRuns; i++) {
  floor.push(floorSpawn());
  const c = await connect();
  start.push(c.ms);
  await c.client.close();
}

const { client } = await connect();
const CALLS = {
  'tools/list (floor)': null,
  search_errors: { query: "Error: Cannot find module './src/module-7.ts'" },
  'search_errors (index)': { query: 'module', limit: 50 },
  recent_errors: { limit: 50 },
  file_history: { file: 'src/file23.ts', limit: 50 },
  suggestions: {},
  session_findings: {},
};
const rows = [];
for (const [name, args] of Object.entries(CALLS)) {
  const ms = [];
  let maxChars = 0;
  let errors = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t = performance.now();
    if (args === null) await client.listTools();
    else {
      const r = await client.callTool({ name: name.split(' ')[0], arguments: args });
      maxChars = Math.max(maxChars, r.content.map((c) => c.text).join('').length);
      if (r.isError) errors++;
    }
    if (i >= 2) ms.push(performance.now() - t);
  }
  rows.push({ name, ...stats(ms), maxChars, errors });
}
await client.close();
rmSync(dir, { recursive: true, force: true });

const s = stats(start);
const f = stats(floor);
const out = { events: N_EVENTS, kb: N_KB, runs: RUNS, start: s, startFloor: f, calls: rows };
if (JSON_OUT) console.log(JSON.stringify(out, null, 2));
else {
  console.log(
    `start (spawn → handshake done): median ${fmt(s.median)}, p95 ${fmt(s.p95)}; floor node -e 0: median ${fmt(f.median)} (×${(s.median / f.median).toFixed(1)})`,
  );
  const fl = rows[0];
  for (const r of rows)
    console.log(
      `${r.name.padEnd(24)} median ${fmt(r.median).padStart(9)}  p95 ${fmt(r.p95).padStart(9)}  +${(r.median - fl.median).toFixed(1)} ms over the floor  largest answer ${r.maxChars} chars${r.errors ? `, ${r.errors} error answers` : ''}`,
    );
}
