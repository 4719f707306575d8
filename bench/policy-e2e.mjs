// The fix policy end to end (issue #31): every fix of a corpus taught the way a hostile repository
// would — a command fails with its own error, the "fix" runs, the command passes — in project A and
// again in project B (two repositories, each its own origin), through the built hooks as installed
// (warm mode: the warm hook server behind dist/hook-warm.bash; or process mode), with a transcript
// that grows as Claude Code's does, Stop and SessionEnd, and after each SessionEnd the session-end
// job the hook starts (dist/worker.js session-end: the fix policy judges what was learned). Then in
// project C (a third repository) the same error happens again, and everything that reaches Claude is
// collected: PreToolUse guides, PostToolUseFailure advice, SubagentStart context, SessionStart and
// UserPromptSubmit context, and the MCP server's search_errors / recent_errors answers. A fix is
// advised when its command (a long one's first 60 characters; an edit's new text; a write's path)
// shows in any of them. The same look in project A (where it was proven: advice allowed there).
//
//   node bench/policy-e2e.mjs [--json] [--md] [--limit N] [--half heldout|tune|all]
//                             [--corpus v2|old|<file.json|module.mjs>] [--process] [--background]
//                             [--dump <file>] [--keep]
//
// --limit N: at most N dangerous and N ordinary fixes, taken across the classes in turn.
// --process: process-mode hooks (node dist/hook.cjs per hook) instead of the warm server.
// --background: the hooks start their detached workers themselves (per learned fix and at
//   SessionEnd), and the run waits for them; by default the hooks start none and the run runs the
//   session-end job after each SessionEnd itself (the same job, the same verdicts; ~1,400 workers
//   fewer on a full corpus).
// --dump <file>: every answer that reached Claude, one JSON line each (project, fix, channel, text).
// Exits 1 when a dangerous fix is advised in project C; 2 when a hook broke the hook protocol.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { bundle, ROOT } from './kb-build.mjs';
import { loadE2eCorpus } from './policy/e2e/corpus-source.mjs';
import { startHooks } from './policy/e2e/hooks.mjs';
import { connectMcp } from './policy/e2e/mcp.mjs';
import { scenarioOf, shows } from './policy/e2e/scenario.mjs';
import { Session } from './policy/e2e/session.mjs';
import { printReport, summarize } from './policy/e2e/report.mjs';

const require = createRequire(import.meta.url);
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const JSON_OUT = flag('json');
const LIMIT = option('limit') ? Number(option('limit')) : Infinity;
const HALF = option('half') ?? 'all';
const BACKGROUND = flag('background');
if (!['all', 'tune', 'heldout'].includes(HALF) || !(LIMIT > 0)) {
  console.error(
    'usage: node bench/policy-e2e.mjs [--json] [--md] [--limit N] [--half heldout|tune|all] [--corpus v2|old|<file>] [--process] [--background]',
  );
  process.exit(2);
}
for (const f of ['hook.cjs', 'hook-server.js', 'worker.js', 'mcp.js'])
  if (!existsSync(join(ROOT, 'dist', f))) {
    console.error(`dist/${f} is missing\nfix: run \`npm run build\``);
    process.exit(2);
  }
const log = (m) => process.stderr.write(`${m}\n`);
const t0 = Date.now();
const secs = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

// ---------------------------------------------------------------- the fixes
const corpus = await loadE2eCorpus(option('corpus'));
/** At most `n` entries, taking the groups (classes) in turn so that each is represented. */
function spread(list, group, n) {
  if (list.length <= n) return list;
  const groups = new Map();
  for (const e of list) groups.set(group(e), [...(groups.get(group(e)) ?? []), e]);
  const out = [];
  for (let round = 0; out.length < n; round++)
    for (const g of groups.values()) if (g[round] && out.length < n) out.push(g[round]);
  return out;
}
const inHalf = (e) => HALF === 'all' || e.half === HALF;
const entries = [
  ...spread(corpus.dangerous.filter(inHalf), (e) => e.cls, LIMIT).map((e) => ({ ...e, kind: 'dangerous' })),
  ...spread(corpus.ordinary.filter(inHalf), (e) => e.source, LIMIT).map((e) => ({
    ...e,
    kind: 'ordinary',
    cls: e.source,
  })),
];
const all = entries.map((e, i) => ({ ...e, sc: scenarioOf(i, e.fix) }));
const active = all.filter((e) => e.sc.kind !== 'unsupported');

// Every error must have its own knowledge-base key (the product's own errorKey), else entries collide.
const { errorKey } = await bundle('policy-e2e', "export { errorKey } from './src/error-kb/error-key.ts';");
const keyOf = new Map();
{
  const seen = new Map();
  for (const e of active) {
    const k = errorKey(e.sc.failing('/tmp/project').error).normalized;
    keyOf.set(e, k);
    if (e.sc.kind !== 'tool-usage' && seen.has(k)) throw new Error(`two fixes share the error key ${k}`);
    seen.set(k, e);
  }
}
log(
  `policy-e2e: ${corpus.name}, half ${HALF}: ${all.filter((e) => e.kind === 'dangerous').length} dangerous, ${all.filter((e) => e.kind === 'ordinary').length} ordinary fixes (${all.length - active.length} no tool call can make)`,
);

// ---------------------------------------------------------------- the machine
const dir = mkdtempSync(join(tmpdir(), 'sg-policy-e2e-'));
const home = join(dir, 'sg-home');
const userHome = join(dir, 'user-home');
mkdirSync(userHome, { recursive: true });
mkdirSync(home, { recursive: true, mode: 0o700 });
// No AI analysis (it would start the Claude Code CLI on the network): only the policy is measured.
writeFileSync(join(home, 'config.json'), JSON.stringify({ analysis: { auto: false } }));
const env = { ...process.env, SELF_GEN_HOME: home, HOME: userHome, SELF_GEN_NO_DAEMON: '1' };
for (const k of ['CLAUDE_PROJECT_DIR', 'SELF_GEN_DEBUG', 'SELF_GEN_DISABLE', 'SELF_GEN_NO_BACKGROUND'])
  delete env[k];
if (!BACKGROUND) env.SELF_GEN_NO_BACKGROUND = '1';
/** A repository folder with its own origin (identity: clones of one repository are one project). */
function repository(name) {
  const p = join(dir, name);
  for (const args of [
    ['init', '-q', p],
    ['-C', p, 'remote', 'add', 'origin', `https://github.com/acme-${name}/${name}.git`],
  ]) {
    const r = spawnSync('git', args, { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  }
  return p;
}
const A = repository('alpha');
const B = repository('beta');
const C = repository('gamma');

/** Processes working in this run's folder other than this one and the warm server (background mode). */
function othersRunning(except) {
  if (!existsSync('/proc')) return 0;
  let n = 0;
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid || except.has(Number(e))) continue;
    try {
      const seen = ['cmdline', 'environ'].map((f) => readFileSync(join('/proc', e, f), 'latin1')).join('\0');
      const stat = readFileSync(join('/proc', e, 'stat'), 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z') continue;
      if (seen.includes(`${dir}/`)) n++;
    } catch {}
  }
  return n;
}

const hooks = await startHooks(ROOT, env, flag('process') ? 'process' : 'warm');
log(`hooks: ${hooks.mode} mode; data home ${home}`);
const TURN = 10; // fixes per user turn (UserPromptSubmit … Stop)

/** Background mode: until the detached workers the hooks started (in this run's folder) are done. */
async function workersDone() {
  const except = new Set([hooks.serverPid].filter(Boolean));
  const until = Date.now() + 600_000;
  while (othersRunning(except) && Date.now() < until) await pause(200);
}

/**
 * After SessionEnd: the session-end job it starts (the fix policy's verdicts among its steps),
 * waited for — run here unless the hooks started it (background mode, where /proc shows it).
 */
async function afterSessionEnd(s) {
  if (BACKGROUND && existsSync('/proc')) return workersDone();
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'dist', 'worker.js'), 'session-end', s.id, s.transcript],
    {
      env,
      timeout: 600_000,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) hooks.problems.push(`worker session-end exited ${r.status}: ${r.stderr.slice(0, 300)}`);
}

/** Project `project` learns every fix: the command fails, the fix runs, the command passes. */
async function teach(project, label) {
  const s = new Session({ hooks, home: userHome, project });
  await s.start();
  for (const [k, e] of active.entries()) {
    if (k % TURN === 0) {
      if (k) await s.stop();
      await s.prompt(`the build fails in part ${k / TURN + 1}: fix it`);
    }
    await s.tool(e.sc.failing(project, userHome));
    for (const call of e.sc.fixCalls(project, userHome)) await s.tool(call);
    await s.tool(e.sc.proof(project, userHome));
    if ((k + 1) % 100 === 0) log(`  ${label}: ${k + 1}/${active.length} fixes taught (${secs()})`);
  }
  await s.stop('All fixed.');
  await s.end();
  await afterSessionEnd(s);
  log(`  ${label}: taught, session-end job done (${secs()})`);
}

/**
 * In `project`, every error happens again: what reaches Claude, by channel, per fix (`k`) or for
 * the session (`k` null).
 */
async function look(project, label) {
  const seen = [];
  let current = null;
  const s = new Session({
    hooks,
    home: userHome,
    project,
    seen: (channel, text) => seen.push({ k: current, channel, text }),
  });
  const mcp = await connectMcp(ROOT, env, project);
  await s.start();
  for (const [k, e] of active.entries()) {
    current = null;
    if (k % TURN === 0) {
      if (k) await s.stop();
      await s.prompt(`the build fails in part ${k / TURN + 1}: fix it`);
    }
    current = k;
    const failing = e.sc.failing(project, userHome);
    const channels = { pre: 'pre-tool guide', failure: 'failure advice' };
    await s.tool(failing, channels);
    seen.push({
      k,
      channel: 'mcp search_errors',
      text: await mcp.call('search_errors', { query: failing.error }),
    });
    await s.subagent(
      `Find why ${e.sc.tag} fails to build`,
      `## Findings\n- Reviewed: the ${e.sc.tag} module\n- Issue: its setup step is missing`,
    );
    await s.tool(failing, channels); // the same call again: it fails again
    current = null;
    if ((k + 1) % 25 === 0 || k === active.length - 1)
      seen.push({
        k: null,
        channel: 'mcp recent_errors',
        text: await mcp.call('recent_errors', { limit: 50 }),
      });
    if ((k + 1) % 100 === 0) log(`  ${label}: ${k + 1}/${active.length} errors seen again (${secs()})`);
  }
  await s.stop('Stopped.');
  await s.end();
  await mcp.close();
  if (BACKGROUND) await workersDone();
  return seen;
}

/**
 * The channels where entry k's fix showed: the answers about its own error, the session's (k null),
 * and for a dangerous fix any other's (marked so).
 */
function advised(seen, k, marks, anywhere) {
  const where = new Set();
  const shared = marks.filter((m) => !m.ownOnly);
  for (const r of seen) {
    if (r.k !== k && r.k !== null && !anywhere) continue;
    if ((r.k === k ? marks : shared).some((m) => shows(r.text, m)))
      where.add(r.k === k || r.k === null ? r.channel : `${r.channel} (another error's)`);
  }
  return [...where];
}

/** What the knowledge base holds for each fix after A and B (diagnostics; null when unreadable). */
function stored() {
  try {
    const Database = require('better-sqlite3');
    const db = new Database(join(home, 'data', 'self-gen.db'), { readonly: true });
    try {
      const rows = db
        .prepare(
          `SELECT k.error_normalized AS key, f.resolution, f.confirmations, f.policy_class AS cls, f.policy_reason AS reason
           FROM error_kb k LEFT JOIN error_kb_fixes f ON f.kb_id = k.id`,
        )
        .all();
      const byKey = new Map();
      for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
      return byKey;
    } finally {
      db.close();
    }
  } catch (e) {
    log(`(the knowledge base could not be read for diagnostics: ${String(e).slice(0, 200)})`);
    return null;
  }
}

let exitCode = 0;
try {
  log(`teaching in A (${A}) and B (${B}) …`);
  await teach(A, 'A');
  await teach(B, 'B');
  const kb = stored();
  log(`the same errors in C (${C}) …`);
  const seenC = await look(C, 'C');
  log(`… and in A, where they were proven …`);
  const seenA = await look(A, 'A again');
  if (option('dump'))
    writeFileSync(
      option('dump'),
      [...seenC.map((r) => ({ project: 'C', ...r })), ...seenA.map((r) => ({ project: 'A', ...r }))]
        .map((r) => JSON.stringify({ ...r, fix: r.k === null ? null : active[r.k].fix }))
        .join('\n') + '\n',
    );
  const results = all.map((e, i) => {
    const base = { kind: e.kind, cls: e.cls, half: e.half, fix: e.fix };
    if (e.sc.kind === 'unsupported') return { ...base, skipped: 'no tool call makes this fix' };
    const k = active.indexOf(e);
    const marks = e.sc.marks(A, userHome);
    const rows = kb?.get(keyOf.get(e)) ?? [];
    const own = rows.find((r) => r.resolution && marks.some((m) => shows(r.resolution, m)));
    return {
      ...base,
      i,
      learned: kb ? !!own : null,
      confirmations: own?.confirmations ?? 0,
      verdict: own ? (own.cls ?? 'unjudged') : null,
      reason: own?.reason ?? null,
      advisedC: advised(seenC, k, marks, e.kind === 'dangerous'),
      advisedA: advised(seenA, k, marks, false),
    };
  });
  const summary = summarize(results, {
    corpus: corpus.name,
    half: HALF,
    mode: hooks.mode,
    background: BACKGROUND,
    hookCalls: hooks.calls,
    seconds: Math.round((Date.now() - t0) / 1000),
    problems: hooks.problems,
  });
  if (JSON_OUT) console.log(JSON.stringify({ ...summary, results }));
  else printReport(summary, results, { markdown: flag('md') });
  if (summary.dangerous.advisedC > 0) exitCode = 1;
  else if (hooks.problems.length) exitCode = 2;
} finally {
  await hooks.stop();
  if (!flag('keep')) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  else log(`kept ${dir}`);
}
process.exit(exitCode);
