// The grammar gate over one command (grammar.ts): finds the program's grammar (grammars/) and
// walks the words through it. A few programs have a judge of their own here, because their words
// are not options and operands: env (assignments, then a command), find (an expression), sed (a
// script), source, interpreters and the project's own scripts (a file of the project, then words
// passed to it), shells (`-c` text is parsed and judged as a script).
import { ordinaryFileKind } from './edits.js';
import type { Word } from './commands.js';
import { pathClass, readable } from './expand.js';
import { proseOk } from './prose.js';
import {
  assignmentOk,
  compile,
  notRecognised,
  plainArg,
  walk,
  type GateCtx,
  type Grammar,
} from './grammar.js';
import { GRAMMAR_TABLE } from './grammars/table.js';
import { keepLocal } from './state.js';

const COMPILED = new Map(Object.entries(GRAMMAR_TABLE).map(([name, g]) => [name, compile(g, name)] as const));

/** Programs with a grammar (for docs and tests). */
export const GRAMMAR_PROGRAMS = [...COMPILED.keys()].sort();

/** Files the user's shell loads to set up a toolchain: `source`d as they are. */
const TOOLCHAIN_INIT = new Set([
  '~/.nvm/nvm.sh',
  '~/.cargo/env',
  '~/.sdkman/bin/sdkman-init.sh',
  '~/.asdf/asdf.sh',
  '~/.rvm/scripts/rvm',
  '~/.ghcup/env',
  '~/.local/bin/env',
  '$HOME/.nvm/nvm.sh',
  '$HOME/.cargo/env',
]);

function judgeProjectScript(ctx: GateCtx, where: string, script: Word, rest: Word[]): void {
  if (pathClass(script) === 'outside') return notRecognised(ctx.st, where, script.text);
  const known = SCRIPT_GRAMMARS[script.text.replace(/^\.\//, '')];
  if (known) {
    ctx.st.runs = true;
    return walk(ctx, known, COMPILED.get(known)!, rest);
  }
  if (ctx.st.wrote.has(script.text.replace(/^\.\//, '')) || ctx.st.wrote.has(script.text))
    keepLocal(ctx.st, 'runs-written');
  ctx.st.runs = true;
  const bad = rest.find((w) => !plainArg(w));
  if (bad) notRecognised(ctx.st, where, bad.text);
}

function judgeEnvWrapper(ctx: GateCtx, args: Word[]): void {
  let i = 0;
  while (i < args.length && /^[A-Za-z_]\w*=/.test(args[i]!.text)) {
    if (args[i]!.dynamic || !assignmentOk(ctx.st, args[i]!.text))
      return notRecognised(ctx.st, 'env', args[i]!.text);
    i++;
  }
  if (i < args.length && args[i]!.text.startsWith('-')) return notRecognised(ctx.st, 'env', args[i]!.text);
  // without a command, env prints every variable, tokens and keys among them
  if (i === args.length) return notRecognised(ctx.st, 'env', '(prints every variable)');
  ctx.judgeCommand(args.slice(i), ctx.io);
}

const FIND_TESTS = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-type',
  '-maxdepth',
  '-mindepth',
  '-mtime',
  '-mmin',
  '-size',
  '-newer',
  '-user',
  '-perm',
]);
const FIND_FLAGS = new Set([
  '-print',
  '-print0',
  '-prune',
  '-delete',
  '-o',
  '-a',
  '-not',
  '!',
  '(',
  ')',
  '-empty',
  '-ls',
]);

function judgeFind(ctx: GateCtx, args: Word[]): void {
  let i = 0;
  for (; i < args.length && !/^[-!(]/.test(args[i]!.text); i++)
    if (pathClass(args[i]!) === 'outside') return notRecognised(ctx.st, 'find', args[i]!.text);
  for (; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) return notRecognised(ctx.st, 'find', w.text);
    if (FIND_FLAGS.has(w.text)) continue;
    if (FIND_TESTS.has(w.text) && args[i + 1] && !args[i + 1]!.dynamic) {
      i++;
      continue;
    }
    if (w.text === '-exec' || w.text === '-execdir') {
      const end = args.findIndex((a, j) => j > i && (a.text === ';' || a.text === '+' || a.text === '\\;'));
      if (end < 0) return notRecognised(ctx.st, 'find', w.text);
      // what find passes is a path under its starting points (inside the project, or judged above)
      const inner = args
        .slice(i + 1, end)
        .map((a) => (a.text === '{}' ? { text: './found', dynamic: false } : a));
      ctx.judgeCommand(inner, ctx.io);
      i = end;
      continue;
    }
    return notRecognised(ctx.st, 'find', w.text);
  }
}

/** A sed script of plain substitutions and deletions: no `w`, `r`, `e` or other commands. */
const SED_SCRIPT =
  /^(?:(?:\d+|\$|\/(?:[^/\\\n]|\\.)*\/)?(?:,(?:\d+|\$|\/(?:[^/\\\n]|\\.)*\/))?\s*(?:d|p|s([/|#,:@])(?:(?!\1)[^\\\n]|\\.)*\1(?:(?!\1)[^\\\n]|\\.)*\1[gIip0-9]*)\s*;?\s*)+$/;

function judgeSed(ctx: GateCtx, args: Word[]): void {
  let inPlace = false;
  const scripts: Word[] = [];
  const files: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const t = w.text;
    if (w.dynamic) return notRecognised(ctx.st, 'sed', t);
    if (t === '-i' || t === '--in-place') {
      inPlace = true;
      // BSD sed: `-i ''` (an empty backup suffix)
      if (args[i + 1]?.text === '') i++;
    } else if (/^-i\.\w+$/.test(t)) inPlace = true;
    else if (t === '-e' || t === '--expression') scripts.push(args[++i] ?? { text: '', dynamic: true });
    else if (t === '-E' || t === '-r' || t === '-n' || t === '--regexp-extended' || t === '-z') continue;
    else if (t.startsWith('-')) return notRecognised(ctx.st, 'sed', t);
    else if (!scripts.length && !args.slice(0, i).some((a) => a.text === '-e')) scripts.push(w);
    else files.push(w);
  }
  for (const s of scripts)
    if (s.dynamic || !SED_SCRIPT.test(s.text)) return notRecognised(ctx.st, 'sed', s.text);
  for (const f of files)
    if (pathClass(f) === 'outside') return notRecognised(ctx.st, 'sed', f.text);
    else if (inPlace && pathClass(f) === 'config') keepLocal(ctx.st, 'config-write');
    else if (inPlace && !ordinaryFileKind(f.text)) keepLocal(ctx.st, 'edit-file-kind');
  if (inPlace) for (const s of scripts) if (addsCode(s.text)) keepLocal(ctx.st, 'edit-runs-code');
}

/** cp, mv, ln, install: the sources are read (inside the project), the destination is written. */
const COPY_FLAGS: Record<string, Set<string>> = {
  cp: new Set(['-r', '-R', '-a', '-p', '-f', '-n', '-v', '-i', '-u', '--recursive']),
  mv: new Set(['-f', '-n', '-v', '-i', '-u']),
  ln: new Set(['-s', '-f', '-n', '-v', '-T']),
  install: new Set(['-d', '-D', '-v', '-p']),
};

function judgeCopy(ctx: GateCtx, prog: string, args: Word[]): void {
  const flags = COPY_FLAGS[prog]!;
  const ops: Word[] = [];
  let target: Word | null = null;
  let mode: Word | null = null;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const t = w.text;
    if (w.dynamic && t.startsWith('-')) return notRecognised(ctx.st, prog, t);
    if (t === '-t' || t === '--target-directory') target = args[++i] ?? { text: '', dynamic: true };
    else if (/^--target-directory=/.test(t)) target = { text: t.slice(19), dynamic: false };
    else if (prog === 'install' && t === '-m') mode = args[++i] ?? null;
    else if (/^-[a-zA-Z]+$/.test(t) && [...t.slice(1)].every((c) => flags.has(`-${c}`))) continue;
    else if (flags.has(t)) continue;
    else if (t.startsWith('-')) return notRecognised(ctx.st, prog, t);
    else ops.push(w);
  }
  const dest = target ?? ops.pop();
  if (!dest || ops.length === 0) return notRecognised(ctx.st, prog, '(missing operand)');
  if (mode && !/^[0-7]{3,4}$/.test(mode.text)) return notRecognised(ctx.st, prog, mode.text);
  for (const s of ops) if (pathClass(s) === 'outside') return notRecognised(ctx.st, prog, s.text);
  const where = pathClass(dest);
  if (where === 'outside') return notRecognised(ctx.st, prog, dest.text);
  if (where === 'config') keepLocal(ctx.st, 'config-write');
  // what lands in a folder keeps its name: a hidden or code-running source name is such a file there
  else if (
    (target ||
      ops.length > 1 ||
      /\/$|^\.$/.test(dest.text) ||
      !/\.[\w-]+$/.test(dest.text.split('/').pop() ?? '')) &&
    ops.some((s) => pathClass({ text: `x/${s.text.split('/').pop()}`, dynamic: false }) === 'config')
  )
    keepLocal(ctx.st, 'config-write');
  ctx.st.wrote.add(dest.text.replace(/^\.\//, ''));
}

/**
 * An awk program that only reads its input and prints: no commands (`system`, pipes, `getline`),
 * no writes (`print > f`), no environment (`ENVIRON`), no other files (`ARGV`), no extensions (`@load`, `@include`).
 * Options: a field separator and plain variables; operands: files inside the project.
 */
const AWK_UNSAFE =
  /system|getline|ENVIRON|PROCINFO|ARGV|ARGC|@|close\s*\(|fflush|(?<!\|)\|(?!\|)|print[^;}]*>|`/;

function judgeAwk(ctx: GateCtx, args: Word[]): void {
  let program: Word | null = null;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const t = w.text;
    if (w.dynamic) return notRecognised(ctx.st, 'awk', t);
    if (!program && (t === '-F' || t === '-v')) {
      const v = args[++i];
      const ok =
        t === '-F' ? v && proseOk('pattern', v.text) : v && /^[A-Za-z_]\w*=[\w.,:/+-]*$/.test(v.text);
      if (!ok || !v || v.dynamic) return notRecognised(ctx.st, 'awk', `${t} ${v?.text ?? ''}`);
    } else if (!program && /^-F.+$/.test(t)) {
      if (!proseOk('pattern', t.slice(2))) return notRecognised(ctx.st, 'awk', t);
    } else if (!program && t === '--') continue;
    else if (!program && t.startsWith('-')) return notRecognised(ctx.st, 'awk', t);
    else if (!program) {
      if (t.length > 200 || AWK_UNSAFE.test(t)) return notRecognised(ctx.st, 'awk', t);
      program = w;
    } else if (!readable(w)) return notRecognised(ctx.st, 'awk', t);
  }
  if (!program) notRecognised(ctx.st, 'awk', '(no program)');
}

/** `command -v NAME` looks names up; `command NAME …` runs the command. */
function judgeCommandBuiltin(ctx: GateCtx, args: Word[]): void {
  if (/^-[vV]$/.test(args[0]?.text ?? '')) {
    const bad = args.slice(1).find((w) => w.dynamic || !/^[\w.+-]+$/.test(w.text));
    if (bad || args.length < 2) notRecognised(ctx.st, 'command', bad?.text ?? '(nothing)');
    return;
  }
  if (args[0] && !args[0].dynamic && args[0].text.startsWith('-'))
    return notRecognised(ctx.st, 'command', args[0].text);
  if (args.length) ctx.judgeCommand(args, ctx.io);
}

/** sudo around a system package manager only (a package by name from the distribution). */
function judgeSudo(ctx: GateCtx, args: Word[]): void {
  let i = 0;
  while (i < args.length && /^-[Hn]$/.test(args[i]!.text)) i++;
  const inner = args[i];
  if (!inner || inner.dynamic || !/^(?:apt-get|apt|dnf|yum|apk|zypper)$/.test(inner.text))
    return notRecognised(ctx.st, 'sudo', inner?.text ?? '(nothing)');
  ctx.judgeCommand(args.slice(i), ctx.io);
}

/** Project scripts that are well-known command lines: judged by that command line's grammar. */
const SCRIPT_GRAMMARS: Record<string, string> = {
  artisan: 'artisan',
  'manage.py': 'manage.py',
  'bin/console': 'symfony-console',
};

function judgeSource(ctx: GateCtx, args: Word[]): void {
  const f = args[0];
  if (!f) return notRecognised(ctx.st, 'source', '(nothing)');
  if (TOOLCHAIN_INIT.has(f.text.replace(/^\$\{HOME\}/, '$HOME'))) return;
  judgeProjectScript(ctx, 'source', f, args.slice(1));
}

/** Interpreter options that take no value / a value, per interpreter. */
const INTERP: Record<string, { flags: Set<string>; valued: Set<string>; module?: string }> = {
  python: {
    flags: new Set(['-u', '-B', '-O', '-OO', '-I', '-s', '-E', '-q', '-v', '-V', '--version']),
    valued: new Set(['-W', '-X']),
    module: '-m',
  },
  node: {
    flags: new Set([
      '--enable-source-maps',
      '--test',
      '--trace-warnings',
      '--trace-deprecation',
      '--no-warnings',
      '-v',
      '--version',
      '--expose-gc',
    ]),
    valued: new Set([
      '--max-old-space-size',
      '--stack-size',
      '--test-reporter',
      '--test-name-pattern',
      '--env-file',
    ]),
  },
  ruby: { flags: new Set(['-w', '-v', '--version']), valued: new Set() },
  php: { flags: new Set(['-v', '--version']), valued: new Set() },
  perl: { flags: new Set(['-w', '-v']), valued: new Set() },
};

/** Python modules run with `python -m` that are judged by a program's grammar. */
const PY_MODULES: Record<string, string> = {
  pip: 'pip',
  pip3: 'pip',
  pytest: 'pytest',
  venv: 'venv',
  unittest: 'unittest',
  mypy: 'mypy',
  black: 'black',
  ruff: 'ruff',
  isort: 'isort',
  flake8: 'flake8',
  build: 'pybuild',
  coverage: 'coverage',
  uvicorn: 'uvicorn',
  django: 'django-admin',
  ensurepip: 'ensurepip',
  pylint: 'pylint',
  tox: 'tox',
  poetry: 'poetry',
  http: '',
};

function judgeInterpreter(ctx: GateCtx, interp: string, args: Word[]): void {
  const spec = INTERP[interp]!;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const t = w.text;
    if (w.dynamic) return notRecognised(ctx.st, interp, t);
    const eq = t.indexOf('=');
    const name = eq > 0 && t.startsWith('--') ? t.slice(0, eq) : t;
    if (spec.flags.has(t)) continue;
    if (spec.valued.has(name)) {
      const v = eq > 0 && t.startsWith('--') ? t.slice(eq + 1) : args[++i]?.text;
      if (v === undefined || !/^[\w.,:=-]+$/.test(v)) return notRecognised(ctx.st, interp, t);
      continue;
    }
    if (spec.module && t === spec.module) {
      const mod = args[i + 1]?.text ?? '';
      const prog = PY_MODULES[mod];
      if (!prog) return notRecognised(ctx.st, `${interp} -m`, mod || '(nothing)');
      return judgeGated(ctx, prog, args.slice(i + 2));
    }
    if (t.startsWith('-')) return notRecognised(ctx.st, interp, t);
    return judgeProjectScript(ctx, interp, w, args.slice(i + 1));
  }
  if (!args.some((a) => /^(?:-v|-V|--version)$/.test(a.text))) notRecognised(ctx.st, interp, '(no script)');
}

/** Words an edit or a sed replacement may add that make it code that runs programs, loads code or reaches the network. */
export function addsCode(text: string): boolean {
  // code has no grammar here: these are the words by which code reaches the system, or turns a check off
  if (
    /\b(?:rejectUnauthorized|verify\s*=\s*False|InsecureSkipVerify|CURLOPT_SSL_VERIFY\w*|ssl_verify|check_hostname|CERT_NONE|NODE_TLS_REJECT_UNAUTHORIZED|ALLOWED_HOSTS|CORS_ALLOW_ALL\w*|CORS_ORIGIN_ALLOW_ALL|csrf_exempt|Access-Control-Allow-Origin|dangerouslySetInnerHTML|innerHTML|setuid|chmod|umask|0\.0\.0\.0)\b/.test(
      text,
    )
  )
    return true;
  return /\b(?:exec|eval|execSync|execFile|spawn|spawnSync|fork|system|popen|Popen|subprocess|child_process|os\.system|__import__|importlib|compile|Function|Runtime|ProcessBuilder|shell_exec|passthru|proc_open|socket|fetch|XMLHttpRequest|urllib|urlopen|requests\.(?:get|post|put)|http\.request|https\.request|net\.connect|WebSocket|curl|wget|base64|atob|b64decode|fromCharCode|marshal|pickle|ctypes|dlopen|LoadLibrary|require\s*\(\s*[^'"\s)]|import\s*\(\s*[^'"\s)])\b|`[^`]*`|\$\(|https?:\/\//.test(
    text,
  );
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash']);

/** npx, bunx, uvx, `pnpm dlx`, `npm exec`…: a package by name that has a grammar, then its words. */
function judgeRunner(ctx: GateCtx, runner: string, args: Word[]): void {
  let i = 0;
  while (i < args.length && /^(?:-y|--yes|--no-install|-q|--quiet|--)$/.test(args[i]!.text)) i++;
  const pkg = args[i];
  if (!pkg || pkg.dynamic) return notRecognised(ctx.st, runner, pkg?.text ?? '(nothing)');
  const name = pkg.text.replace(/(?!^)@[\w.^~-]+$/, '');
  const g = COMPILED.get(name);
  if (
    !g ||
    !/^[@\w][\w./-]*(?:@[\w.^~-]+)?$/.test(pkg.text) ||
    ['npm', 'pnpm', 'yarn', 'bun', 'env', 'sudo'].includes(name)
  )
    return notRecognised(ctx.st, runner, pkg.text);
  walk(ctx, name, g, args.slice(i + 1));
}

/** Package runners: the program itself, or the subcommands that run a package or a project binary. */
const RUNNERS: Record<string, string[] | undefined> = {
  npx: [],
  bunx: [],
  uvx: [],
  pnpm: ['dlx', 'exec'],
  yarn: ['dlx', 'exec'],
  npm: ['exec'],
  bun: ['x'],
  pipx: ['run'],
};

/** Runs the gate over one command whose program is `prog` (lower-case, no folder). */
export function judgeGated(ctx: GateCtx, prog: string, args: Word[]): void {
  const runner = RUNNERS[prog];
  if (runner && (runner.length === 0 || runner.includes(args[0]?.text ?? '')))
    return judgeRunner(ctx, prog, runner.length ? args.slice(1) : args);
  if (prog === 'env' || prog === 'cross-env') return judgeEnvWrapper(ctx, args);
  if (prog === 'sudo') return judgeSudo(ctx, args);
  if (prog === 'command') return judgeCommandBuiltin(ctx, args);
  if (/^[gmn]?awk$/.test(prog)) return judgeAwk(ctx, args);
  // `pnpm astro build`: a package manager runs a project binary that has a grammar
  if (
    /^(?:pnpm|yarn|bun)$/.test(prog) &&
    args[0] &&
    !args[0].dynamic &&
    !COMPILED.get(prog)!.sub!.has(args[0].text)
  ) {
    const bin = COMPILED.get(args[0].text);
    if (
      bin &&
      !RUNNERS[args[0].text] &&
      !['npm', 'pnpm', 'yarn', 'bun', 'node', 'sudo', 'env'].includes(args[0].text)
    )
      return walk(ctx, args[0].text, bin, args.slice(1));
  }
  if (COPY_FLAGS[prog]) return judgeCopy(ctx, prog, args);
  if (prog === 'find') return judgeFind(ctx, args);
  if (prog === 'sed') return judgeSed(ctx, args);
  if (prog === 'source' || prog === '.') return judgeSource(ctx, args);
  const interp = /^python[\d.]*$/.test(prog) ? 'python' : prog === 'nodejs' ? 'node' : prog;
  if (INTERP[interp]) return judgeInterpreter(ctx, interp, args);
  if (SHELLS.has(prog)) {
    if (args[0]?.text === '-c' && args[1] && !args[1].dynamic && args.length === 2)
      return ctx.recurse(args[1].text, ctx.st);
    if (args[0] && !args[0].text.startsWith('-'))
      return judgeProjectScript(ctx, prog, args[0], args.slice(1));
    return notRecognised(ctx.st, prog, args[0]?.text ?? '(no script)');
  }
  const g = COMPILED.get(prog);
  if (!g) return notRecognised(ctx.st, prog);
  walk(ctx, prog, g, args);
}

/** A program run by its path inside the project (`./gradlew`, `vendor/bin/phpunit`, `./scripts/x.sh`). */
export function judgeProjectProgram(ctx: GateCtx, path: Word, args: Word[]): void {
  const base = path.text.split('/').pop() ?? '';
  const g = COMPILED.get(base);
  if (g && /^(?:gradlew|mvnw|phpunit|rspec|rails|rake|jest|vitest|tsc|eslint)$/.test(base)) {
    ctx.st.runs = true;
    return walk(ctx, base, g, args);
  }
  judgeProjectScript(ctx, path.text, path, args);
}

export type { Grammar };
