// Learning replay benchmark (issue #13.5): labelled multi-step sessions (bench/data/replay-sessions.ts)
// replayed as Claude Code hook payloads (shaped like test/fixtures/claude-code-2.1.197) through
// the real hook entry (dist/hook.cjs, one process per hook, in firing order) into a temporary data
// home. Prints, for the tuning sessions and separately for the held-out ones:
//   resolution precision / recall  learned fixes vs the labels (a learned fix is right when the
//                                  error should be learned and the fix is one of FIXES[class])
//   junk advice                    advice shown (error advice, Bash/Edit guide, SubagentStart) that
//                                  is not a good fix of that error, or where none may be shown
//   good fixes overwritten         KB entries whose good fix was replaced by a bad one later
// Targets: precision ≥ 0.9, recall ≥ 0.6, 0 junk advice, 0 overwritten (exit 1 when missed).
// Usage: node bench/learning-replay.mjs [--verbose]     (npm run bench:learning builds first)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { bundle, ROOT } from './kb-build.mjs';
import { fixLines, replayHome, TEMPLATES as T, unquote } from './replay-lib.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const verbose = process.argv.includes('--verbose');
const HOOK = join(ROOT, 'dist', 'hook.cjs');
if (!existsSync(HOOK)) {
  console.error('dist/hook.cjs is missing\nfix: run `npm run build` (or `npm run bench:learning`)');
  process.exit(1);
}

const { SESSIONS, FIXES } = await bundle(
  'learning-replay',
  `export { SESSIONS, FIXES } from './bench/data/replay-sessions.ts';`,
);

const { dir, env } = replayHome('sg-replay-');
const root = join(dir, 'home-dev');

const uuid = (i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
function hook(event, payload) {
  const r = spawnSync(process.execPath, [HOOK, event], {
    input: JSON.stringify(payload),
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`${event} exited ${r.status}: ${r.stderr}`);
  const out = r.stdout.trim();
  if (!out) return '';
  const o = JSON.parse(out);
  return o.hookSpecificOutput?.additionalContext ?? '';
}

const good = (cls, text) => (FIXES[cls] ?? []).some((f) => text.includes(f));
const UNSAFE =
  /curl[^\n]*\|\s*(ba)?sh|--force\b|push -f\b|--no-verify|git clean -f|git reset --hard|rm -rf (?!node_modules|dist|build)/;

const calls = new Map(); // toolUseId → { session, call, index }
const advice = []; // { where, session, cls, noAdvice, fixes, ctx, holdout }
const fileClasses = new Map(); // basename → Set(class) of failures that named it
const snapshots = [];
let seq = 0;
const t0 = Date.now();
let hooks = 0;

for (const [si, raw] of SESSIONS.entries()) {
  const s = JSON.parse(JSON.stringify(raw).replaceAll('/home/dev/', root + '/'));
  const project = join(root, s.project);
  mkdirSync(join(project, '.git'), { recursive: true });
  const base = { session_id: uuid(si + 1), transcript_path: join(dir, 't', `${si}.jsonl`), cwd: project };
  hook('SessionStart', { ...T.start, ...base });
  hook('UserPromptSubmit', { ...T.prompt, ...base, prompt: s.prompt, prompt_id: uuid(1000 + si) });
  hooks += 2;
  let lastBashFailure = null;
  for (const [ci, c] of s.calls.entries()) {
    const id = `toolu_${String(++seq).padStart(6, '0')}`;
    calls.set(id, { session: s, call: c, index: ci });
    const pre = hook('PreToolUse', {
      ...T.pre,
      ...base,
      tool_name: c.tool,
      tool_input: c.input,
      tool_use_id: id,
    });
    hooks++;
    if (pre) {
      if (c.tool === 'Bash') {
        const f = lastBashFailure;
        advice.push({
          where: 'PreToolUse:Bash',
          session: s.id,
          holdout: !!s.holdout,
          cls: f?.cls,
          noAdvice: f?.noAdvice,
          fixes: fixLines(pre),
          ctx: pre,
        });
      } else {
        const name = String(c.input.file_path ?? '')
          .split('/')
          .pop();
        advice.push({
          where: `PreToolUse:${c.tool}`,
          session: s.id,
          holdout: !!s.holdout,
          classes: [...(fileClasses.get(name) ?? [])],
          fixes: fixLines(pre),
          ctx: pre,
        });
      }
    }
    if (c.error !== undefined) {
      const out = hook('PostToolUseFailure', {
        ...T.failure,
        ...base,
        tool_name: c.tool,
        tool_input: c.input,
        tool_use_id: id,
        error: c.error,
        is_interrupt: !!c.interrupt,
        duration_ms: 40,
      });
      hooks++;
      if (out)
        advice.push({
          where: 'PostToolUseFailure',
          session: s.id,
          holdout: !!s.holdout,
          cls: c.cls,
          noAdvice: c.noAdvice,
          fixes: fixLines(out),
          ctx: out,
        });
      if (c.tool === 'Bash') lastBashFailure = c;
      for (const name of [String(c.input.file_path ?? ''), ...(c.error.match(/[\w.-]+\.\w{1,5}\b/g) ?? [])]
        .map((f) => f.split('/').pop())
        .filter(Boolean)) {
        if (!fileClasses.has(name)) fileClasses.set(name, new Set());
        fileClasses.get(name).add(c.cls);
      }
    } else {
      hook('PostToolUse', {
        ...T.post,
        ...base,
        tool_name: c.tool,
        tool_input: c.input,
        tool_response: {},
        tool_use_id: id,
        duration_ms: 12,
      });
      hooks++;
    }
  }
  if (s.subagent) {
    const ctx = hook('SubagentStart', { ...T.subStart, ...base, agent_id: `a${si}`, agent_type: 'executor' });
    hooks++;
    if (ctx)
      advice.push({ where: 'SubagentStart', session: s.id, holdout: !!s.holdout, subagent: true, ctx });
  }
  hook('SessionEnd', { ...T.end, ...base });
  hooks++;
  // KB snapshot after the session (for "good fixes overwritten")
  const db = new Database(join(env.SELF_GEN_HOME, 'data', 'self-gen.db'), { readonly: true });
  snapshots.push({
    session: s,
    kb: db.prepare('SELECT id, error_normalized, resolution FROM error_kb').all(),
  });
  db.close();
}
const replayMs = Date.now() - t0;

// ---------------------------------------------------------------- evaluation
const db = new Database(join(env.SELF_GEN_HOME, 'data', 'self-gen.db'), { readonly: true });
const errors = db
  .prepare(`SELECT id, data FROM events WHERE type = 'tool_error'`)
  .all()
  .map((r) => ({ id: r.id, d: JSON.parse(r.data) }));
const resolutions = db
  .prepare(`SELECT data FROM events WHERE type = 'resolution'`)
  .all()
  .map((r) => JSON.parse(r.data));
db.close();
const byEventId = new Map(errors.map((e) => [e.id, e]));
const classesOf = new Map(); // normalized error → Set(class)
for (const e of errors) {
  const c = calls.get(e.d.toolUseId);
  if (!c) continue;
  if (!classesOf.has(e.d.error)) classesOf.set(e.d.error, new Set());
  classesOf.get(e.d.error).add(c.call.cls);
}
const learnedFor = new Map(); // toolUseId → resolution text
for (const r of resolutions) {
  const e = byEventId.get(r.errorEventId);
  if (e && r.resolution && r.kbId) learnedFor.set(e.d.toolUseId, r.resolution);
}

function score(filter) {
  let tp = 0,
    fp = 0,
    fn = 0,
    labelled = 0,
    errorsN = 0,
    junk = 0,
    goodAdvice = 0,
    overwritten = 0;
  const notes = [];
  for (const [id, { session, call }] of calls) {
    if (call.error === undefined || !filter(session)) continue;
    errorsN++;
    const fix = learnedFor.get(id);
    if (call.learn) labelled++;
    if (fix !== undefined) {
      if (call.learn && good(call.cls, fix)) tp++;
      else {
        fp++;
        notes.push(`FP  ${session.id} [${call.cls}] learned: ${fix}`);
      }
    } else if (call.learn) {
      fn++;
      notes.push(`FN  ${session.id} [${call.cls}] not learned`);
    }
  }
  for (const a of advice) {
    if (!filter({ holdout: a.holdout })) continue;
    if (a.subagent) {
      // "- `<normalized error>` (`Tool`)" followed by "  해결: `<fix>`", each quoted (src/common/quote.ts)
      const lines = a.ctx.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const q = /^\s*해결:\s*(.*)$/.exec(lines[i]);
        if (!q) continue;
        const m = [q[0], unquote(q[1]).text];
        const err = unquote(/^- (.*)$/.exec(lines[i - 1] ?? '')?.[1] ?? '').text;
        const cls = [...(classesOf.get(err) ?? [])];
        if (UNSAFE.test(m[1]) || !cls.some((c) => good(c, m[1]))) {
          junk++;
          notes.push(`JUNK ${a.where} ${a.session} [${cls.join(',')}]: ${m[1]}`);
        } else goodAdvice++;
      }
      continue;
    }
    for (const f of a.fixes) {
      const classes = a.classes ?? (a.cls ? [a.cls] : []);
      const bad = UNSAFE.test(f) || a.noAdvice || !classes.some((c) => good(c, f));
      if (bad) {
        junk++;
        notes.push(
          `JUNK ${a.where} ${a.session} [${classes.join(',')}${a.noAdvice ? ', none allowed' : ''}]: ${f}`,
        );
      } else goodAdvice++;
    }
  }
  // good fixes overwritten: an entry whose resolution was good for its class(es) later is not
  const wasGood = new Map();
  for (const snap of snapshots) {
    for (const k of snap.kb) {
      const cls = [...(classesOf.get(k.error_normalized) ?? [])];
      const isGood = !!k.resolution && cls.some((c) => good(c, k.resolution));
      if (wasGood.get(k.id) && !isGood && filter(snap.session)) {
        overwritten++;
        notes.push(`OVERWRITTEN #${k.id} after ${snap.session.id}: ${k.resolution}`);
      }
      if (isGood) wasGood.set(k.id, true);
    }
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = labelled ? tp / labelled : 1;
  return {
    sessions: SESSIONS.filter(filter).length,
    errors: errorsN,
    labelled,
    tp,
    fp,
    fn,
    precision,
    recall,
    junk,
    goodAdvice,
    overwritten,
    notes,
  };
}

const splits = [
  ['tuning', (s) => !s.holdout],
  ['held-out', (s) => !!s.holdout],
  ['all', () => true],
];
const ecos = [...new Set(SESSIONS.map((s) => s.eco))];
console.log(
  `replayed ${SESSIONS.length} sessions (${ecos.length} ecosystems: ${ecos.join(', ')}) through dist/hook.cjs: ${hooks} hook processes in ${(replayMs / 1000).toFixed(1)} s`,
);
console.log(
  'split      sessions errors to-learn learned-ok wrong missed precision recall junk-advice good-advice overwritten',
);
const results = {};
let pass = true;
for (const [name, f] of splits) {
  const r = score(f);
  results[name] = { ...r, notes: undefined };
  console.log(
    `${name.padEnd(10)} ${String(r.sessions).padStart(8)} ${String(r.errors).padStart(6)} ${String(r.labelled).padStart(8)} ${String(r.tp).padStart(10)} ${String(r.fp).padStart(5)} ${String(r.fn).padStart(6)} ${r.precision.toFixed(2).padStart(9)} ${r.recall.toFixed(2).padStart(6)} ${String(r.junk).padStart(11)} ${String(r.goodAdvice).padStart(11)} ${String(r.overwritten).padStart(11)}`,
  );
  if (verbose || name !== 'all') for (const n of r.notes) console.log(`    ${n}`);
  if (r.precision < 0.9 || r.recall < 0.6 || r.junk > 0 || r.overwritten > 0) pass = false;
}
console.log(
  `targets: precision ≥ 0.90, recall ≥ 0.60, junk advice 0, overwritten 0 → ${pass ? 'met' : 'MISSED'}`,
);
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench', 'results', 'learning-replay.json'),
  JSON.stringify(
    { date: new Date().toISOString(), sessions: SESSIONS.length, hooks, replayMs, results },
    null,
    2,
  ) + '\n',
);
rmSync(dir, { recursive: true, force: true });
if (!pass) process.exitCode = 1;
