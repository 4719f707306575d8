// The grammar gate over one command (grammar.ts): finds the program's grammar (grammars/) and
// walks the words through it. A few programs have a judge of their own, because their words are
// not options and operands: env (assignments, then a command), source, interpreters and the
// project's own scripts (a file of the project, then words passed to it), shells (`-c` text is
// parsed and judged as a script); find, sed, cp/mv and awk are judged in gate-files.ts.
import type { Word } from './commands.js';
import { pathClass } from './expand.js';
import { assignmentOk } from './env-vars.js';
import { compile, walk, type Compiled, type Grammar } from './grammar.js';
import { notRecognised, type GateCtx } from './recognise.js';
import { GRAMMAR_TABLE } from './grammars/table.js';
import { NODE_GRAMMARS } from './grammars/node.js';
import { keepLocal } from './state.js';
import { commonScript } from './script-names.js';
import { knownEval } from './programs.js';
import { COPY_FLAGS, judgeAwk, judgeCopy, judgeFind, judgeSed } from './gate-files.js';
import { CODE_RUNNERS, judgeCodeRunner, type CodeRunner } from './inline-code.js';

const COMPILED_CACHE = new Map<string, Compiled>();
/** A program's compiled grammar, compiled the first time it is asked for (a command judges a few). */
const COMPILED = {
  get(name: string): Compiled | undefined {
    let c = COMPILED_CACHE.get(name);
    if (!c && Object.hasOwn(GRAMMAR_TABLE, name))
      COMPILED_CACHE.set(name, (c = compile(GRAMMAR_TABLE[name]!, name)));
    return c;
  },
};

/** Programs with a grammar (for docs and tests). */
export const GRAMMAR_PROGRAMS = Object.keys(GRAMMAR_TABLE).sort();

/** Compiles every grammar (a test: a malformed one throws). */
export function compileAllGrammars(): number {
  for (const name of GRAMMAR_PROGRAMS) COMPILED.get(name);
  return COMPILED_CACHE.size;
}

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
  // A script runs whatever the project put in it, and its options have no grammar: like a package
  // script, it crosses projects only under a common name (`./scripts/test.sh`), with no arguments.
  const name = (script.text.split('/').pop() ?? '').replace(/\.(?:sh|bash|zsh|py|[cm]?js|ts|rb|pl)$/, '');
  if (!commonScript(name)) return notRecognised(ctx.st, where, script.text);
  if (rest[0]) notRecognised(ctx.st, where, rest[0].text);
}

function judgeEnvWrapper(ctx: GateCtx, args: Word[]): void {
  let i = 0;
  // -u NAME: the command runs without that variable (as `unset NAME` does)
  while (i < args.length && !args[i]!.dynamic && /^(?:-u|--unset)$/.test(args[i]!.text)) {
    const name = args[i + 1];
    if (!name || name.dynamic || !/^[A-Za-z_]\w*$/.test(name.text))
      return notRecognised(ctx.st, 'env', args[i]!.text);
    i += 2;
  }
  while (i < args.length && /^[A-Za-z_]\w*=/.test(args[i]!.text)) {
    if (!assignmentOk(ctx.st, args[i]!.text, args[i]!.dynamic))
      return notRecognised(ctx.st, 'env', args[i]!.text);
    i++;
  }
  if (i < args.length && args[i]!.text.startsWith('-')) return notRecognised(ctx.st, 'env', args[i]!.text);
  // without a command, env prints every variable, tokens and keys among them
  if (i === args.length) return notRecognised(ctx.st, 'env', '(prints every variable)');
  ctx.judgeCommand(args.slice(i), ctx.io);
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
  'setup.py': 'setup.py',
};

/**
 * A Python environment of the project, made by venv, virtualenv or uv (`.venv/`, `venv/`): its
 * activation script (it puts the environment's bin/ first on the PATH) and its programs.
 */
const VENV_BIN = /^(?:\.\/)?\.?venv\/bin\/([\w.-]+)$/;
/** The programs of a Python environment judged by their grammar (python itself as an interpreter). */
const VENV_TOOLS =
  /^(?:python[\d.]*|pip3?|pytest|py\.test|ruff|black|isort|flake8|mypy|pylint|coverage|uvicorn|tox|nox|playwright)$/;

function judgeSource(ctx: GateCtx, args: Word[]): void {
  const f = args[0];
  if (!f) return notRecognised(ctx.st, 'source', '(nothing)');
  if (TOOLCHAIN_INIT.has(f.text.replace(/^\$\{HOME\}/, '$HOME'))) return;
  if (!f.dynamic && VENV_BIN.exec(f.text)?.[1] === 'activate' && args.length === 1) return;
  judgeProjectScript(ctx, 'source', f, args.slice(1));
}

/** Interpreter options that take no value / a value, per interpreter. */
const INTERP: Record<string, { flags: Set<string>; valued: Set<string>; module?: string; info?: RegExp }> = {
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
      '--max_old_space_size',
      '--stack-size',
      '--test-reporter',
      '--test-name-pattern',
      '--env-file',
    ]),
  },
  ruby: { flags: new Set(['-w', '-v', '--version']), valued: new Set() },
  // php -i / -m print its settings and its extensions
  php: {
    flags: new Set(['-v', '--version', '-i', '--info', '-m', '--modules']),
    valued: new Set(),
    info: /^(?:-v|--version|-i|--info|-m|--modules)$/,
  },
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
  pipx: 'pipx',
  playwright: 'playwright',
  hatch: 'hatch',
  prisma: 'prisma',
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
    const bin = interp === 'node' ? nodeBin(w) : undefined;
    if (bin) return judgeAs(ctx, w, bin, args.slice(i + 1));
    return judgeProjectScript(ctx, interp, w, args.slice(i + 1));
  }
  const info = spec.info ?? /^(?:-v|-V|--version)$/;
  if (!args.some((a) => info.test(a.text))) notRecognised(ctx.st, interp, '(no script)');
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash']);

/**
 * A package's program in the project's node_modules/.bin (`node node_modules/.bin/webpack`,
 * `./node_modules/.bin/vite build`): judged by that program's grammar, as `npx webpack` is.
 */
const NODE_BIN = /^(?:\.\/)?node_modules\/\.bin\/([\w.-]+)$/;
function nodeBin(path: Word): string | undefined {
  const name = path.dynamic ? undefined : NODE_BIN.exec(path.text)?.[1];
  // JavaScript's own tools only: a package may name its program `rm` or `git`
  if (!name || !Object.hasOwn(NODE_GRAMMARS, name) || RUNNERS[name]) return undefined;
  return ['npm', 'pnpm', 'yarn', 'bun', 'n', 'nvm', 'fnm', 'volta', 'corepack'].includes(name)
    ? undefined
    : name;
}

/** A project program judged whole as the program of that name (its deny rules too). */
function judgeAs(ctx: GateCtx, path: Word, name: string, args: Word[]): void {
  ctx.judgeCommand([{ ...path, text: name }, ...args], { ...ctx.io, computedArgs: false });
}

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
    // `yarn test:unit`, `pnpm build-prod`: a qualified script name (no built-in command is named
    // so) runs the project's script, judged as its `run` would be
    const run = COMPILED.get(prog)!.sub!.get('run')!;
    if (/[:-]/.test(args[0].text) && commonScript(args[0].text)) return walk(ctx, `${prog} run`, run, args);
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
  if (prog === 'eval' && knownEval(args)) return;
  if (CODE_RUNNERS.has(prog)) return judgeCodeRunner(ctx, prog as CodeRunner, args);
  const g = COMPILED.get(prog);
  if (!g) return notRecognised(ctx.st, prog);
  walk(ctx, prog, g, args);
}

/** A program run by its path inside the project (`./gradlew`, `vendor/bin/phpunit`, `./scripts/x.sh`). */
export function judgeProjectProgram(ctx: GateCtx, path: Word, args: Word[]): void {
  const base = path.text.split('/').pop() ?? '';
  const bin = nodeBin(path);
  if (bin) return judgeAs(ctx, path, bin, args);
  const venvTool = path.dynamic ? undefined : VENV_BIN.exec(path.text)?.[1];
  if (venvTool && VENV_TOOLS.test(venvTool)) return judgeAs(ctx, path, venvTool, args);
  const g = COMPILED.get(base);
  if (g && /^(?:gradlew|mvnw|phpunit|rspec|rails|rake|jest|vitest|tsc|eslint)$/.test(base)) {
    ctx.st.runs = true;
    return walk(ctx, base, g, args);
  }
  judgeProjectScript(ctx, path.text, path, args);
}

export type { Grammar };
