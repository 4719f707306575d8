// Builds a benchmark data home: N events (P projects, S sessions) and K error_kb entries with
// embeddings, in the shapes the collectors write. Usage: node bench/seed.mjs <home> [events] [kb]
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const TOOLS = ['Bash', 'Read', 'Edit', 'Write', 'Grep', 'Glob', 'Agent'];
const AGENTS = ['executor', 'executor-low', 'architect', 'general-purpose', 'Explore', 'build-fixer'];
const ERRORS = [
  "Cannot find module '/x/node_modules/react/index.js'",
  'npm ERR! code ERESOLVE unable to resolve dependency tree',
  "src/app.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'.",
  'ModuleNotFoundError: No module named requests',
  'error[E0382]: borrow of moved value: `v`',
  'fatal: not a git repository (or any of the parent directories): .git',
  'FAILED tests/test_api.py::test_get - AssertionError: assert 404 == 200',
  'permission denied while trying to connect to the Docker daemon socket',
  'EADDRINUSE: address already in use :::3000',
  'SyntaxError: Unexpected token } in JSON at position 42',
];

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export function seed(home, nEvents = 100_000, nKb = 10_000, { projects = 20, sessions = 500, hookJs } = {}) {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  // Let the real code create the schema (migrations) first.
  spawnSync(process.execPath, [hookJs, 'SessionStart'], {
    input: JSON.stringify({
      hook_event_name: 'SessionStart',
      session_id: 'bench-init',
      cwd: '/tmp',
      source: 'startup',
    }),
    env: { ...process.env, SELF_GEN_HOME: home, SELF_GEN_NO_BACKGROUND: '1' },
  });
  const db = new Database(join(home, 'data', 'self-gen.db'));
  sqliteVec.load(db);
  db.exec(
    `CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(error_kb_id INTEGER PRIMARY KEY, embedding float[384] distance_metric=cosine)`,
  );
  const r = rng(42);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const ev = db.prepare(
    'INSERT INTO events (v, type, ts, session_id, project, project_path, data) VALUES (1, ?, ?, ?, ?, ?, ?)',
  );
  const ef = db.prepare('INSERT INTO event_files (event_id, name, path) VALUES (?, ?, ?)');
  const fts = db.prepare('INSERT INTO events_fts (rowid, text) VALUES (?, ?)');
  const start = Date.now() - 30 * 86400 * 1000;
  db.transaction(() => {
    for (let i = 0; i < nEvents; i++) {
      const p = i % projects;
      const s = Math.floor((i / nEvents) * sessions);
      const ts = new Date(start + (i / nEvents) * 30 * 86400 * 1000).toISOString();
      const project = `project-${p}`;
      const projectPath = `/home/dev/${project}`;
      const roll = r();
      let type;
      let data;
      let file = null;
      let text;
      if (roll < 0.08) {
        type = 'prompt';
        data = { length: 40, text: `please fix the failing build in module ${i % 97}` };
        text = data.text;
      } else if (roll < 0.16) {
        type = 'tool_error';
        const err = pick(ERRORS);
        file = `${projectPath}/src/file${i % 300}.ts`;
        data = {
          tool: pick(['Bash', 'Edit', 'Write']),
          error: err.replace(/\/[^\s']+/g, '<PATH>').replace(/\d{2,}/g, '<N>'),
          errorRaw: `${err} in ${file}`,
          filePath: file,
          files: [file],
          isInterrupt: false,
        };
        text = data.errorRaw;
      } else if (roll < 0.19) {
        type = 'subagent_stop';
        data = { agentType: pick(AGENTS), agentId: `a${i}`, success: r() < 0.8 ? 1 : 0, durationMs: 5000 };
      } else if (roll < 0.22) {
        type = 'subagent_start';
        data = { agentType: pick(AGENTS), agentId: `a${i}` };
      } else if (roll < 0.23) {
        type = 'resolution';
        data = {
          errorEventId: i - 3,
          error: pick(ERRORS),
          resolvedBy: 'Bash',
          toolSequence: ['Bash'],
          resolution: 'Bash: npm install',
        };
      } else {
        type = 'tool_use';
        const tool = pick(TOOLS);
        file = tool === 'Bash' ? null : `${projectPath}/src/file${i % 300}.ts`;
        data = {
          tool,
          input: file ? { file_path: file } : { command: 'npm test' },
          success: 1,
          durationMs: 20,
        };
        text = `${tool} ${file ?? 'npm test'}`;
      }
      const id = Number(
        ev.run(type, ts, `session-${s}`, project, projectPath, JSON.stringify(data)).lastInsertRowid,
      );
      if (file) ef.run(id, file.split('/').pop(), file);
      if (text) fts.run(id, text);
    }
  })();
  const kb = db.prepare(
    'INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const vec = db.prepare('INSERT INTO vec_error_kb (error_kb_id, embedding) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < nKb; i++) {
      const base = ERRORS[i % ERRORS.length];
      const norm = `${base.slice(0, 60)} variant ${i} <STR>`;
      const id = Number(
        kb.run(
          new Date(start + i * 1000).toISOString(),
          norm,
          `${base} (${i})`,
          `fix #${i}: npm install`,
          'Bash',
          '["Bash"]',
          i % 7,
        ).lastInsertRowid,
      );
      const v = new Float32Array(384);
      let n = 0;
      for (let d = 0; d < 384; d++) n += (v[d] = r() - 0.5) ** 2;
      n = Math.sqrt(n);
      for (let d = 0; d < 384; d++) v[d] /= n;
      vec.run(BigInt(id), Buffer.from(v.buffer));
    }
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const [home, n, k] = process.argv.slice(2);
  seed(home, Number(n ?? 100000), Number(k ?? 10000), { hookJs: join(process.cwd(), 'dist', 'hook.cjs') });
  console.log(`seeded ${home}`);
}
