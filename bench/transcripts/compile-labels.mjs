// Turns a hand-written label sheet (one line per error: `id | status | fixedBy | provedBy,… | fix |
// match`, ids may be unique suffixes) into labels/<stem>.json, checking every id against the
// transcript. Usage: node bench/transcripts/compile-labels.mjs <transcript.jsonl> <sheet.txt> <split>
import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { readTranscript } from './lib.mjs';

const [file, sheet, split] = process.argv.slice(2);
if (!file || !sheet || !split) {
  console.error(
    'usage: compile-labels.mjs <transcript.jsonl> <sheet.txt> <tuning|held-out>\nfix: give all three',
  );
  process.exit(2);
}
const { calls } = readTranscript(file);
const full = (s) => {
  if (!s || s === '-') return null;
  const hits = calls.filter((c) => c.id.endsWith(s));
  if (hits.length !== 1) throw new Error(`${s}: ${hits.length} calls match`);
  return hits[0].id;
};
const errors = {};
for (const line of readFileSync(sheet, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const [id, status, fixedBy, provedBy, fix, match] = line.split(' | ').map((s) => (s ?? '').trim());
  const e = calls.find((c) => c.id === full(id));
  if (!e.isError) throw new Error(`${id} is not an error`);
  errors[e.id] = {
    tool: e.name,
    status,
    fixedBy: full(fixedBy),
    provedBy: provedBy && provedBy !== '-' ? provedBy.split(',').map(full) : [],
    fix,
    ...(match ? { match } : {}),
  };
}
const missing = calls.filter((c) => c.isError && !errors[c.id]);
if (missing.length) throw new Error(`unlabelled errors: ${missing.map((c) => c.id).join(', ')}`);
const stem = basename(file, '.jsonl');
const out = join(dirname(fileURLToPath(import.meta.url)), 'labels', `${stem}.json`);
writeFileSync(out, JSON.stringify({ file: stem, split, errors }, null, 2) + '\n');
console.log(`${out}: ${Object.keys(errors).length} errors`);
