// The fix policy's grammar coverage on real commands (issue #31): every Bash command of real Claude
// Code transcripts, judged in the form the product records it ("ran `…`", cut at 200 characters),
// and the real fixes among them (a Bash call that succeeded right after a failed Bash call of the
// same thread). Prints how many are advised everywhere (`safe`: every word recognised), how many stay
// in their project and why, how many are withheld and why, and the words no grammar recognises, by
// program. Transcripts are data from elsewhere: read from the folder given, never committed.
// `node bench/policy-transcripts.mjs <folder> [--json] [--lines]`; without a folder it says so, exit 0.
import { existsSync } from 'node:fs';
import { bundle } from './kb-build.mjs';
import { readTranscript, transcriptFiles } from './transcripts/lib.mjs';

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith('--'));
if (!folder || !existsSync(folder)) {
  console.log(
    'policy on transcripts: skipped (no transcript folder; usage: policy-transcripts.mjs <folder>)',
  );
  process.exit(0);
}

const { loadFixPolicy, unrecognised } = await bundle(
  'policy-transcripts',
  `export { loadFixPolicy } from './src/fix-policy/evaluate.ts';
import { loadShellParser } from './src/fix-policy/parser.ts';
import { commandsOf } from './src/fix-policy/commands.ts';
import { judgeScript, newState } from './src/fix-policy/classify.ts';
/** Every word of a command line no grammar recognises ("<program> [subcommand] <word>"). */
export async function unrecognised(text: string): Promise<string[]> {
  const parser = await loadShellParser();
  const st = newState();
  const walk = (t: string, depth: number) => {
    if (depth > 4) return;
    const tree = parser.parse(t);
    if (!tree) return;
    try { judgeScript(st, commandsOf(tree), (inner) => walk(inner, depth + 1)); } finally { tree.delete(); }
  };
  walk(text, 0);
  return [...st.unknown];
}`,
);
const judge = await loadFixPolicy();
const COMMAND_MAX = 200;
const recorded = (cmd) => {
  const one = cmd.replace(/\s*\n\s*/g, ' ; ').trim();
  return `ran \`${one.length <= COMMAND_MAX ? one : `${one.slice(0, COMMAND_MAX - 1)}…`}\``;
};

/** Every Bash command of every transcript, and which of them are fixes. */
function realCommands(dir) {
  const out = [];
  for (const f of transcriptFiles(dir)) {
    const { calls } = readTranscript(f.path);
    const bash = calls.filter((c) => c.name === 'Bash' && typeof c.input.command === 'string');
    for (const [i, c] of bash.entries()) {
      const prev = bash.slice(0, i).findLast((p) => p.sidechain === c.sidechain);
      out.push({ file: f.stem, command: c.input.command, fix: !!prev?.isError && !c.isError });
    }
  }
  return out;
}

const all = realCommands(folder);
const rows = [];
for (const c of all) {
  const v = judge(recorded(c.command), 'same-command');
  rows.push({ ...c, cls: v.cls, rule: v.rule, reason: v.reason });
}

const count = (list) => {
  const by = { safe: 0, project: 0, withheld: 0 };
  for (const r of list) by[r.cls]++;
  return { n: list.length, ...by, pct: list.length ? Number(((100 * by.safe) / list.length).toFixed(1)) : 0 };
};
const uniq = (list) => [...new Map(list.map((r) => [r.command, r])).values()];
const sets = {
  commands: rows,
  uniqueCommands: uniq(rows),
  fixes: rows.filter((r) => r.fix),
  uniqueFixes: uniq(rows.filter((r) => r.fix)),
};
const result = Object.fromEntries(Object.entries(sets).map(([k, v]) => [k, count(v)]));
// commands that fit the recorded form (≤ 200 characters): the grammar's own coverage
const fits = uniq(rows).filter((r) => r.command.replace(/\s*\n\s*/g, ' ; ').trim().length <= COMMAND_MAX);
result.uniqueFitting = count(fits);
// the commands the product cuts short, judged whole: what the 200-character cut costs
const long = uniq(rows)
  .filter((r) => r.command.replace(/\s*\n\s*/g, ' ; ').trim().length > COMMAND_MAX)
  .map((r) => ({
    ...r,
    ...judge(`ran \`${r.command.replace(/\s*\n\s*/g, ' ; ').trim()}\``, 'same-command'),
  }));
result.uniqueLongJudgedWhole = count(long);

const tally = (list, key) => {
  const m = new Map();
  for (const r of list) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]);
};
const rulesOf = (cls) =>
  tally(
    sets.uniqueCommands.filter((r) => r.cls === cls),
    (r) => r.rule,
  );
// words not recognised, by program, over the unique commands that fit (cut ones say little)
const words = new Map();
// a command naming a path of the machine it was recorded on (absolute, ~, $VAR) is not portable
const machinePath = (u) => /^\S+(?: [a-z-]+)* (?:\/|~|[A-Za-z]:[\\/]|\$)/.test(u);
let notPortable = 0;
for (const r of fits.filter((x) => x.cls === 'project')) {
  const us = await unrecognised(r.command.replace(/\s*\n\s*/g, ' ; ').trim());
  if (us.some(machinePath)) notPortable++;
}
result.projectNamingMachinePaths = notPortable;
for (const r of fits.filter((x) => x.cls !== 'safe'))
  for (const u of await unrecognised(r.command.replace(/\s*\n\s*/g, ' ; ').trim())) {
    const prog = u.split(' ')[0];
    const m = words.get(prog) ?? new Map();
    m.set(u, (m.get(u) ?? 0) + 1);
    words.set(prog, m);
  }
const byProgram = [...words]
  .map(([p, m]) => [p, [...m.values()].reduce((a, b) => a + b, 0), [...m].sort((a, b) => b[1] - a[1])])
  .sort((a, b) => b[1] - a[1]);

if (args.includes('--json')) {
  console.log(
    JSON.stringify({
      ...result,
      projectRules: rulesOf('project'),
      withheldRules: rulesOf('withheld'),
      unrecognised: byProgram.map(([p, n, m]) => ({ program: p, n, words: m.slice(0, 10) })),
    }),
  );
} else {
  const line = (name, c) =>
    `  ${name.padEnd(30)} ${String(c.n).padStart(5)}   safe ${String(c.safe).padStart(5)} (${c.pct} %)   project ${String(c.project).padStart(4)}   withheld ${String(c.withheld).padStart(4)}`;
  console.log(`fix policy on the Bash commands of ${folder} (recorded form, proof same-command):`);
  console.log(line('commands', result.commands));
  console.log(line('unique commands', result.uniqueCommands));
  console.log(line('unique commands ≤ 200 chars', result.uniqueFitting));
  console.log(line('unique > 200, judged whole', result.uniqueLongJudgedWhole));
  console.log(line('real fixes', result.fixes));
  console.log(line('unique real fixes', result.uniqueFixes));
  console.log(
    `  of the unique commands ≤ 200 chars kept to their project, ${result.projectNamingMachinePaths} name a path of the recording machine (absolute, ~, $VAR): not portable`,
  );
  console.log('  unique commands kept to their project, by rule:');
  for (const [r, n] of rulesOf('project')) console.log(`    ${String(n).padStart(4)}  ${r}`);
  console.log('  unique commands withheld, by rule:');
  for (const [r, n] of rulesOf('withheld')) console.log(`    ${String(n).padStart(4)}  ${r}`);
  console.log('  words not recognised (unique commands ≤ 200 chars), by program:');
  for (const [p, n, m] of byProgram.slice(0, 25))
    console.log(
      `    ${String(n).padStart(4)}  ${p}: ${m
        .slice(0, 6)
        .map(([w, k]) => `${w.slice(p.length).trim() || '(program)'} ×${k}`)
        .join(', ')}`,
    );
  if (args.includes('--lines'))
    for (const r of sets.uniqueCommands.filter((x) => x.cls !== 'safe'))
      console.log(
        `  ${r.fix ? 'FIX ' : ''}${r.cls}: ${r.command.replace(/\s*\n\s*/g, ' ; ').slice(0, 160)} — ${r.reason}`,
      );
}
