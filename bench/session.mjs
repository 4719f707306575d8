// npm run bench:session (part of npm run bench): what our hooks cost a user, measured as a user
// feels it. The real Claude Code CLI (node_modules, 2.1.197) against the local API stub answering at
// once plays one scripted session of 27 tool calls (Read, Grep, Glob, Bash ok and failing, Edit,
// Write), run alternately without our hooks, with them in process mode and in warm mode (paired
// runs, the order rotating). Prints medians: session time per mode, added ms per tool call, the
// ratio to the session without hooks, and the time Claude Code spent in each hook event kind (from
// the hook records in its transcript). Writes bench/results/session.json.
//
// BENCH_SESSION_PAIRS (default 5) sets the number of rounds; BENCH_SESSION_MODES (default
// "none,noop-prev,noop-sync,noop,process,warm") the modes. noop is process mode's hook layout with
// every command the shell's `true` (what Claude Code itself spends on running those hooks: the
// floor of any command hook); noop-sync the same with every hook synchronous (warm mode's layout);
// noop-prev the layout before issue #15's transcript ingestion (a synchronous PostToolUse for
// every tool call, no Stop hook), each command `true`; warm-async (not by default) warm mode with
// process mode's async flags, for comparison; warm-floor (not by default) the sh + curl client's work
// (sh, cat, curl to the running server, which answers 404 at once) without our handlers; warm-prev /
// process-prev (not by default) our hooks in the layout before #15, to measure what reading successes
// from the transcript saves; warm-curl (not by default) warm mode with the sh + curl client instead of
// the bash one.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout, clearTimeout } from 'node:timers';
import { bundle, ROOT } from './kb-build.mjs';

const PAIRS = Math.max(1, Number(process.env.BENCH_SESSION_PAIRS ?? 5));
const MODES = (process.env.BENCH_SESSION_MODES ?? 'none,noop-prev,noop-sync,noop,process,warm')
  .split(',')
  .filter(Boolean);
const CLAUDE = join(ROOT, 'node_modules', '.bin', 'claude');
const CLI = join(ROOT, 'dist', 'cli.js');
if (!existsSync(CLAUDE)) {
  console.log(`session bench skipped: ${CLAUDE} is absent (npm install the dev dependency)`);
  process.exit(0);
}
if (!existsSync(CLI)) {
  console.log('session bench skipped: run `npm run build` first');
  process.exit(0);
}

const { startAnthropicStub, toolUse } = await bundle(
  'session-stub',
  "export { startAnthropicStub, toolUse } from './test/helpers/anthropic-stub.ts';",
);

const root = realpathSync(mkdtempSync(join(tmpdir(), 'sg-bench-session-')));
const home = join(root, 'home');
const dataHome = join(root, 'sg-home');
const proj = join(root, 'proj');
for (const d of [home, proj, join(home, '.config'), join(home, '.cache')]) mkdirSync(d, { recursive: true });

const env = {
  PATH: process.env.PATH,
  HOME: home,
  USER: process.env.USER ?? 'bench',
  LANG: 'C.UTF-8',
  TERM: 'dumb',
  SELF_GEN_HOME: dataHome,
  // Steady state only: no detached analysis/embedding work competing with the next runs.
  SELF_GEN_NO_BACKGROUND: '1',
  SELF_GEN_NO_DAEMON: '1',
  XDG_CONFIG_HOME: join(home, '.config'),
  XDG_CACHE_HOME: join(home, '.cache'),
  NO_PROXY: '127.0.0.1,localhost',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  ANTHROPIC_API_KEY: 'sk-ant-bench-stub-key',
  // Where our side's time goes: every hook run appends a record to logs/hook-timing.jsonl (bench only).
  SELF_GEN_HOOK_TIMING: '1',
};
const TIMING_FILE = join(dataHome, 'logs', 'hook-timing.jsonl');

/** Our side of the hooks of one session: the records the hooks wrote (src/common/timing.ts). */
function ourTimings() {
  if (!existsSync(TIMING_FILE)) return [];
  const out = [];
  for (const line of readFileSync(TIMING_FILE, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {}
  }
  return out;
}

function resetProject() {
  for (const f of readdirSync(proj))
    if (f !== '.git') rmSync(join(proj, f), { recursive: true, force: true });
  mkdirSync(join(proj, '.git'), { recursive: true });
  mkdirSync(join(proj, 'src'), { recursive: true });
  writeFileSync(join(proj, 'src', 'a.ts'), 'export const v = "v0";\n');
  writeFileSync(join(proj, 'src', 'b.ts'), 'export const b = 1;\n');
  writeFileSync(join(proj, 'README.md'), '# bench project\n');
}

/** The 27 tool calls, one per model turn. */
function script() {
  const a = join(proj, 'src', 'a.ts');
  const calls = [];
  let v = 0;
  for (let round = 0; round < 4 && calls.length < 27; round++) {
    const cycle = [
      toolUse('Read', { file_path: a }),
      toolUse('Grep', { pattern: 'export', path: proj }),
      toolUse('Glob', { pattern: 'src/*.ts' }),
      toolUse('Bash', { command: 'ls src', description: 'list sources' }),
      toolUse('Bash', { command: 'cat src/missing.ts', description: 'read a missing file' }),
      toolUse('Edit', { file_path: a, old_string: `"v${v}"`, new_string: `"v${v + 1}"` }),
      toolUse('Write', {
        file_path: join(proj, 'src', `w${round}.ts`),
        content: `export const w = ${round};\n`,
      }),
    ];
    v++;
    for (const c of cycle) if (calls.length < 27) calls.push(c);
  }
  return { main: [...calls.map((c) => [c]), 'Done.'], fallback: 'OK' };
}

function selfGen(args, extraEnv = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env: { ...env, ...extraEnv },
    cwd: proj,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`self-gen ${args.join(' ')}: ${r.stderr}`);
}

const TRUE_BIN = ['/usr/bin/true', '/bin/true'].find((p) => existsSync(p)) ?? 'true';

function setMode(mode) {
  const settings = join(home, '.claude', 'settings.json');
  if (mode === 'noop' || mode === 'noop-sync' || mode === 'noop-prev' || mode === 'noop-exec') {
    // Claude Code's own cost of our hook layout: the same events, matchers and async flags, each
    // hook the shell builtin `true` (the floor of any command hook).
    selfGen(['hooks', '--mode', 'process']);
    rmSync(settings, { force: true });
    selfGen(['install']);
    const s = JSON.parse(readFileSync(settings, 'utf8'));
    for (const groups of Object.values(s.hooks))
      for (const g of groups) for (const h of g.hooks) h.command = 'true';
    // noop-exec: noop-sync in Claude Code's exec form (`command` + `args`: no shell started).
    if (mode === 'noop-exec')
      for (const groups of Object.values(s.hooks))
        for (const g of groups) for (const h of g.hooks) Object.assign(h, { command: TRUE_BIN, args: [] });
    // noop-sync: the same hooks, all synchronous (warm mode's layout): its floor.
    if (mode === 'noop-sync' || mode === 'noop-exec')
      for (const groups of Object.values(s.hooks))
        for (const g of groups) for (const h of g.hooks) delete h.async;
    // noop-prev: the layout before #15 (PostToolUse for every tool, synchronous; no Stop hook).
    if (mode === 'noop-prev') {
      for (const g of s.hooks.PostToolUse ?? []) g.matcher = '*';
      delete s.hooks.Stop;
    }
    writeFileSync(settings, JSON.stringify(s, null, 2) + '\n');
    return;
  }
  if (mode === 'none') {
    mkdirSync(join(home, '.claude'), { recursive: true });
    writeFileSync(settings, JSON.stringify({ permissions: { allow: [] } }, null, 2) + '\n');
    return;
  }
  if (!existsSync(settings) || !/dist\/hook/.test(readFileSync(settings, 'utf8'))) {
    rmSync(settings, { force: true });
    selfGen(['install']);
  }
  const base = mode.replace(/-(?:async|prev|floor|curl|exec)$/, '');
  selfGen(['hooks', '--mode', base], mode === 'warm-curl' ? { SELF_GEN_HOOK_BASH: 'none' } : {});
  if (mode === 'warm-exec') {
    // warm mode's bash client in Claude Code's exec form: the quoted words of each command become
    // `command` + `args` (no shell started before bash).
    const s = JSON.parse(readFileSync(settings, 'utf8'));
    for (const groups of Object.values(s.hooks))
      for (const g of groups)
        for (const h of g.hooks) {
          const words = [...h.command.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) =>
            m[1] !== undefined ? JSON.parse(`"${m[1]}"`) : m[2],
          );
          Object.assign(h, { command: words[0], args: words.slice(1) });
        }
    writeFileSync(settings, JSON.stringify(s, null, 2) + '\n');
  }
  if (mode.endsWith('-prev')) {
    // Comparison: our hooks in the layout before #15 (PostToolUse after every call, no Stop hook).
    const s = JSON.parse(readFileSync(settings, 'utf8'));
    for (const g of s.hooks.PostToolUse ?? []) g.matcher = '*';
    delete s.hooks.Stop;
    writeFileSync(settings, JSON.stringify(s, null, 2) + '\n');
  }
  if (mode === 'warm-floor') {
    // The warm path without our handlers: the same client work (sh, cat, curl handing the payload
    // to the running warm server), which answers at once (404): what warm mode costs besides runHook.
    const floor = join(root, 'warm-floor.sh');
    writeFileSync(
      floor,
      'p=$(cat)\n' +
        `printf '%s' "$p" | curl -s --max-time 1.5 --unix-socket ${JSON.stringify(join(dataHome, 'run', 'hooks.sock'))} -H 'content-type: application/json' ` +
        '--data-binary @- http://self-gen/floor >/dev/null 2>&1\nexit 0\n',
    );
    const s = JSON.parse(readFileSync(settings, 'utf8'));
    for (const groups of Object.values(s.hooks))
      for (const g of groups)
        for (const h of g.hooks) {
          // Every hook of the warm layout, whatever the client's command looks like.
          h.command = `sh ${JSON.stringify(floor)}`;
          delete h.args;
        }
    writeFileSync(settings, JSON.stringify(s, null, 2) + '\n');
  }
  if (mode === 'warm-async') {
    // Comparison: warm commands with process mode's async flags (recording hooks in the background).
    const s = JSON.parse(readFileSync(settings, 'utf8'));
    for (const g of s.hooks.UserPromptSubmit ?? []) for (const h of g.hooks) h.async = true;
    for (const g of s.hooks.PostToolUse ?? [])
      if (g.matcher !== 'Agent|Task') for (const h of g.hooks) h.async = true;
    writeFileSync(settings, JSON.stringify(s, null, 2) + '\n');
  }
}

function runClaude(stubUrl) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(
      CLAUDE,
      [
        '-p',
        'work on the project',
        '--output-format',
        'json',
        '--allowedTools',
        'Read Grep Glob Bash Edit Write',
      ],
      {
        cwd: proj,
        env: { ...env, ANTHROPIC_BASE_URL: stubUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', () => {});
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 180_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      let sessionId = null;
      try {
        sessionId = JSON.parse(out.trim()).session_id ?? null;
      } catch {}
      resolve({ code, ms, sessionId });
    });
  });
}

/** Hook time per event kind from the transcript's hook records (what Claude Code waited for). */
function hookTimes(sessionId) {
  const by = {};
  if (!sessionId) return by;
  const base = join(home, '.claude', 'projects');
  for (const d of existsSync(base) ? readdirSync(base) : []) {
    const f = join(base, d, `${sessionId}.jsonl`);
    if (!existsSync(f)) continue;
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (!line.includes('"attachment"')) continue;
      let a;
      try {
        a = JSON.parse(line).attachment;
      } catch {
        continue;
      }
      if (!a || typeof a.durationMs !== 'number' || !a.hookEvent) continue;
      (by[a.hookEvent] ??= []).push(a.durationMs);
    }
  }
  return by;
}

/** Claude Code's matcher rule (2.1.197): a plain `A|B` list matches exactly, else a regex. */
function matches(matcher, tool) {
  if (!matcher || matcher === '*') return true;
  if (/^[a-zA-Z0-9_|]+$/.test(matcher)) return matcher.split('|').includes(tool);
  return new RegExp(matcher).test(tool);
}

/** How many hook commands the layout in the settings file starts for the scripted session, per event. */
function hookRuns() {
  const settings = join(home, '.claude', 'settings.json');
  const s = existsSync(settings) ? JSON.parse(readFileSync(settings, 'utf8')) : {};
  const hooks = s.hooks ?? {};
  const n = (event, tool) =>
    (hooks[event] ?? []).filter((g) => tool === undefined || matches(g.matcher, tool)).length;
  const out = {};
  const add = (event, k) => k && (out[event] = (out[event] ?? 0) + k);
  for (const e of ['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd']) add(e, n(e));
  for (const [c] of script().main.filter(Array.isArray)) {
    const failing = c.name === 'Bash' && /missing/.test(String(c.input.command));
    add('PreToolUse', n('PreToolUse', c.name));
    add(
      failing ? 'PostToolUseFailure' : 'PostToolUse',
      n(failing ? 'PostToolUseFailure' : 'PostToolUse', c.name),
    );
  }
  return out;
}

const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const results = Object.fromEntries(MODES.map((m) => [m, { ms: [], failed: 0, hooks: {}, counts: {} }]));
const order = (i) => MODES.map((_, k) => MODES[(k + i) % MODES.length]);
console.log(
  `session bench: ${PAIRS} rounds × ${MODES.join(', ')} (27 tool calls each; first round is a warm-up)`,
);
for (let i = 0; i <= PAIRS; i++) {
  for (const mode of order(i)) {
    setMode(mode);
    results[mode].runsPerEvent = hookRuns();
    resetProject();
    rmSync(TIMING_FILE, { force: true });
    const stub = await startAnthropicStub(script());
    const r = await runClaude(stub.baseUrl);
    await stub.close();
    const tools = stub.requests.filter((q) => q.conversation === 'main').length - 1;
    if (i === 0) continue;
    const res = results[mode];
    if (r.code !== 0 || tools < 27) {
      res.failed++;
      console.log(`  ${mode}: run failed (exit ${r.code}, ${tools} tool calls)`);
      continue;
    }
    res.ms.push(r.ms);
    (res.byRound ??= {})[i] = r.ms;
    // Our side per event kind in this session: the runs, their times, and the time of each phase.
    const ours = {};
    for (const t of ourTimings()) {
      const o = (ours[t.event] ??= { ms: [], spans: {} });
      o.ms.push(t.totalMs);
      for (const [k, v] of Object.entries(t.spans ?? {})) o.spans[k] = (o.spans[k] ?? 0) + v;
      if (typeof t.startMs === 'number')
        o.spans['(process start)'] = (o.spans['(process start)'] ?? 0) + t.startMs;
      if (typeof t.waitMs === 'number')
        o.spans['(request body)'] = (o.spans['(request body)'] ?? 0) + t.waitMs;
    }
    (res.ours ??= []).push(ours);
    for (const [ev, xs] of Object.entries(hookTimes(r.sessionId))) {
      (res.hooks[ev] ??= []).push(xs.reduce((x, y) => x + y, 0));
      (res.counts[ev] ??= []).push(xs.length);
    }
  }
  if (i > 0) process.stdout.write(`  round ${i}/${PAIRS} done\n`);
}
try {
  selfGen(['hooks', '--mode', 'process']);
} catch {}

const base = median(results.none?.ms ?? []);
const summary = {};
console.log('');
// Under a shared machine's changing load the medians of each mode drift apart; the paired figure
// (each run against the run without hooks of the same round) and the fastest run drift less.
console.log(
  'mode        session (median)   added per tool call   × without hooks   runs   paired added/call   fastest',
);
const noneBy = results.none?.byRound ?? {};
for (const mode of MODES) {
  const med = median(results[mode].ms);
  const added = mode === 'none' ? 0 : (med - base) / 27;
  const ratio = med / base;
  const by = results[mode].byRound ?? {};
  const paired = median(
    Object.keys(by)
      .filter((k) => noneBy[k] !== undefined)
      .map((k) => (by[k] - noneBy[k]) / 27),
  );
  const fastest = Math.min(...results[mode].ms);
  summary[mode] = {
    medianMs: med,
    addedMsPerToolCall: added,
    pairedAddedMsPerToolCall: mode === 'none' ? 0 : paired,
    fastestMs: fastest,
    ratio,
    runs: results[mode].ms.length,
    failed: results[mode].failed,
  };
  console.log(
    `${mode.padEnd(11)} ${(med / 1000).toFixed(2).padStart(8)} s ${mode === 'none' ? '—'.padStart(20) : `${added.toFixed(1)} ms`.padStart(20)}   ${ratio.toFixed(3).padStart(14)}   ${String(results[mode].ms.length).padStart(4)}   ${mode === 'none' ? '—'.padStart(17) : `${paired.toFixed(1)} ms`.padStart(17)}   ${(fastest / 1000).toFixed(2)} s`,
  );
}
console.log(
  '\nhook time Claude Code recorded per session, by event kind (median ms per session, × hook runs):',
);
for (const mode of MODES.filter((m) => m !== 'none')) {
  const h = results[mode].hooks;
  summary[mode].hooksMs = Object.fromEntries(Object.entries(h).map(([k, xs]) => [k, median(xs)]));
  console.log(
    `  ${mode.padEnd(8)} ` +
      (Object.keys(h).length
        ? Object.entries(h)
            .map(([k, xs]) => `${k} ${median(xs).toFixed(0)} (${median(results[mode].counts[k] ?? [])}×)`)
            .join(' · ')
        : '(no hook records: Claude Code 2.1.197 records only hooks that print something)'),
  );
}
console.log(
  '\nour side per event kind (SELF_GEN_HOOK_TIMING records: time in runHook; medians over sessions):',
);
for (const mode of MODES) {
  const sessions = results[mode].ours ?? [];
  const events = [...new Set(sessions.flatMap((o) => Object.keys(o)))];
  if (!events.length) continue;
  summary[mode].ours = {};
  console.log(`  ${mode}:`);
  console.log('    event                  runs   median ms   total ms/session   biggest phases (ms/session)');
  let all = 0;
  for (const ev of events) {
    const per = sessions.map((o) => o[ev]).filter(Boolean);
    const runs = median(per.map((o) => o.ms.length));
    const med = median(per.flatMap((o) => o.ms));
    const total = median(per.map((o) => o.ms.reduce((x, y) => x + y, 0)));
    all += total;
    const names = [...new Set(per.flatMap((o) => Object.keys(o.spans)))];
    const phases = Object.fromEntries(names.map((k) => [k, median(per.map((o) => o.spans[k] ?? 0))]));
    summary[mode].ours[ev] = { runs, medianMs: med, totalMsPerSession: total, phasesMsPerSession: phases };
    const top = Object.entries(phases)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(' · ');
    console.log(
      `    ${ev.padEnd(20)} ${String(runs).padStart(6)} ${med.toFixed(2).padStart(11)} ${total.toFixed(1).padStart(18)}   ${top}`,
    );
  }
  console.log(`    ${'all'.padEnd(20)} ${''.padStart(6)} ${''.padStart(11)} ${all.toFixed(1).padStart(18)}`);
}
console.log('\nhook commands Claude Code starts per session (this script, by the installed layout):');
for (const mode of MODES.filter((m) => m !== 'none')) {
  const r = results[mode].runsPerEvent ?? {};
  const total = Object.values(r).reduce((x, y) => x + y, 0);
  summary[mode].hookRuns = r;
  console.log(
    `  ${mode.padEnd(10)} ${String(total).padStart(3)}: ` +
      Object.entries(r)
        .map(([k, v]) => `${k} ${v}`)
        .join(' · '),
  );
}
console.log(`\ngoal: ≤ 10 ms added per tool call, ≤ 1.05× the session without hooks`);
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench', 'results', 'session.json'),
  JSON.stringify({ pairs: PAIRS, runs: results, summary }, null, 2),
);
rmSync(root, { recursive: true, force: true });
