#!/usr/bin/env node
/* global performance */
// Benchmark of secret redaction (#12.4): what it costs in a hook.
//
//   node bench/redact.mjs [--runs 2000] [--json]
//
// In process (src/common/redact.ts bundled with esbuild into a temp file): µs per call on ordinary
// tool errors (the secretlint preset's prefilter says no: the preset never loads), on text with a
// URL (the prefilter says maybe: the preset runs) and on the secret corpus; the floor is one pass of
// a single regular expression over the same text. In fresh processes: the one-time CPU cost of
// loading the preset and creating its rules, next to the cost of loading redaction without it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg('runs', 2000);
const JSON_OUT = process.argv.includes('--json');
const dir = mkdtempSync(join(tmpdir(), 'sg-bench-redact-'));

const entry = join(dir, 'entry.ts');
writeFileSync(
  entry,
  `export { redact } from ${JSON.stringify(join(ROOT, 'src/common/redact.ts'))};
   export { buildSecretCorpus } from ${JSON.stringify(join(ROOT, 'test/helpers/secrets.ts'))};
   export { presetMayMatch, secretlintRuleCount } from ${JSON.stringify(join(ROOT, 'src/common/secretlint.ts'))};`,
);
const bundle = join(dir, 'redact.cjs');
await build({
  entryPoints: [entry],
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outfile: bundle,
  define: { 'import.meta.url': '"file:///bench"' },
  logLevel: 'error',
});

const ORDINARY = [
  'Exit code 1\ncat: /nonexistent/dir/file.txt: No such file or directory',
  "Error: Cannot find module './utils' from /home/dev/proj/src/index.ts\n    at Function.resolve (node:internal/modules/cjs/loader:1048:15)",
  "src/auth.ts(12,5): error TS2322: Type 'string | undefined' is not assignable to type 'string'.",
  'Traceback (most recent call last):\n  File "/app/main.py", line 3, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'',
  'npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\nnpm ERR! Found: react@18.2.0',
];
const WITH_MARKER = [
  "fatal: unable to access 'https://ci:hunter22@git.example.com/app.git/': The requested URL returned error: 403",
  'npm ERR! code E401\nnpm ERR! Unable to authenticate, your _authToken is invalid',
];
// Ordinary errors that hold a plain URL: the prefilter says no.
const WITH_URL = [
  "fatal: Authentication failed for 'https://github.com/org/repo.git/'",
  'npm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fmissing - Not found',
];

// One-time costs, each in a fresh process (CPU time, so other load on the machine matters less).
function oneTime(code) {
  const script = `const c=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000};
    const t0=c(); const m=require(${JSON.stringify(bundle)}); const t1=c();
    ${code}
    const t2=c(); console.log(JSON.stringify({load:t1-t0, first:t2-t1}));`;
  const xs = [];
  for (let i = 0; i < 7; i++) {
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    xs.push(JSON.parse(r.stdout));
  }
  xs.sort((a, b) => a.first - b.first);
  return xs[3];
}
const ordinaryFirst = oneTime(`m.redact(${JSON.stringify(ORDINARY.join('\n'))});`);
const presetFirst = oneTime(`m.redact(${JSON.stringify(WITH_MARKER.join('\n'))});`);

const m = await import(bundle);
const corpus = m.buildSecretCorpus().map((c) => `failed: ${c.text}`);
function perCall(texts, fn) {
  for (let i = 0; i < 50; i++) fn(texts[i % texts.length] + i);
  const t = performance.now();
  for (let i = 0; i < RUNS; i++) fn(texts[i % texts.length] + i);
  return ((performance.now() - t) / RUNS) * 1000;
}
const floorRe = /\bsk-ant-[A-Za-z0-9_-]{8,}/g;
const floor = (s) => s.replace(floorRe, '[REDACTED]');
const rows = [
  ['ordinary tool errors', ORDINARY],
  ['ordinary errors with a URL', WITH_URL],
  ['errors with a preset marker', WITH_MARKER],
  [`secret corpus (${corpus.length} shapes)`, corpus],
].map(([what, texts]) => {
  const us = perCall(texts, m.redact);
  const f = perCall(texts, floor);
  const presetRuns = texts.filter((t) => m.presetMayMatch(t)).length;
  return { what, us, floorUs: f, ratio: us / f, presetRuns, texts: texts.length };
});

const result = {
  runs: RUNS,
  presetRules: m.secretlintRuleCount(),
  perCall: rows,
  oneTimeCpuMs: {
    loadRedaction: ordinaryFirst.load,
    firstCallOrdinary: ordinaryFirst.first,
    firstCallPresetLoaded: presetFirst.first,
  },
};
rmSync(dir, { recursive: true, force: true });
if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
else {
  console.log(`secretlint preset: ${result.presetRules} rules; ${RUNS} calls per row`);
  console.log('text'.padEnd(42) + 'µs/call  floor µs  ratio  preset runs on');
  for (const r of rows)
    console.log(
      r.what.padEnd(42) +
        r.us.toFixed(1).padStart(7) +
        r.floorUs.toFixed(2).padStart(9) +
        r.ratio.toFixed(0).padStart(6) +
        `  ${r.presetRuns} of ${r.texts}`,
    );
  console.log(
    `one-time CPU in a fresh process: loading redaction ${ordinaryFirst.load.toFixed(1)} ms; first call ` +
      `${ordinaryFirst.first.toFixed(1)} ms without the preset, ${presetFirst.first.toFixed(1)} ms when it loads`,
  );
}
