#!/usr/bin/env node
/* global performance */
// Benchmark of the safe file-system primitives (issue #12): what the checks cost next to the plain
// node:fs calls they replace, in process, on a project folder shaped like the shared context's
// (`<project>/.claude/shared-context/<session>/`). And the user-regex engine: re2js against V8's
// RegExp on a benign rule, and on the catastrophic `(a+)+$` (V8 measured on a short input only:
// it doubles per character).
//
//   node bench/safe-fs.mjs [--runs 2000] [--json]
//
// Figures are medians in microseconds per operation; "ratio" = safe / plain, both measured here.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle } from './kb-build.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg('runs', 2000);
const JSON_OUT = process.argv.includes('--json');

const m = await bundle(
  'safe-fs',
  `export * from './src/common/safe-fs.ts'; export * from './src/common/safe-regex.ts';`,
);

const dir = mkdtempSync(join(tmpdir(), 'sg-bench-safefs-'));
const project = join(dir, 'proj');
const session = join(project, '.claude', 'shared-context', 'session-1');
mkdirSync(session, { recursive: true });
const text = 'x'.repeat(8 * 1024);
writeFileSync(join(session, '_summary.md'), text);

function median(fn, runs = RUNS) {
  const times = [];
  for (let i = 0; i < 50; i++) fn(i); // warm-up
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn(i);
    times.push((performance.now() - t0) * 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const rows = [];
function pair(name, plain, safe) {
  const p = median(plain);
  const s = median(safe);
  rows.push({ name, plainUs: +p.toFixed(1), safeUs: +s.toFixed(1), ratio: +(s / p).toFixed(2) });
}

const summary = join(session, '_summary.md');
pair(
  'read _summary.md (8 KiB)',
  () => readFileSync(summary, 'utf8'),
  () => m.readTextIn(project, summary, { maxBytes: 2 * 1024 * 1024 }),
);
const target = join(session, 'agent-a.md');
pair(
  'atomic write agent file (8 KiB)',
  (i) => {
    const tmp = `${target}.tmp-${i}`;
    writeFileSync(tmp, text, { mode: 0o600 });
    renameSync(tmp, target);
  },
  () => m.writeFileAtomicIn(project, target, text, 0o600),
);
pair(
  'ensure session folder (exists)',
  () => mkdirSync(session, { recursive: true, mode: 0o700 }),
  () => m.ensureDirIn(project, session, 0o700),
);
const log = join(project, 'log.txt');
pair(
  'append one line',
  () => appendFileSync(log, 'line\n'),
  () => m.appendFileIn(project, log, 'line\n'),
);
pair(
  'create + delete a session folder with 3 files',
  (i) => {
    const d = join(project, '.claude', 'shared-context', `p-${i}`);
    mkdirSync(d);
    for (const f of ['a.md', 'b.md', '_summary.md']) writeFileSync(join(d, f), 'x');
    rmSync(d, { recursive: true, force: true });
  },
  (i) => {
    const d = join(project, '.claude', 'shared-context', `s-${i}`);
    mkdirSync(d);
    for (const f of ['a.md', 'b.md', '_summary.md']) writeFileSync(join(d, f), 'x');
    m.removeTreeIn(project, d);
  },
);

// Regexes: a benign rule on a command line, both engines; then the catastrophic pattern.
const line = 'npx prisma migrate deploy --schema prisma/schema.prisma && npm test';
const v8 = /prisma migrate/i;
const re2 = m.compileSafeRegex('prisma migrate', { ignoreCase: true });
pair(
  'rule regex on a command (V8 RegExp vs re2js)',
  () => v8.test(line),
  () => re2.test(line),
);
const t0 = performance.now();
m.compileSafeRegex('x'); // first use loads re2js (already loaded above: this is compile only)
const compileUs = (performance.now() - t0) * 1000;
const evil = m.compileSafeRegex('(a+)+$', { ignoreCase: true });
const evilInput = 'a'.repeat(9_999) + '!'; // 10,000 characters: the longest input a rule is run on
const re2EvilUs = median(() => evil.test(evilInput), 50);
const v8Evil = /(a+)+$/i;
const v8Input = 'a'.repeat(22) + '!';
const t1 = performance.now();
v8Evil.test(v8Input);
const v8EvilMs = performance.now() - t1;

rmSync(dir, { recursive: true, force: true });

const result = {
  runs: RUNS,
  rows,
  regex: {
    compileUs: +compileUs.toFixed(1),
    re2jsCatastrophic10kUs: +re2EvilUs.toFixed(1),
    v8Catastrophic22Ms: +v8EvilMs.toFixed(1),
  },
};
if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
else {
  console.log(`safe-fs vs plain node:fs, median µs per operation over ${RUNS} runs:`);
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(48)} plain ${String(r.plainUs).padStart(7)}  safe ${String(r.safeUs).padStart(7)}  ratio ${r.ratio}`,
    );
  console.log('user regex (re2js, linear time):');
  console.log(`  compile a pattern                                 ${result.regex.compileUs} µs`);
  console.log(
    `  (a+)+$ on 10,000 × a + "!" (re2js)                ${result.regex.re2jsCatastrophic10kUs} µs`,
  );
  console.log(`  (a+)+$ on 22 × a + "!" (V8 RegExp, backtracking)  ${result.regex.v8Catastrophic22Ms} ms`);
}
