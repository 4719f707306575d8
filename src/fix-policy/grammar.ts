// The grammar gate: a command crosses projects only when every word of it is recognised by the
// grammar of its program (grammars/): its subcommands, its options (exact names, with the glued
// and `=` value forms the program accepts) and the kind of each operand and option value. A word
// the grammar does not recognise — an unknown program, subcommand or option, an abbreviation, a
// value of the wrong kind — makes the fix one that is offered only in the project that proved it.
// Wrappers are judged through the command they run, all the way down.
import type { Word } from './commands.js';
import { NPM_POPULAR } from './data/npm-popular.js';
import {
  BREW_POPULAR,
  COMPOSER_POPULAR,
  CRATES_POPULAR,
  GEMS_POPULAR,
  GO_POPULAR,
  NUGET_POPULAR,
} from './data/other-popular.js';
import { PYPI_POPULAR } from './data/pypi-popular.js';
import { pathClass, readable, writable } from './expand.js';
import { proseOk } from './prose.js';
import type { Io, Recurse, ScriptState } from './state.js';

/** What an operand or an option's value must be. */
export type Kind =
  | 'path' // a path inside the project (read, listed, deleted, hidden or not)
  | 'out' // a path created or changed: inside the project, not a file that runs code or configures a tool
  | 'write' // a path whose content the fix supplies (a copy's or a redirect's destination): as `out`
  | 'mode' // a file mode (octal or symbolic)
  | 'name' // a plain identifier: letters, digits, `._-+:@,`
  | 'text' // static text that is not run (a short message or label): no expansion
  | 'pattern' // a search pattern (grep, rg, git log --grep): static, longer than text, no prose to the model
  | 'message' // a commit or stash message: a subject line of plain words, none addressed to the model
  | 'url' // a URL of this machine's own servers (http://localhost:PORT/…): a check of the project's dev server
  | 'jq' // a jq filter: as a pattern, and not reading the environment or loading modules
  | 'format' // date's output format (`+%Y-%m-%d`): never a date to set
  | 'gitkey' // a git setting read with --get: inert keys and a remote's URL
  | 'k8s' // a Kubernetes resource type, or type/name: any but secrets
  | 'remote' // a git remote by name (`origin`): not a URL, a host or a transport
  | 'endpoint' // a GitHub API path (`repos/{owner}/{repo}/pulls/12/comments`), read with GET
  | 'num' // a number (with an optional unit)
  | 'migration' // a migration's name as frameworks number them (`0002_add_field`)
  | 'ref' // a git revision or branch name
  | 'version' // a toolchain version or channel
  | 'script' // a script of the project's package.json, a make target
  | 'npm' // a package by name from the npm registry
  | 'py' // a package by name from PyPI (with extras and version specifiers)
  | 'pkg' // a package by name from a curated distribution (apt, dnf, apk, conda, pub, NuGet)
  | 'crate' // a widely used crate by name
  | 'gem' // a widely used gem by name
  | 'brew' // a widely used Homebrew formula or cask by name
  | 'nuget' // a widely used NuGet package by id
  | 'gomod' // a Go module path
  | 'local' // a Go package of this module (`.`, `./...`, `./cmd/x`)
  | 'php' // a Composer package vendor/name
  | 'arg' // a word passed on to the project's own code: a plain word, number, inside path or `--opt=plain`
  | 'goal' // a Maven phase or a goal of a well-known plugin
  | 'define' // NAME=value for a build tool (-D): a known name, a plain value
  | 'assign' // NAME=value, the name on the environment allow-list
  | 'cmd'; // the rest of the words are a command, judged as one

const KINDS = new Set<string>([
  'path',
  'out',
  'write',
  'mode',
  'name',
  'text',
  'pattern',
  'message',
  'url',
  'endpoint',
  'jq',
  'remote',
  'k8s',
  'gitkey',
  'format',
  'num',
  'migration',
  'ref',
  'version',
  'script',
  'npm',
  'py',
  'pkg',
  'crate',
  'gem',
  'brew',
  'nuget',
  'gomod',
  'local',
  'php',
  'assign',
  'arg',
  'goal',
  'define',
  'cmd',
]);

/** A program's grammar, or a judge of its own for the few that need one. */
export interface Grammar {
  /** Options: `-v|--verbose` (no value), `-o=out` (value, also glued `-ofile`), `--out=out` (also `--out file`), `--color?=name` (value only with `=`), `-N` any `-<number>`. */
  opts?: string;
  /** Subcommands, chosen by the first operand; a string names another key of the same map. */
  sub?: Record<string, Grammar | string>;
  /** The operands' kinds in order (`path?`, `ref path...`); `...` repeats the last. Default: none. */
  args?: string;
  /** The kind of the words after `--` (default: the operands' last kind). */
  dashdash?: string;
  /**
   * A word starting with `-` that is none of the options is an operand of this kind: for programs
   * that print such words (echo) or pass them on to the project's own script (`pnpm test --run`).
   */
  loose?: string;
  /** It runs the project's own code (a build, a test run, a package script). */
  runs?: boolean;
  /** The command it runs gets more arguments at run time (xargs). */
  computed?: boolean;
}

interface Opt {
  kind: Kind | null;
  /** The value is given only as `--opt=value`. */
  eqOnly: boolean;
}

interface Compiled {
  opts: Map<string, Opt>;
  numeric: boolean;
  sub: Map<string, Compiled> | null;
  args: { kind: Kind; optional: boolean; repeat: boolean }[];
  dashdash: Kind | null;
  loose: Kind | null;
  runs: boolean;
  computed: boolean;
}

function parseKind(k: string, where: string): Kind {
  if (!KINDS.has(k)) throw new Error(`fix-policy grammar: unknown kind '${k}' in ${where}`);
  return k as Kind;
}

function compileOpts(spec: string, into: Map<string, Opt>, where: string): boolean {
  let numeric = false;
  for (const tok of spec.split(/\s+/).filter(Boolean)) {
    if (tok === '-N') {
      numeric = true;
      continue;
    }
    const m = /^([^=?]+)(\?)?(?:=(\w+))?$/.exec(tok);
    if (!m) throw new Error(`fix-policy grammar: bad option '${tok}' in ${where}`);
    const kind = m[3] ? parseKind(m[3], where) : null;
    for (const name of m[1]!.split('|')) into.set(name, { kind, eqOnly: !!m[2] });
  }
  return numeric;
}

/** Compiles a grammar (once, at load); throws on a malformed one so that a test catches it. */
export function compile(g: Grammar, where: string): Compiled {
  const opts = new Map<string, Opt>();
  const numeric = compileOpts(g.opts ?? '', opts, where);
  const args = (g.args ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((a) => {
      const m = /^(\w+)(\?)?(\.\.\.)?$/.exec(a);
      if (!m) throw new Error(`fix-policy grammar: bad operand '${a}' in ${where}`);
      return { kind: parseKind(m[1]!, where), optional: !!m[2], repeat: !!m[3] };
    });
  const c: Compiled = {
    opts,
    numeric,
    sub: null,
    args,
    dashdash: g.dashdash ? parseKind(g.dashdash, where) : null,
    loose: g.loose ? parseKind(g.loose, where) : null,
    runs: !!g.runs,
    computed: !!g.computed,
  };
  const cmdAt = args.findIndex((a) => a.kind === 'cmd');
  if (cmdAt >= 0 && (cmdAt !== args.length - 1 || args.some((a) => a.repeat)))
    throw new Error(`fix-policy grammar: 'cmd' must be the last operand, after no repeat, in ${where}`);
  if (g.sub) {
    c.sub = new Map();
    for (const [name, s] of Object.entries(g.sub))
      if (typeof s !== 'string') c.sub.set(name, compile(s, `${where} ${name}`));
    for (const [name, s] of Object.entries(g.sub))
      if (typeof s === 'string') {
        const target = c.sub.get(s);
        if (!target) throw new Error(`fix-policy grammar: alias '${name}' → missing '${s}' in ${where}`);
        c.sub.set(name, target);
      }
  }
  return c;
}

/** What the gate needs from the classifier: the state, and how to judge a wrapped command or script. */
export interface GateCtx {
  st: ScriptState;
  io: Io;
  recurse: Recurse;
  /** Judges a wrapped command fully (deny rules and this gate). */
  judgeCommand: (words: Word[], io: Io) => void;
}

/** Marks the fix as one that stays in its project, naming the word that was not recognised. */
export function notRecognised(st: ScriptState, where: string, word?: string): void {
  const shown = word === undefined ? where : `${where} ${word.length > 40 ? `${word.slice(0, 40)}…` : word}`;
  st.unknown.add(shown.trim());
}

const NAME = /^[A-Za-z0-9_][\w.+:@,-]*$/;
const REF = /^[A-Za-z0-9_][\w./^~@+-]*(?::[A-Za-z0-9_][\w./-]*)?$/;
const NPM = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9_][\w.-]*(?:@[\w.^~<>=*+-]+)?$/i;
const PY =
  /^[A-Za-z0-9][\w.-]*(?:\[[\w,.-]+\])?(?:(?:==|>=|<=|~=|!=|<|>)[\w.*+!-]+(?:,(?:==|>=|<=|~=|!=|<|>)[\w.*+!-]+)*)?$/;
const PKG = /^[A-Za-z0-9][\w.+-]*(?:[@:=][\w.^~<>=*+-]+)?$/;
const GOMOD = /^[a-z0-9.-]+\.[a-z]{2,}(?:\/[\w.~-]+)+(?:@[\w.+-]+)?$|^\.{1,2}(?:\/[\w.-]+)*(?:\/\.\.\.)?$/;
/** A URL of this machine's own servers, with a plain path and query. */
const LOCAL_URL =
  /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(?::\d{1,5})?(?:\/[\w.~%+/-]*)?(?:\?[\w.%+=&-]*)?$/;
/** A REST path of the GitHub API (`repos/{owner}/{repo}/pulls/1/comments?per_page=100`). */
const ENDPOINT = /^\/?[\w.{}-]+(?:\/[\w.{}-]+)*(?:\?[\w.%+=&-]*)?$/;
const PHP = /^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*(?::(?!dev-)[\w.^~<>=*|@ -]+)?$/i;

/** Judges one value against its kind; false when not recognised. */
function valueOk(ctx: GateCtx, kind: Kind, w: Word): boolean {
  // the one expansion printed text may hold: the last command's exit status (`echo "exit=$?"`)
  if (w.dynamic && kind === 'text' && /\$\?/.test(w.text) && !/[`$]/.test(w.text.replace(/\$\?/g, '')))
    return proseOk('text', w.text);
  if (w.dynamic) return false;
  const t = w.text;
  if (kind === 'url') return LOCAL_URL.test(t);
  if (/:\/\//.test(t)) return false;
  switch (kind) {
    case 'endpoint':
      return ENDPOINT.test(t) && !t.includes('..') && !/^\/?graphql\b/.test(t);
    case 'path':
      return readable(w);
    case 'out':
    case 'write':
      if (!readable(w)) return false;
      // a file that runs code or configures a tool: recognised, kept to the project that proved it
      if (!writable(w)) ctx.st.local.add('config-write');
      if (kind === 'write') ctx.st.wrote.add(t.replace(/^\.\//, ''));
      ctx.st.named.add(t);
      return true;
    case 'mode':
      return /^[0-7]{3,4}$|^(?:[ugoa]*[-+=][rwxXt]*,?)+$/.test(t);
    case 'name':
    case 'script':
      return NAME.test(t) && !t.includes('..');
    case 'text':
    case 'pattern':
    case 'message':
      // free text has no grammar: only short plain text with no room for instructions (prose.ts)
      return proseOk(kind, t);
    case 'jq':
      return proseOk('jq', t) && !/\$?\benv\b|\$ENV|\b(?:import|include|input_filename|\$__loc__)\b/.test(t);
    case 'format':
      return /^\+[\w%:.,/ -]*$/.test(t);
    case 'gitkey':
      return /^(?:user\.(?:name|email)|core\.(?:autocrlf|filemode|ignorecase|eol|bare)|(?:pull|push|merge|rebase|init|fetch)\.[A-Za-z]+|remote\.[\w.-]+\.(?:url|fetch|pushurl)|branch\.[\w./-]+\.(?:remote|merge|rebase))$/.test(
        t,
      );
    case 'k8s':
      return /^[a-z][\w.-]*(?:\/[\w.-]+)?$/.test(t) && !/^secrets?(?:$|[./])/i.test(t);
    case 'remote':
      return /^[A-Za-z0-9_][\w.-]*$/.test(t) && !t.includes('..');
    case 'num':
      return /^[+]?\d+(?:\.\d+)?[a-zA-Z%]{0,3}$/.test(t);
    case 'migration':
      return /^\d{4}_\w+$/.test(t);
    case 'ref':
      return REF.test(t) && !/(?:^|\/)\.|\.lock$|@\{/.test(t);
    case 'version':
      return /^[\w][\w.+-]*$/.test(t) && !/^(?:system)$/.test(t);
    case 'npm':
      if (!NPM.test(t) || /^(?:npm|file|git|link|workspace|portal|patch|github|http|https):/i.test(t))
        return false;
      exactVersion(ctx.st, /(?!^)@v?(\d+\.\d+\.\d+\S*)$/.exec(t)?.[1], t);
      return popular(ctx.st, 'npm', t.replace(/(?!^)@[^/]*$/, '').toLowerCase());
    case 'py':
      if (!PY.test(t)) return false;
      exactVersion(ctx.st, /===?\s*(\d+(?:\.\d+)+\S*)$/.exec(t)?.[1], t);
      return popular(
        ctx.st,
        'pypi',
        t
          .replace(/[[<>=!~;].*$/s, '')
          .toLowerCase()
          .replace(/[_.]+/g, '-'),
      );
    case 'pkg':
      return PKG.test(t);
    case 'crate':
    case 'gem':
    case 'brew':
    case 'nuget':
      if (!PKG.test(t)) return false;
      return popular(ctx.st, kind, t.replace(/[@:=].*$/s, '').toLowerCase());
    case 'gomod':
      if (!GOMOD.test(t)) return false;
      // this module's own packages (./…), or a widely used module by path
      if (t.startsWith('.')) return true;
      return popularModule(ctx.st, t.replace(/@.*$/, ''));
    case 'local':
      return (
        /^\.(?:\/[\w.-]+)*(?:\/\.\.\.|\/)?$/.test(t) &&
        !/(?:^|\/)\.\.(?:\/|$)/.test(t.replace(/\/\.\.\.$/, ''))
      );
    case 'php':
      if (!PHP.test(t)) return false;
      return popular(ctx.st, 'composer', t.replace(/:.*$/s, '').toLowerCase());
    case 'assign':
      return assignmentOk(ctx.st, t);
    case 'arg':
      return plainArg(w);
    case 'goal':
      return MVN_GOAL.test(t);
    case 'define':
      return DEFINE.test(t);
    default:
      return false;
  }
}

/** A word passed to the project's own script or program: a plain word, number, path or option. */
export function plainArg(w: Word): boolean {
  if (w.dynamic || /:\/\//.test(w.text)) return false;
  const m = /^(--?[A-Za-z][\w-]*)(?:=(.*))?$/s.exec(w.text);
  const v = m ? m[2] : w.text;
  if (v === undefined) return true;
  return /^[\w.,:@+%-]*$/.test(v) || pathClass({ text: v, dynamic: false }) !== 'outside';
}

const MVN_GOAL =
  /^(?:clean|validate|compile|test|test-compile|package|verify|install|site|(?:dependency|spring-boot|compiler|surefire|failsafe|versions|help|quarkus|javafx|jacoco|checkstyle|spotless|license):[\w-]+)$/;
/** -DNAME=value for cmake and Maven: inert settings with plain values. */
const DEFINE =
  /^(?:CMAKE_BUILD_TYPE|BUILD_SHARED_LIBS|BUILD_TESTING|CMAKE_EXPORT_COMPILE_COMMANDS|CMAKE_CXX_STANDARD|CMAKE_C_STANDARD|CMAKE_POSITION_INDEPENDENT_CODE|CMAKE_OSX_ARCHITECTURES|skipTests|maven\.test\.skip|test|failIfNoTests|surefire\.failIfNoSpecifiedTests|checkstyle\.skip|gpg\.skip|maven\.javadoc\.skip|(?:ENABLE|BUILD|USE|WITH)_[A-Z0-9_]+|[A-Z][A-Z0-9]*_(?:ENABLE|BUILD|USE|WITH)_[A-Z0-9_]+)(?::BOOL|:STRING)?(?:=[\w.,+-]*)?$/;

type Ecosystem = 'npm' | 'pypi' | 'crate' | 'gem' | 'brew' | 'composer' | 'nuget';
const LISTS: Record<Ecosystem, string> = {
  npm: NPM_POPULAR,
  pypi: PYPI_POPULAR,
  crate: CRATES_POPULAR,
  gem: GEMS_POPULAR,
  brew: BREW_POPULAR,
  composer: COMPOSER_POPULAR,
  nuget: NUGET_POPULAR,
};

let goModules: string[] | null = null;

/** A Go module path: a widely used module or a package inside one. */
function popularModule(st: ScriptState, path: string): boolean {
  goModules ??= GO_POPULAR.split(/\s+/).filter(Boolean);
  if (!goModules.some((m) => path === m || path.startsWith(`${m}/`))) notRecognised(st, 'Go module', path);
  return true;
}
const POPULAR = new Map<Ecosystem, Set<string>>();

/**
 * A package installed by name: recognised as such; it crosses projects only when it is a known,
 * widely used package (data/), so that a typo-squat or a new name stays where it was proven.
 */
function popular(st: ScriptState, eco: Ecosystem, name: string): boolean {
  let list = POPULAR.get(eco);
  if (!list) POPULAR.set(eco, (list = new Set(LISTS[eco].split(/\s+/).filter(Boolean))));
  if (!list.has(name)) notRecognised(st, `${eco} package`, name);
  return true;
}

/**
 * An exact release (`pkg@1.2.3`, `pkg==1.2.3`) stays in the project that proved it: a release is the
 * one thing about a known package an attacker can choose (a compromised version), and the least
 * portable part of a fix. A name, a range or a major version crosses.
 */
function exactVersion(st: ScriptState, version: string | undefined, word: string): void {
  if (version) notRecognised(st, 'exact version', word);
}

/** Environment variables a fix may set in any project: known, and inert for the programs it runs. */
const ENV_ALLOWED = new Set(
  (
    'CI NODE_ENV RAILS_ENV RACK_ENV APP_ENV FLASK_ENV FLASK_APP FLASK_DEBUG DJANGO_SETTINGS_MODULE ' +
    'DEBUG LOG_LEVEL RUST_LOG RUST_BACKTRACE GOOS GOARCH CGO_ENABLED GO111MODULE GOTOOLCHAIN GOWORK ' +
    'PYTHONUNBUFFERED PYTHONDONTWRITEBYTECODE PYTHONIOENCODING PYTHONUTF8 PYTHONWARNINGS PIP_NO_CACHE_DIR ' +
    'PIP_DISABLE_PIP_VERSION_CHECK TERM COLUMNS LINES LANG LC_ALL LC_CTYPE LANGUAGE TZ NO_COLOR FORCE_COLOR ' +
    'PORT HOST_PORT VITE_PORT JAVA_VERSION NODE_VERSION CARGO_TERM_COLOR CARGO_INCREMENTAL ' +
    'TF_LOG TF_IN_AUTOMATION JEST_WORKERS HUSKY SKIP_PREFLIGHT_CHECK BROWSER GENERATE_SOURCEMAP ' +
    'NEXT_TELEMETRY_DISABLED DOTNET_CLI_TELEMETRY_OPTOUT DOTNET_NOLOGO HOMEBREW_NO_AUTO_UPDATE ' +
    'HOMEBREW_NO_INSTALL_CLEANUP DEBIAN_FRONTEND PUPPETEER_SKIP_DOWNLOAD PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD ' +
    'ELECTRON_SKIP_BINARY_DOWNLOAD NPM_CONFIG_LOGLEVEL npm_config_loglevel UV_NO_CACHE POETRY_VIRTUALENVS_IN_PROJECT ' +
    'PIPENV_VENV_IN_PROJECT NODE_OPTIONS TOKENIZERS_PARALLELISM OMP_NUM_THREADS VERBOSE ' +
    'GIT_EDITOR GIT_SEQUENCE_EDITOR GIT_PAGER PAGER EDITOR VISUAL GIT_TRACE GIT_TERMINAL_PROMPT GIT_MERGE_AUTOEDIT'
  ).split(/\s+/),
);

/** NAME=value: the name on the allow-list and the value plain text (no expansion). */
export function assignmentOk(st: ScriptState, text: string): boolean {
  const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(text);
  if (!m) return false;
  if (!ENV_ALLOWED.has(m[1]!)) {
    notRecognised(st, 'sets', m[1]!);
    return true; // reported: not a recognition failure of the surrounding command
  }
  const allowed = ENV_VALUES[m[1]!];
  if (allowed) return m[2]!.split(/\s+/).every((v) => allowed.test(v));
  return /^[\w.,:@/+%=-]*$/.test(m[2]!) && !m[2]!.includes('..');
}

/** An editor or pager that does nothing or only prints. */
const INERT_PROGRAM = /^(?:true|:|cat)$/;
const WARNING_CATEGORY =
  '(?:Warning|UserWarning|DeprecationWarning|PendingDeprecationWarning|SyntaxWarning|RuntimeWarning|FutureWarning|ImportWarning|UnicodeWarning|BytesWarning|ResourceWarning|EncodingWarning)';
const WARNING_FILTER = `(?:default|error|ignore|always|module|once)(?:::${WARNING_CATEGORY})?`;
/** Variables on the allow-list only with these values (each space-separated word). */
const ENV_VALUES: Record<string, RegExp> = {
  // a filter naming a category imports that category's module: only the built-in ones
  PYTHONWARNINGS: new RegExp(`^${WARNING_FILTER}(?:,${WARNING_FILTER})*$`),
  GIT_EDITOR: INERT_PROGRAM,
  GIT_SEQUENCE_EDITOR: INERT_PROGRAM,
  GIT_PAGER: INERT_PROGRAM,
  PAGER: INERT_PROGRAM,
  EDITOR: INERT_PROGRAM,
  VISUAL: INERT_PROGRAM,
  // a number is a file descriptor; a path would be a file written
  GIT_TRACE: /^(?:[0-2]|true|false)$/,
  GIT_TERMINAL_PROMPT: /^[01]$/,
  GIT_MERGE_AUTOEDIT: /^(?:yes|no)$/,
  RAILS_ENV: /^(?:development|test)$/,
  RACK_ENV: /^(?:development|test)$/,
  APP_ENV: /^(?:development|dev|local|test|testing)$/,
  NODE_OPTIONS:
    /^(?:--max-old-space-size=\d+|--enable-source-maps|--no-warnings|--trace-warnings|--no-deprecation|--openssl-legacy-provider|--experimental-vm-modules|--stack-size=\d+)$/,
};

/** Walks one command's words through its compiled grammar. */
export function walk(ctx: GateCtx, where: string, g: Compiled, args: Word[]): void {
  const { st } = ctx;
  let cur = g;
  let chose = !g.sub;
  let ended = false;
  let info = false;
  const ops: Word[] = [];
  if (g.runs) st.runs = true;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const t = w.text;
    if (!ended && !w.dynamic && t === '--') {
      ended = true;
      const dd = cur.dashdash ?? cur.args.at(-1)?.kind ?? null;
      if (dd === 'cmd')
        return ctx.judgeCommand(args.slice(i + 1), {
          ...ctx.io,
          computedArgs: cur.computed || ctx.io.computedArgs,
        });
      if (!dd) return notRecognised(st, where, '--');
      for (const rest of args.slice(i + 1))
        if (!valueOk(ctx, dd, rest)) return notRecognised(st, where, rest.text);
      break;
    }
    if (!ended && t.startsWith('-') && t !== '-') {
      if (w.dynamic) return notRecognised(st, where, t);
      // every program prints its help or version and stops
      if (t === '--help' || t === '--version') {
        info = true;
        if (!cur.opts.get(t)?.kind) continue;
      }
      const used = option(ctx, cur.opts, cur.numeric, args, i);
      if (used >= 0) {
        i += used;
        continue;
      }
      // a word the program prints or passes on: judged by its kind, not counted as an operand
      // (a runner's own options come before the script's name: only words after it are passed on)
      const passes = cur.loose && (cur.args[0]?.kind !== 'script' || ops.length > 0);
      if (!chose || !passes || !valueOk(ctx, cur.loose!, w)) return notRecognised(st, where, t);
      continue;
    }
    if (!chose) {
      const next = w.dynamic ? undefined : cur.sub!.get(t);
      if (!next) return notRecognised(st, where, t);
      where = `${where} ${t}`;
      cur = next;
      chose = !next.sub;
      if (next.runs) st.runs = true;
      continue;
    }
    // a command from here on (a wrapper's): judged as a command of its own
    if (cur.args[ops.length]?.kind === 'cmd')
      return ctx.judgeCommand(args.slice(i), {
        ...ctx.io,
        computedArgs: cur.computed || ctx.io.computedArgs,
      });
    ops.push(w);
  }
  if (info && !ops.length) return;
  if (!chose) {
    // a program or subcommand that may stand alone (`git stash`, `yarn`) has a '' subcommand
    const alone = cur.sub?.get('');
    if (!alone) return notRecognised(st, where, '(no subcommand)');
    cur = alone;
  }
  const bad = matchOperands(ctx, cur.args, ops);
  if (bad !== null) notRecognised(st, where, bad);
}

/** Matches operands to their kinds: a fixed head, one repeated kind, a fixed tail. Returns the first word not recognised. */
function matchOperands(ctx: GateCtx, kinds: Compiled['args'], ops: Word[]): string | null {
  const r = kinds.findIndex((k) => k.repeat);
  const head = r < 0 ? kinds : kinds.slice(0, r);
  const tail = r < 0 ? [] : kinds.slice(r + 1);
  const needed = head.filter((k) => !k.optional).length + tail.length;
  if (ops.length < needed) return kinds.some((k) => k.kind === 'cmd') ? '(no command)' : '(missing operand)';
  if (r < 0 && ops.length > head.length) return ops[head.length]!.text;
  let i = 0;
  for (const k of head) {
    if (i >= ops.length - tail.length) break;
    if (!valueOk(ctx, k.kind, ops[i]!)) return ops[i]!.text;
    i++;
  }
  const tailAt = ops.length - tail.length;
  for (; i < tailAt; i++) if (!valueOk(ctx, kinds[r]!.kind, ops[i]!)) return ops[i]!.text;
  for (const [j, k] of tail.entries())
    if (!valueOk(ctx, k.kind, ops[tailAt + j]!)) return ops[tailAt + j]!.text;
  return null;
}

/** Recognises the option at args[i]; returns how many extra words it used, or -1. */
function option(ctx: GateCtx, opts: Map<string, Opt>, numeric: boolean, args: Word[], i: number): number {
  const t = args[i]!.text;
  if (numeric && /^-\d+$/.test(t)) return 0;
  if (t.startsWith('--')) {
    const eq = t.indexOf('=');
    const name = eq < 0 ? t : t.slice(0, eq);
    const o = opts.get(name);
    if (!o) return -1;
    if (!o.kind) return eq < 0 ? 0 : -1;
    if (eq >= 0) return valueOk(ctx, o.kind, { text: t.slice(eq + 1), dynamic: false }) ? 0 : -1;
    if (o.eqOnly) return 0;
    const v = args[i + 1];
    return v && valueOk(ctx, o.kind, v) ? 1 : -1;
  }
  // a single-dash long option with its value after `=` (Go's flags: -count=1)
  const single = /^(-[A-Za-z][\w-]+)=(.*)$/s.exec(t);
  if (single && opts.get(single[1]!)?.kind)
    return valueOk(ctx, opts.get(single[1]!)!.kind!, { text: single[2]!, dynamic: false }) ? 0 : -1;
  // short options: a cluster of flags, the last of which may take a value (glued or next word)
  const whole = opts.get(t);
  if (whole && t.length > 2) {
    // a single-dash long option (`-name`, as find and java have)
    if (!whole.kind) return 0;
    const v = args[i + 1];
    return v && valueOk(ctx, whole.kind, v) ? 1 : -1;
  }
  for (let j = 1; j < t.length; j++) {
    const o = opts.get(`-${t[j]}`);
    if (!o) return -1;
    if (!o.kind) continue;
    const glued = t.slice(j + 1);
    if (glued) return valueOk(ctx, o.kind, { text: glued.replace(/^=/, ''), dynamic: false }) ? 0 : -1;
    if (o.eqOnly) return 0; // `-M` alone; its value only glued (`-M50`)
    const v = args[i + 1];
    return v && valueOk(ctx, o.kind, v) ? 1 : -1;
  }
  return 0;
}

export { pathClass };
