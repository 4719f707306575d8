// node bench/hook-side.mjs: our side of the session bench's hooks, without Claude Code and without
// the client — the same 23 hooks per session (SessionStart, UserPromptSubmit, a PreToolUse before
// each Bash/Edit/Write call, a PostToolUseFailure after each failing Bash, Stop, SessionEnd) replayed
// in one process through answerHook() (the warm server's path) against a real data home, while a
// transcript grows as Claude Code writes it. Prints per event kind: runs, median ms, total ms per
// session and the biggest phases (the SELF_GEN_HOOK_TIMING records, src/common/timing.ts). Low-noise
// where bench:session (a real CLI on a shared machine) is not: use it to compare two versions of
// the handlers. BENCH_HOOK_SESSIONS (default 30) sessions, the first 5 a warm-up.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle } from './kb-build.mjs';

const SESSIONS = Math.max(6, Number(process.env.BENCH_HOOK_SESSIONS ?? 30));
const WARMUP = 5;
const { answerHook, closeDb } = await bundle(
  'hook-side',
  "export { answerHook } from './src/hook/host/server.ts'; export { closeDb } from './src/db/db.ts';",
);

const root = mkdtempSync(join(tmpdir(), 'sg-bench-hook-side-'));
const proj = join(root, 'proj');
mkdirSync(join(proj, '.git'), { recursive: true });
mkdirSync(join(root, 'projects'), { recursive: true });
const env = {
  ...process.env,
  HOME: join(root, 'home'),
  SELF_GEN_HOME: join(root, 'sg-home'),
  SELF_GEN_NO_BACKGROUND: '1',
  SELF_GEN_NO_DAEMON: '1',
  SELF_GEN_HOOK_TIMING: '1',
  CLAUDE_PROJECT_DIR: proj,
};
const timingFile = join(env.SELF_GEN_HOME, 'logs', 'hook-timing.jsonl');

/** The bench session's 27 calls (bench/session.mjs script()). */
function calls() {
  const a = join(proj, 'src', 'a.ts');
  const out = [];
  for (let round = 0; round < 4 && out.length < 27; round++) {
    const cycle = [
      ['Read', { file_path: a }, true],
      ['Grep', { pattern: 'export', path: proj }, true],
      ['Glob', { pattern: 'src/*.ts' }, true],
      ['Bash', { command: 'ls src', description: 'list sources' }, true],
      ['Bash', { command: 'cat src/missing.ts', description: 'read a missing file' }, false],
      ['Edit', { file_path: a, old_string: `"v${round}"`, new_string: `"v${round + 1}"` }, true],
      [
        'Write',
        { file_path: join(proj, 'src', `w${round}.ts`), content: `export const w = ${round};\n` },
        true,
      ],
    ];
    for (const c of cycle) if (out.length < 27) out.push(c);
  }
  return out;
}

async function session(n) {
  const sid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const transcript = join(root, 'projects', `${sid}.jsonl`);
  writeFileSync(transcript, '');
  const base = { session_id: sid, transcript_path: transcript, cwd: proj, permission_mode: 'default' };
  const hook = (event, extra = {}) =>
    answerHook(JSON.stringify({ ...base, hook_event_name: event, ...extra }), event, env, new Date());
  const line = (o) =>
    appendFileSync(transcript, JSON.stringify({ timestamp: new Date().toISOString(), ...o }) + '\n');
  await hook('SessionStart', { source: 'startup', model: 'claude' });
  line({ type: 'user', message: { role: 'user', content: 'work on the project' } });
  await hook('UserPromptSubmit', { prompt: 'work on the project', prompt_id: `p-${n}` });
  let i = 0;
  for (const [tool, input, ok] of calls()) {
    const id = `toolu_${n}_${i++}`;
    if (tool === 'Bash' || tool === 'Edit' || tool === 'Write')
      await hook('PreToolUse', { tool_name: tool, tool_input: input, tool_use_id: id });
    line({
      type: 'assistant',
      message: { role: 'assistant', content: [{ type: 'tool_use', id, name: tool, input }] },
    });
    const result = ok ? 'ok' : 'Exit code 1\ncat: src/missing.ts: No such file or directory';
    line({
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: id, content: result, is_error: !ok }],
      },
      toolUseResult: ok ? { stdout: 'ok' } : result,
    });
    if (!ok)
      await hook('PostToolUseFailure', {
        tool_name: tool,
        tool_input: input,
        tool_use_id: id,
        error: result,
        is_interrupt: false,
      });
  }
  line({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] } });
  await hook('Stop', { stop_hook_active: false, last_assistant_message: 'Done.' });
  await hook('SessionEnd', { reason: 'other' });
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length ? (s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2) : NaN;
};

const perSession = [];
for (let n = 0; n < SESSIONS; n++) {
  rmSync(timingFile, { force: true });
  await session(n);
  if (n < WARMUP) continue;
  const by = {};
  for (const l of readFileSync(timingFile, 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(l);
    const o = (by[r.event] ??= { ms: [], spans: {} });
    o.ms.push(r.totalMs);
    for (const [k, v] of Object.entries(r.spans)) o.spans[k] = (o.spans[k] ?? 0) + v;
  }
  perSession.push(by);
}
closeDb();

console.log(`our side of the session bench's hooks, in process (answerHook), ${SESSIONS - WARMUP} sessions:`);
console.log('event                  runs   median ms   total ms/session   biggest phases (ms/session)');
const summary = {};
let all = 0;
for (const ev of Object.keys(perSession[0])) {
  const per = perSession.map((o) => o[ev]).filter(Boolean);
  const total = median(per.map((o) => o.ms.reduce((x, y) => x + y, 0)));
  all += total;
  const names = [...new Set(per.flatMap((o) => Object.keys(o.spans)))];
  const phases = Object.fromEntries(names.map((k) => [k, median(per.map((o) => o.spans[k] ?? 0))]));
  summary[ev] = {
    runs: per[0].ms.length,
    medianMs: median(per.flatMap((o) => o.ms)),
    totalMs: total,
    phases,
  };
  const top = Object.entries(phases)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 7)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(' · ');
  console.log(
    `${ev.padEnd(20)} ${String(per[0].ms.length).padStart(6)} ${summary[ev].medianMs.toFixed(2).padStart(11)} ${total.toFixed(2).padStart(18)}   ${top}`,
  );
}
console.log(`${'all'.padEnd(20)} ${''.padStart(6)} ${''.padStart(11)} ${all.toFixed(2).padStart(18)}`);
if (process.env.BENCH_HOOK_JSON) writeFileSync(process.env.BENCH_HOOK_JSON, JSON.stringify(summary, null, 2));
rmSync(root, { recursive: true, force: true });
