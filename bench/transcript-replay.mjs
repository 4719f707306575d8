// Real-transcript replay benchmark (issue #26.4): replays real Claude Code transcripts the way Claude
// Code drives the hooks, through the built warm hook server (dist/hook-server.js: the same
// runHook → handlers path as dist/hook.cjs) in a temporary data home, and scores what is learned
// against the hand labels (bench/transcripts/labels, format in bench/transcripts/README.md).
//
// Per transcript: SessionStart; each prompt → UserPromptSubmit (a Stop first when a turn was open);
// each assistant line is appended to a temporary transcript that GROWS line by line, then
// PreToolUse for the tools our hooks match (Edit|Write|MultiEdit|Bash|Agent|Task); each tool result
// → PostToolUseFailure when it is an error (every tool), PostToolUse for Agent/Task, then the line is
// appended; Stop at the end of the last turn, SessionEnd, then the fix policy's judge (the worker's
// `fix-policy` job, as the session-end job runs it). The code has no fake clock: lines are
// written and hooks run in the order of the transcript's own times, and every line written gets the
// wall-clock time it was written at (so the transcript's times and the hooks' times agree, compressed).
//
// Prints, per split (tuning / held-out, by bench/transcripts/lib.mjs):
//   precision, recall   detected resolutions (with or without a learned fix) whose error is
//                       labelled `resolved` and whose proving call is one of the labelled proofs /
//                       labelled resolved errors; then the learned fixes among them, right ones, and
//                       right ones that name the labelled real fix
//   junk advice         advice fix lines learned from a wrong resolution (or of unknown origin)
//   names real fix      advice on a labelled error with a known fix whose fix line names that fix
//   recurrences         errors after an earlier one of the same tool and the same error (replay-lib
//                       sameError) that was rightly resolved with a learned fix proven before them:
//                       how many, how many got advice, how many of those name the fix that worked;
//                       advice from a fix learned on another error counts as junk
// Usage: node bench/transcript-replay.mjs <folder> [--labels DIR] [--split tuning|held-out|all]
//        [--verbose] [--json FILE]. Without a folder it says so and exits 0. TR_KEEP=1 keeps the
//        temporary data home (printed) for a look at what was stored.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { bundle, ROOT } from './kb-build.mjs';
import { fixLines, replayHome, sameError, TEMPLATES as T } from './replay-lib.mjs';
import { transcriptFiles, readTranscript } from './transcripts/lib.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const folder = args.find(
  (a, i) => !a.startsWith('--') && !['--labels', '--split', '--json'].includes(args[i - 1]),
);
if (!folder) {
  console.log(
    'transcript replay: skipped (no transcript folder given; usage: transcript-replay.mjs <folder>)',
  );
  process.exit(0);
}
const labelsDir = opt('--labels', join(ROOT, 'bench', 'transcripts', 'labels'));
const split = opt('--split', 'tuning');
const verbose = args.includes('--verbose');
const SERVER = join(ROOT, 'dist', 'hook-server.js');
const WORKER = join(ROOT, 'dist', 'worker.js');
if (!existsSync(SERVER)) {
  console.error('dist/hook-server.js is missing\nfix: run `npm run build`');
  process.exit(1);
}

// ------------------------------------------------------------------ the warm hook server
const { hookServerPaths } = await bundle(
  'transcript-replay',
  `export { hookServerPaths } from './src/common/sockets.ts';`,
);
const { dir, env } = replayHome('sg-tr-');
env.SELF_GEN_HOOK_SERVER_IDLE_MS = String(3_600_000);
const server = spawn(process.execPath, [SERVER], { env, stdio: 'ignore' });
process.on('exit', () => server.kill()); // never left behind, whatever happens
const socket = hookServerPaths(env).socket;
for (let i = 0; i < 300 && !existsSync(socket); i++) await sleep(100);
if (!existsSync(socket)) {
  server.kill();
  console.error('the hook server did not start\nfix: run `npm run build`, then try again');
  process.exit(1);
}

let hooks = 0;
/** The replay's clock: every line written and every hook gets a later millisecond than the one before. */
let last = 0;
const tick = () => (last = Math.max(Date.now(), last + 1));
async function hook(event, payload, projectDir) {
  while (Date.now() <= last) await sleep(1);
  hooks++;
  try {
    return await send(event, payload, projectDir);
  } finally {
    last = Math.max(last, Date.now());
  }
}
function send(event, payload, projectDir) {
  const body = JSON.stringify({ ...payload, hook_event_name: event });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: socket,
        path: `/hook/${event}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-project-dir': projectDir },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${event}: HTTP ${res.statusCode}`));
          const out = text.trim();
          if (!out) return resolve('');
          const o = JSON.parse(out);
          resolve(o.hookSpecificOutput?.additionalContext ?? o.systemMessage ?? '');
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// ------------------------------------------------------------------ replay
const PRE_MATCH = /^(?:Edit|Write|MultiEdit|Bash|Agent|Task)$/;
const POST_MATCH = /^(?:Agent|Task)$/;
const isPrompt = (o) =>
  o?.type === 'user' &&
  !o.isMeta &&
  !o.isCompactSummary &&
  (typeof o.message?.content === 'string' ||
    (Array.isArray(o.message?.content) && !o.message.content.some((c) => c?.type === 'tool_result')));
const textOf = (o) =>
  typeof o.message.content === 'string'
    ? o.message.content
    : o.message.content.map((c) => (c?.type === 'text' ? c.text : '')).join('\n');
/** The line as written now: its own times replaced by the replay's clock. */
const stamp = (obj) =>
  JSON.stringify({ ...obj, ...(obj.timestamp ? { timestamp: new Date(tick()).toISOString() } : {}) });

/**
 * The lines in the order of their own times (stable; a line without a time keeps its place after the
 * one before it): parallel calls' results are written in batches, so the file order is not always
 * the order the calls ended in, and the hooks fire in the latter.
 */
function inOwnTimeOrder(lines) {
  let last = '';
  return lines
    .map((l, i) => ({ l, i, t: (last = l.obj?.timestamp ?? last) }))
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.i - b.i))
    .map((x) => x.l);
}

const files = transcriptFiles(folder).filter((f) => split === 'all' || f.split === split);
const advice = []; // { where, stem, toolUseId, fixes }
const t0 = Date.now();
for (const f of files) {
  const { lines, calls } = readTranscript(f.path);
  const byId = new Map(calls.map((c) => [c.id, c]));
  const sid = lines.find((l) => l.obj?.sessionId)?.obj.sessionId ?? f.stem;
  const project = join(dir, 'projects', f.stem);
  mkdirSync(join(project, '.git'), { recursive: true });
  const tpath = join(dir, 'transcripts', f.stem, `${sid}.jsonl`);
  mkdirSync(join(dir, 'transcripts', f.stem), { recursive: true });
  writeFileSync(tpath, '');
  const base = { session_id: sid, transcript_path: tpath, cwd: project };
  await hook('SessionStart', { ...T.start, ...base }, project);
  let turnOpen = false;
  const stop = async () => {
    if (turnOpen) await hook('Stop', { ...T.stop, ...base, last_assistant_message: '' }, project);
    turnOpen = false;
  };
  for (const { obj } of inOwnTimeOrder(lines)) {
    if (!obj) continue;
    if (obj.isSidechain) {
      appendFileSync(tpath, stamp(obj) + '\n');
      continue;
    }
    const content = Array.isArray(obj.message?.content) ? obj.message.content : [];
    if (isPrompt(obj)) {
      await stop();
      appendFileSync(tpath, stamp(obj) + '\n');
      await hook('UserPromptSubmit', { ...T.prompt, ...base, prompt: textOf(obj) }, project);
      turnOpen = true;
      continue;
    }
    if (obj.type === 'assistant') {
      appendFileSync(tpath, stamp(obj) + '\n');
      for (const c of content.filter((x) => x?.type === 'tool_use')) {
        turnOpen = true;
        if (!PRE_MATCH.test(c.name)) continue;
        const ctx = await hook(
          'PreToolUse',
          { ...T.pre, ...base, tool_name: c.name, tool_input: c.input ?? {}, tool_use_id: c.id },
          project,
        );
        if (ctx)
          advice.push({ where: `PreToolUse:${c.name}`, stem: f.stem, toolUseId: c.id, fixes: fixLines(ctx) });
      }
      continue;
    }
    for (const r of content.filter((x) => x?.type === 'tool_result')) {
      const call = byId.get(r.tool_use_id);
      if (!call) continue;
      const payload = { ...base, tool_name: call.name, tool_input: call.input, tool_use_id: call.id };
      if (r.is_error === true) {
        const ctx = await hook(
          'PostToolUseFailure',
          { ...T.failure, ...payload, error: call.result, is_interrupt: false, duration_ms: 40 },
          project,
        );
        if (ctx)
          advice.push({
            where: 'PostToolUseFailure',
            stem: f.stem,
            toolUseId: call.id,
            fixes: fixLines(ctx),
          });
      } else if (POST_MATCH.test(call.name)) {
        await hook('PostToolUse', { ...T.post, ...payload, tool_response: {}, duration_ms: 12 }, project);
      }
    }
    appendFileSync(tpath, stamp(obj) + '\n');
  }
  await stop();
  await hook('SessionEnd', { ...T.end, ...base, reason: 'other' }, project);
  await sleep(300); // the server's re-reads after Stop
  // The fix policy's judge, as the session-end job runs it (the replay starts no background job):
  // within a session, fixes are offered as the hooks find them (not judged yet); across sessions,
  // as judged.
  // (not spawnSync: a blocked event loop would reuse a keep-alive socket the server closed)
  await new Promise((res) => {
    const w = spawn(process.execPath, [WORKER, 'fix-policy'], { env, stdio: 'ignore' });
    w.on('error', res);
    w.on('exit', res);
  });
}
const replayMs = Date.now() - t0;
await new Promise((res) => {
  const req = request({ socketPath: socket, path: '/shutdown', method: 'POST' }, () => res());
  req.on('error', () => res());
  req.end();
});

// ------------------------------------------------------------------ scoring
const labels = new Map(); // stem → { split, errors }
for (const f of files) {
  const p = join(labelsDir, `${f.stem}.json`);
  if (existsSync(p)) labels.set(f.stem, JSON.parse(readFileSync(p, 'utf8')));
}
const db = new Database(join(env.SELF_GEN_HOME, 'data', 'self-gen.db'), { readonly: true });
const events = new Map(
  db
    .prepare(`SELECT id, type, data FROM events WHERE type IN ('tool_use','tool_error')`)
    .all()
    .map((r) => [r.id, { type: r.type, d: JSON.parse(r.data) }]),
);
const resolutions = db
  .prepare(`SELECT data FROM events WHERE type = 'resolution'`)
  .all()
  .map((r) => JSON.parse(r.data));
db.close();
const stemOf = new Map();
for (const f of files) for (const c of readTranscript(f.path).calls) stemOf.set(c.id, f.stem);
const labelOf = (id) => labels.get(stemOf.get(id))?.errors?.[id];
const matches = (label, text) => !!label?.match && new RegExp(label.match, 'i').test(text ?? '');

const detected = []; // every resolution: { errorId, proverId, text (null: closed without a fix), ok, label }
for (const r of resolutions) {
  const errorId = events.get(r.errorEventId)?.d.toolUseId;
  const proverId = events.get(r.provenBy)?.d.toolUseId;
  const label = labelOf(errorId);
  const ok = label?.status === 'resolved' && label.provedBy.includes(proverId);
  detected.push({ errorId, proverId, text: r.resolution ?? null, ok, label, stem: stemOf.get(errorId) });
}
const learned = detected.filter((l) => l.text);
const closedOnly = detected.length - learned.length;
/** Advice fix text → was it learned from a right resolution? (the text may be shortened in advice) */
const origin = (fix) => {
  const key = fix.replace(/…$/, '').slice(0, 80);
  const from = learned.filter((l) => l.text.startsWith(key) || key.startsWith(l.text.slice(0, 80)));
  return from.length ? from.some((l) => l.ok) : null;
};

/**
 * Recurrences of an error whose fix was already learned: an error of a transcript after an earlier
 * one of the same tool and the same error (replay-lib sameError: the bench's own masking, not the
 * product's key) that the product resolved rightly with a learned fix, proven before the recurrence
 * happened. Each counted once; advised when its PostToolUseFailure gave a fix, naming the fix that
 * worked when a fix line satisfies the earlier error's label `match`. Advice given on an error from a
 * fix learned on another error (not the same error by that masking) is junk too.
 */
function recurrences(inSplit, notes) {
  const callsOf = new Map(); // stem → calls in the order their results came
  for (const f of files) if (inSplit(f.stem)) callsOf.set(f.stem, readTranscript(f.path).calls);
  const at = (c) => c.resultTs ?? c.ts ?? '';
  let known = 0;
  let advised = 0;
  let advisedNames = 0;
  let wrongError = 0;
  const adviceOn = new Map(
    advice.filter((a) => a.where === 'PostToolUseFailure').map((a) => [a.toolUseId, a]),
  );
  for (const [stem, calls] of callsOf) {
    const byId = new Map(calls.map((c) => [c.id, c]));
    const learnedHere = detected.filter((l) => l.stem === stem && l.ok && l.text);
    for (const r of calls.filter((c) => c.isError && !c.sidechain)) {
      const earlier = learnedHere.filter((l) => {
        const e = byId.get(l.errorId);
        const p = byId.get(l.proverId);
        return e && p && e.name === r.name && at(p) < at(r) && e.id !== r.id && sameError(e.result, r.result);
      });
      const a = adviceOn.get(r.id);
      if (a?.fixes.length) {
        const from = learnedHere.filter((l) =>
          a.fixes.some((x) => l.text.startsWith(x.replace(/…$/, '').slice(0, 80))),
        );
        if (from.length && !from.some((l) => sameError(byId.get(l.errorId)?.result, r.result))) {
          wrongError++;
          notes.push(`JUNK another error's fix ${stem} ${r.id.slice(-8)}: ${a.fixes[0].slice(0, 120)}`);
        }
      }
      if (!earlier.length) continue;
      known++;
      if (!a?.fixes.length) {
        notes.push(
          `REC-SILENT ${stem} ${r.id.slice(-8)} after ${earlier[0].errorId.slice(-8)}: ${earlier[0].text.slice(0, 100)}`,
        );
        continue;
      }
      advised++;
      if (a.fixes.some((x) => earlier.some((l) => matches(l.label, x)))) advisedNames++;
      notes.push(`REC-ADVISED ${stem} ${r.id.slice(-8)}: ${a.fixes[0].slice(0, 120)}`);
    }
  }
  return {
    recurrencesKnown: known,
    recurrencesAdvised: advised,
    recurrencesNamingFix: advisedNames,
    wrongError,
  };
}

function score(filter) {
  const notes = [];
  const inSplit = (stem) => filter(labels.get(stem)?.split ?? files.find((f) => f.stem === stem)?.split);
  let errors = 0;
  let toLearn = 0;
  const byStatus = {};
  for (const [stem, l] of labels)
    if (inSplit(stem))
      for (const e of Object.values(l.errors)) {
        errors++;
        byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
        if (e.status === 'resolved') toLearn++;
      }
  const mine = detected.filter((l) => inSplit(l.stem));
  const tp = new Set(mine.filter((l) => l.ok).map((l) => l.errorId)).size;
  const fp = mine.filter((l) => !l.ok).length;
  const fixes = mine.filter((l) => l.text);
  const fixesRight = fixes.filter((l) => l.ok).length;
  const namesFixLearned = fixes.filter((l) => l.ok && matches(l.label, l.text)).length;
  for (const l of mine)
    if (l.ok)
      notes.push(
        `TP${matches(l.label, l.text) ? '+' : ' '} ${l.stem} ${l.errorId.slice(-8)}: ${l.text?.slice(0, 160) ?? '(closed, no fix)'}`,
      );
    else
      notes.push(
        `FP  ${l.stem} ${l.errorId} [${l.label?.status ?? 'unlabelled'}${l.label?.provedBy?.length ? ` proof ${l.label.provedBy.map((p) => p.slice(-8)).join(',')}` : ''}] proven by ${l.proverId?.slice(-8)}: ${l.text?.slice(0, 160) ?? '(closed, no fix)'}`,
      );
  const learnedIds = new Set(mine.filter((l) => l.ok).map((l) => l.errorId));
  for (const [stem, l] of labels)
    if (inSplit(stem))
      for (const [id, e] of Object.entries(l.errors))
        if (e.status === 'resolved' && !learnedIds.has(id))
          notes.push(`FN  ${stem} ${id} ${e.tool}: ${e.fix}`);
  let adviceLines = 0;
  let junk = 0;
  let onKnown = 0;
  let namesFix = 0;
  for (const a of advice) {
    if (!inSplit(a.stem)) continue;
    notes.push(
      `ADVICE ${a.where} ${a.stem} ${a.toolUseId.slice(-8)}: ${a.fixes.map((x) => x.slice(0, 100)).join(' | ')}`,
    );
    for (const fix of a.fixes) {
      adviceLines++;
      const good = origin(fix);
      if (good !== true) {
        junk++;
        notes.push(`JUNK ${a.where} ${a.stem} ${a.toolUseId.slice(-8)}: ${fix.slice(0, 160)}`);
      }
    }
    const label = a.where === 'PostToolUseFailure' ? labelOf(a.toolUseId) : null;
    if (label?.status === 'resolved' && label.match && a.fixes.length) {
      onKnown++;
      if (a.fixes.some((x) => matches(label, x))) namesFix++;
      else
        notes.push(
          `MISS-FIX ${a.stem} ${a.toolUseId.slice(-8)} wanted "${label.fix}": ${a.fixes[0].slice(0, 120)}`,
        );
    }
  }
  const rec = recurrences(inSplit, notes);
  return {
    ...rec,
    transcripts: [...labels.keys()].filter(inSplit).length,
    errors,
    byStatus,
    toLearn,
    detected: mine.length,
    learned: fixes.length,
    fixesRight,
    tp,
    fp,
    precision: mine.length ? tp / (tp + fp) : 1,
    recall: toLearn ? tp / toLearn : 1,
    namesFixLearned,
    adviceLines,
    junk: junk + rec.wrongError,
    junkRate: adviceLines ? (junk + rec.wrongError) / adviceLines : 0,
    onKnown,
    namesFix,
    notes,
  };
}

console.log(
  `replayed ${files.length} transcript(s) (${split}) through dist/hook-server.js: ${hooks} hooks in ${(replayMs / 1000).toFixed(1)} s; ${closedOnly} error(s) closed without a fix`,
);
console.log(
  'split      files errors resolved detected right wrong precision recall fixes fixes-right names-fix advice junk junk% on-known names-real-fix',
);
const out = {};
for (const [name, f] of [
  ['tuning', (s) => s === 'tuning'],
  ['held-out', (s) => s === 'held-out'],
]) {
  const r = score(f);
  if (!r.transcripts) continue;
  out[name] = { ...r, notes: undefined };
  console.log(
    `${name.padEnd(10)} ${String(r.transcripts).padStart(5)} ${String(r.errors).padStart(6)} ${String(r.toLearn).padStart(8)} ${String(r.detected).padStart(8)} ${String(r.tp).padStart(5)} ${String(r.fp).padStart(5)} ${r.precision.toFixed(2).padStart(9)} ${r.recall.toFixed(2).padStart(6)} ${String(r.learned).padStart(5)} ${String(r.fixesRight).padStart(11)} ${String(r.namesFixLearned).padStart(9)} ${String(r.adviceLines).padStart(6)} ${String(r.junk).padStart(4)} ${(100 * r.junkRate).toFixed(1).padStart(5)} ${String(r.onKnown).padStart(8)} ${String(r.namesFix).padStart(15)}`,
  );
  console.log(`           by status: ${JSON.stringify(r.byStatus)}`);
  console.log(
    `           recurrences whose fix was learned ${r.recurrencesKnown}, advised ${r.recurrencesAdvised}, advised naming the fix that worked ${r.recurrencesNamingFix}; junk advice ${r.junk}`,
  );
  if (verbose) for (const n of r.notes) console.log(`    ${n}`);
}
console.log(
  'targets: precision ≥ 0.90, recall ≥ 0.60, advice on ≥ half of the recurrences whose fix was learned, junk advice 0',
);
const json = opt('--json', null);
if (json)
  writeFileSync(
    json,
    JSON.stringify({ date: new Date().toISOString(), split, hooks, replayMs, results: out }, null, 2) + '\n',
  );
server.kill();
if (process.env.TR_KEEP) console.log('kept', dir);
else rmSync(dir, { recursive: true, force: true });
