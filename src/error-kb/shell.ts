// Just enough shell parsing to tell commands apart: split a command line into simple commands,
// give each a normalised key (program, subcommand, target), and say what kind of call it is
// (inspection, install, config change, other). Used by resolution detection (which call proves an
// error resolved, which calls were the fix) and by the advice filter. Never throws. The names of
// the programs that only look are common/shell-words.ts's.
import {
  CD_PROGRAMS,
  CONTAINER_READ_ONLY,
  isReadOnlyGit,
  PIPE_FILTERS,
  PKG_READ_ONLY,
  READ_ONLY_PROGRAMS,
} from '../common/shell-words.js';

/** One simple command of a command line (`a && b | c` has three). */
export interface Segment {
  /** The words, quotes removed, redirections dropped. */
  words: string[];
  /** The text as written (trimmed). */
  text: string;
  /** The separator after it ('' at the end): `&&`, `||`, `;`, `|`, `&` or a newline. */
  next: string;
  /** It redirects output into a file (`> file`, `>> file`; not /dev/null): it changes something. */
  writes: boolean;
}

const SEPARATORS = new Set(['&&', '||', ';', '|', '&', '\n']);

/** Splits on && || ; | & and newlines outside quotes; tokens keep their quoting removed. */
export function segments(command: string): Segment[] {
  const out: Segment[] = [];
  let words: string[] = [];
  let word = '';
  let hasWord = false;
  let start = 0;
  const s = command.slice(0, 4000);
  const push = (end: number, next: string) => {
    if (hasWord) words.push(word);
    word = '';
    hasWord = false;
    if (words.length) out.push({ words, text: s.slice(start, end).trim(), next, writes: false });
    else if (out.length && next) out[out.length - 1]!.next = next;
    words = [];
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      const stop = end === -1 ? s.length : end;
      word += s.slice(i + 1, stop);
      hasWord = true;
      i = stop;
      continue;
    }
    if (c === '\\' && i + 1 < s.length) {
      word += s[i + 1];
      hasWord = true;
      i++;
      continue;
    }
    if (c === '&' && (s[i - 1] === '>' || s[i - 1] === '<' || s[i + 1] === '>')) {
      word += c; // 2>&1, &>file: a redirection, not a separator
      hasWord = true;
      continue;
    }
    const two = s.slice(i, i + 2);
    if (SEPARATORS.has(two) || SEPARATORS.has(c)) {
      push(i, SEPARATORS.has(two) ? two : c);
      if (SEPARATORS.has(two)) i++;
      start = i + 1;
      continue;
    }
    if (c === ' ' || c === '\t') {
      if (hasWord) words.push(word);
      word = '';
      hasWord = false;
      continue;
    }
    word += c;
    hasWord = true;
  }
  push(s.length, '');
  return out.map((seg) => ({ ...seg, ...dropRedirections(seg.words) }));
}

const intoFile = (target: string | undefined) =>
  !!target && !/^(?:\/dev\/(?:null|stdout|stderr)|&?\d)$/.test(target);

function dropRedirections(words: string[]): { words: string[]; writes: boolean } {
  const out: string[] = [];
  let writes = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (/^\d*(>>?|<)&?\d*$/.test(w) || /^&>>?$/.test(w)) {
      if (/&\d$/.test(w)) continue; // 2>&1
      if (w.includes('>') && intoFile(words[i + 1])) writes = true;
      i++; // `> file`: skip the target too
      continue;
    }
    const glued = /^(?:\d*(>>?|<)&?|&>>?)(\S+)$/.exec(w); // `2>/dev/null`, `>out.txt`
    if (glued) {
      if (w.includes('>') && intoFile(glued[2])) writes = true;
      continue;
    }
    out.push(w);
  }
  return { words: out, writes };
}

/** Programs that run the command after them (`sudo make`, `npx vitest`, `timeout 60 go test`). */
const WRAPPERS = new Set([
  'sudo',
  'time',
  'command',
  'exec',
  'nohup',
  'env',
  'npx',
  'bunx',
  'uvx',
  'nice',
  'timeout',
  'stdbuf',
  'xvfb-run',
]);
/** Runners whose subcommand runs the command after it (`uv run pytest`, `bundle exec rspec`). */
const RUNNER_SUBCOMMANDS: Record<string, RegExp> = {
  uv: /^run$/,
  poetry: /^run$/,
  pipenv: /^run$/,
  pdm: /^run$/,
  hatch: /^run$/,
  rye: /^run$/,
  pipx: /^run$/,
  conda: /^run$/,
  mamba: /^run$/,
  micromamba: /^run$/,
  bundle: /^exec$/,
  pnpm: /^(?:exec|dlx)$/,
  yarn: /^(?:exec|dlx)$/,
  npm: /^(?:exec|x)$/,
  bun: /^x$/,
  mise: /^(?:exec|x)$/,
  asdf: /^exec$/,
  dotenv: /^run$/,
};
/** Runner options that take a value (`uv run --with x`, `conda run -n env`, `npx -p pkg`). */
const VALUE_FLAGS = new Set([
  '-n',
  '--name',
  '-p',
  '--package',
  '--with',
  '--python',
  '--project',
  '--directory',
  '--env-file',
  '-e',
  '--env',
  '-s',
  '--signal',
  '-k',
  '--kill-after',
  '-C',
]);
const base = (w: string) => w.replace(/\\/g, '/').split('/').pop() ?? w;

/** Skips a runner's options (and their values) from `i`; the index of the command it runs. */
function skipOptions(words: string[], i: number): number {
  while (i < words.length && words[i]!.startsWith('-')) {
    const w = words[i]!;
    i += VALUE_FLAGS.has(w) ? 2 : 1;
    if (w === '--') break;
  }
  return i;
}

/**
 * The words of a segment as the command it runs: leading VAR=value, wrappers (sudo, npx, timeout…)
 * and runner prefixes (`uv run`, `poetry run`, `bundle exec`, `pnpm exec`…) stripped, module
 * runners normalised (`python -m pytest` = `pytest`), so one command is one command however it is
 * launched. Program, subcommand and targets are kept.
 */
export function coreWords(words: string[]): string[] {
  let i = 0;
  for (let guard = 0; guard < 8 && i < words.length; guard++) {
    const w = words[i]!;
    const prog = base(w).toLowerCase();
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) i++;
    else if (WRAPPERS.has(prog)) {
      i = skipOptions(words, i + 1);
      if (prog === 'timeout' && /^\d+(?:\.\d+)?[smhd]?$/.test(words[i] ?? '')) i++; // timeout 60 cmd
      if (prog === 'env') while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++;
    } else if (RUNNER_SUBCOMMANDS[prog]?.test(words[i + 1] ?? '') && words.length > i + 2) {
      i = skipOptions(words, i + 2);
    } else break;
  }
  const rest = words.slice(i);
  const prog = rest[0] ? base(rest[0]) : '';
  if (/^python[\d.]*$/.test(prog) && rest[1] === '-m' && rest[2]) return [rest[2], ...rest.slice(3)];
  return rest;
}

const normArg = (a: string) => a.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '') || a;
const SETTING = /^[\w.-]+=/;
/** At most this many operands make a command's target. */
const MAX_OPERANDS = 8;

/**
 * The key of one simple command: program base name, then its operands — subcommand and targets
 * (paths without `./` or a trailing slash), options left out. `npm run test` = `npm test`;
 * `uv run python -m pytest tests/a.py` = `pytest tests/a.py` ≠ `pytest tests/b.py`. `cd` and
 * inspection-only segments have keys too (callers decide what to do with them). '' for nothing.
 */
export function segmentKey(words: string[]): string {
  const core = coreWords(words);
  if (!core.length) return '';
  const prog = base(core[0]!)
    .toLowerCase()
    .replace(/\.(?:exe|cmd|bat)$/, '');
  // Targets only: not options, not settings (`name=value`: what a corrected re-run changes).
  let args = core.slice(1).filter((w) => !w.startsWith('-') && w !== '' && !SETTING.test(w));
  if (['npm', 'pnpm', 'yarn', 'bun'].includes(prog)) {
    if (args[0] === 'run' || args[0] === 'run-script') args = args.slice(1);
    if (args[0] === 't' || args[0] === 'tst') args = ['test', ...args.slice(1)];
  }
  return [prog, ...args.slice(0, MAX_OPERANDS).map(normArg)].join(' ');
}

/** The keys of a command line's meaningful segments (no `cd`, no inspection), in order. */
export function commandKeys(command: string): string[] {
  return segments(command)
    .filter((s) => !isInspectionSegment(s.words) && !isCd(s.words))
    .map((s) => segmentKey(s.words))
    .filter(Boolean);
}

/** The key of a whole command line: its meaningful segments' keys joined by ` && `. */
export function commandKey(command: string): string {
  const keys = commandKeys(command);
  if (keys.length) return keys.join(' && ');
  // only inspection (e.g. `cat missing.txt`): its own key, so a re-run can still prove it
  return segments(command)
    .filter((s) => !isCd(s.words))
    .map((s) => segmentKey(s.words))
    .filter(Boolean)
    .join(' && ');
}

/** Changing folders: never what a command is about. */
const isCd = (words: string[]) => {
  const c = coreWords(words);
  return c.length > 0 && CD_PROGRAMS.has(base(c[0]!).toLowerCase());
};

/** A segment that only looks at things (never a fix by itself). */
export function isInspectionSegment(words: string[]): boolean {
  const c = coreWords(words);
  if (!c.length) return true;
  const prog = base(c[0]!).toLowerCase();
  const sub = c.slice(1).find((w) => !w.startsWith('-'));
  if (READ_ONLY_PROGRAMS.has(prog)) return !(prog === 'awk' && c.includes('-i'));
  if (prog === 'sed') return !c.some((w) => w === '-i' || w.startsWith('-i'));
  if (prog === 'git') return isReadOnlyGit(c);
  if (['npm', 'pnpm', 'yarn', 'pip', 'pip3', 'cargo', 'go', 'brew', 'apt', 'gem', 'poetry'].includes(prog))
    return !!sub && PKG_READ_ONLY.has(sub);
  if (prog === 'docker' || prog === 'kubectl') return !!sub && CONTAINER_READ_ONLY.has(sub);
  if (/^(node|python[\d.]*|ruby|java|go|rustc|cargo|npm|tsc)$/.test(prog) && c.length === 2)
    return c[1] === '--version' || c[1] === '-v' || c[1] === '-V' || c[1] === 'version';
  return false;
}

/** A whole command line that only inspects (every segment is inspection or `cd`, none writes a file). */
export function isInspectionCommand(command: string): boolean {
  const segs = segments(command);
  return segs.length > 0 && segs.every((s) => !s.writes && (isInspectionSegment(s.words) || isCd(s.words)));
}

const RUNNERS = new Set([
  'pytest',
  'py.test',
  'jest',
  'vitest',
  'mocha',
  'ava',
  'tap',
  'tsc',
  'eslint',
  'mypy',
  'flake8',
  'pylint',
  'ruff',
  'black',
  'rspec',
  'phpunit',
  'node',
  'deno',
  'ts-node',
  'tsx',
  'ruby',
  'perl',
  'php',
  'java',
  'playwright',
  'cypress',
  'tox',
  'nox',
  'unittest',
  'ctest',
]);
const RUNNER_SUBS: Record<string, RegExp> = {
  npm: /^(test|t|run|run-script|start|exec|x)$/,
  pnpm: /^(test|t|run|start|exec|build|lint)$/,
  yarn: /^(test|run|start|exec|build|lint)$/,
  bun: /^(test|run)$/,
  cargo: /^(build|test|check|run|clippy|bench|fmt)$/,
  go: /^(build|test|run|vet)$/,
  make: /^(test|check|lint|build|all)?$/,
  dotnet: /^(build|test|run)$/,
  mvn: /^(test|verify|compile|package)$/,
  gradle: /^(build|test|check)$/,
  gradlew: /^(build|test|check)$/,
};

/**
 * A run of tests, a build or a program (pytest, npm test, cargo build, python app.py…): it checks
 * rather than changes, so it is only a fix when nothing else happened in between.
 */
export function isRunSegment(words: string[]): boolean {
  const c = coreWords(words);
  if (!c.length) return false;
  const prog = base(c[0]!).toLowerCase();
  if (RUNNERS.has(prog) || /^python[\d.]*$/.test(prog)) return true;
  const subs = RUNNER_SUBS[prog];
  if (!subs) return false;
  const sub = c.slice(1).find((w) => !w.startsWith('-')) ?? '';
  return subs.test(sub);
}

/** Canonical words of a segment (wrappers dropped, `npm run x` = `npm x`, `./a/` = `a`): tells a corrected command from the same one. */
export function canonicalWords(words: string[]): string[] {
  const assignments: string[] = [];
  for (const w of words) {
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) assignments.push(w);
    else break;
  }
  const c = [...assignments.sort(), ...coreWords(words).map(normArg)];
  const p = assignments.length;
  if (
    c.length > p &&
    ['npm', 'pnpm', 'yarn', 'bun'].includes(base(c[p]!)) &&
    (c[p + 1] === 'run' || c[p + 1] === 'run-script')
  )
    c.splice(p + 1, 1);
  if (c[p + 1] === 't' && base(c[p] ?? '') === 'npm') c[p + 1] = 'test';
  return c;
}

const INSTALL: [RegExp, RegExp][] = [
  [/^(npm|pnpm|yarn|bun)$/, /^(install|i|add|ci|update|upgrade|up)$/],
  [/^(pip[\d.]*|uv|poetry|pipenv|conda|mamba)$/, /^(install|add|sync|update)$/],
  [/^cargo$/, /^(add|install|update|fetch)$/],
  [/^go$/, /^(get|install|mod)$/],
  [
    /^(apt|apt-get|brew|dnf|yum|apk|pacman|snap|gem|bundle|composer|dotnet|mvn|gradle)$/,
    /^(install|add|update|restore|-S|dependency:resolve)$/,
  ],
];

/** A segment that installs or updates packages. */
export function isInstallSegment(words: string[]): boolean {
  const c = coreWords(words);
  if (!c.length) return false;
  const prog = base(c[0]!).toLowerCase();
  const sub = c.slice(1).find((w) => !w.startsWith('-') || w === '-S') ?? '';
  if (prog === 'bundle' && c.length === 1) return true;
  return INSTALL.some(([p, s]) => p.test(prog) && s.test(sub));
}

/** A segment that only filters its input (not `sed -i`, not `tee file`, not `> file`). */
export function isFilterSegment(s: Segment): boolean {
  const c = coreWords(s.words);
  const prog = base(c[0] ?? '').toLowerCase();
  if (!PIPE_FILTERS.has(prog) || s.writes) return false;
  if (prog === 'sed') return !c.some((w) => w.startsWith('-i'));
  if (prog === 'awk') return !c.includes('-i');
  if (prog === 'tee') return c.slice(1).every((w) => w.startsWith('-') || w.startsWith('/dev/'));
  return true;
}

/** `set -o pipefail` (or `set -euo pipefail`): a pipeline's exit status is its first failure's. */
export const hasPipefail = (command: string): boolean => /\bset\s+(?:-\w*o\s+|-o\s+)pipefail\b/.test(command);

/** The words of a segment that name files or folders it works on (its operands, not its options). */
export function operands(words: string[]): string[] {
  return coreWords(words)
    .slice(1)
    .filter((w) => !w.startsWith('-') && w !== '')
    .map(normArg);
}
