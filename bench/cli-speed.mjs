// node bench/cli-speed.mjs: how fast the commands a person types answer, as a ratio to `node -e 0`
// measured in the same run (the floor: starting Node itself). Runs `--help`, `status`,
// `kb search <error>` and `kb add …` in a temporary data home seeded with 2,000 events and 500 KB
// entries, interleaved round by round (a busy machine slows every command alike), and prints the
// median wall time of each, its ratio to the floor, and the CPU time (user + system) when
// /usr/bin/time exists. The target: each ≤ 2× the floor.
// Then one line with the wall time of the last `npm test` and the machine's core count, read from
// .ci/npm-test-time.json (written by .ci/run) or SELF_GEN_NPM_TEST_SECONDS; never run from here.
// BENCH_CLI_RUNS (default 15) sets the rounds. Needs `npm run build` (dist/).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seed } from './seed.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.cjs'); // the package's bin
const HOOK = join(ROOT, 'dist', 'hook.cjs');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 15);
const TARGET = 2;
const HAS_TIME = existsSync('/usr/bin/time');

const dir = mkdtempSync(join(tmpdir(), 'sg-cli-speed-'));
const home = join(dir, 'home');
const project = join(dir, 'project');
mkdirSync(join(project, '.git'), { recursive: true });
const env = {
  ...process.env,
  HOME: join(dir, 'user'),
  SELF_GEN_HOME: home,
  SELF_GEN_NO_BACKGROUND: '1',
  CLAUDE_PROJECT_DIR: project,
};
delete env.SELF_GEN_DEBUG;
mkdirSync(env.HOME, { recursive: true });
seed(home, 2_000, 500, { projects: 4, sessions: 40, hookJs: HOOK });

let added = 0;
const COMMANDS = [
  ['node -e 0', () => ['-e', '0']],
  ['--help', () => [CLI, '--help']],
  ['status', () => [CLI, 'status']],
  ['kb search <error>', () => [CLI, 'kb', 'search', "Error: Cannot find module 'react'"]],
  [
    'kb add <error> -r <fix>',
    () => [CLI, 'kb', 'add', `Error: Cannot find module 'pkg-${++added}'`, '-r', `npm install pkg-${added}`],
  ],
];

/** One run: wall ms, and CPU ms (user + system, children included) when /usr/bin/time exists. */
function once(args) {
  const t0 = process.hrtime.bigint();
  const r = HAS_TIME
    ? spawnSync('/usr/bin/time', ['-f', '@cpu %U %S', process.execPath, ...args], {
        env,
        cwd: project,
        encoding: 'utf8',
      })
    : spawnSync(process.execPath, args, { env, cwd: project, encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && !(args[2] === 'search' && r.status === 1))
    throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const m = /@cpu ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  return { wall, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : null };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

// warm the file cache; this first run also writes each command's V8 code cache in the data home
// (src/bin/cli-boot.ts), as a person's first run of a command does
for (const [, args] of COMMANDS) once(args());
const samples = COMMANDS.map(() => ({ wall: [], cpu: [] }));
for (let i = 0; i < RUNS; i++)
  COMMANDS.forEach(([, args], k) => {
    const r = once(args());
    samples[k].wall.push(r.wall);
    if (r.cpu !== null) samples[k].cpu.push(r.cpu);
  });

const floor = { wall: median(samples[0].wall), cpu: median(samples[0].cpu) };
const ms = (v) => (v === null ? '—' : `${v.toFixed(0)} ms`);
console.log(`CLI commands, median of ${RUNS} interleaved runs (target ≤ ${TARGET}× node -e 0):`);
console.log(
  `${'command'.padEnd(26)}${'wall'.padStart(9)}${'ratio'.padStart(8)}${'cpu'.padStart(9)}${'ratio'.padStart(8)}`,
);
let over = 0;
COMMANDS.forEach(([name], k) => {
  const wall = median(samples[k].wall);
  const cpu = median(samples[k].cpu);
  const rw = wall / floor.wall;
  const rc = cpu !== null && floor.cpu ? cpu / floor.cpu : null;
  if (k > 0 && rw > TARGET) over++;
  console.log(
    `${name.padEnd(26)}${ms(wall).padStart(9)}${`${rw.toFixed(2)}×`.padStart(8)}${ms(cpu).padStart(9)}${(rc === null ? '—' : `${rc.toFixed(2)}×`).padStart(8)}${k > 0 && rw > TARGET ? '  over target' : ''}`,
  );
});
console.log(over ? `${over} command(s) over ${TARGET}× node -e 0` : `every command ≤ ${TARGET}× node -e 0`);

/** The last `npm test` wall time: .ci/npm-test-time.json (from .ci/run) or SELF_GEN_NPM_TEST_SECONDS. */
function npmTestTime() {
  if (process.env.SELF_GEN_NPM_TEST_SECONDS)
    return {
      seconds: Number(process.env.SELF_GEN_NPM_TEST_SECONDS),
      cores: availableParallelism(),
      from: 'SELF_GEN_NPM_TEST_SECONDS',
    };
  try {
    const j = JSON.parse(readFileSync(join(ROOT, '.ci', 'npm-test-time.json'), 'utf8'));
    return { ...j, from: `.ci/npm-test-time.json, ${j.date}` };
  } catch {
    return null;
  }
}
const t = npmTestTime();
console.log(
  t
    ? `npm test: ${Math.round(t.seconds)} s wall on ${t.cores} cores (${t.from})`
    : `npm test: no time recorded (.ci/run writes .ci/npm-test-time.json; or set SELF_GEN_NPM_TEST_SECONDS); this machine has ${availableParallelism()} cores`,
);
rmSync(dir, { recursive: true, force: true });
