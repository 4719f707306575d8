// Labelling aid: prints each tool error of a transcript with the calls that follow it, so a person
// can decide which call fixed it and which proved it resolved (bench/transcripts/README.md).
// Usage: node bench/transcripts/show-errors.mjs <transcript.jsonl> [--after N]
import { callSummary, readTranscript } from './lib.mjs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: show-errors.mjs <transcript.jsonl> [--after N]\nfix: give a transcript file');
  process.exit(2);
}
const after = Number(rest[rest.indexOf('--after') + 1]) || 12;
const { calls } = readTranscript(file);
const cut = (s, n) => (s.length > n ? s.slice(0, n) + '…' : s);
calls.forEach((c, i) => {
  if (!c.isError) return;
  console.log(`\n### ${c.id} ${c.name}${c.sidechain ? ' (sidechain)' : ''}: ${cut(callSummary(c), 200)}`);
  console.log(`    ERR: ${cut(c.result.replace(/\s+/g, ' '), 300)}`);
  for (const n of calls.slice(i + 1, i + 1 + after)) {
    const mark = n.isError ? 'ERR' : ' ok';
    console.log(
      `  ${mark} ${n.id.slice(-8)} ${n.name}: ${cut(callSummary(n), 120)}${n.name === 'Bash' || n.isError ? `  => ${cut(n.result.replace(/\s+/g, ' '), 110)}` : ''}`,
    );
  }
});
