// A tiny grammar of the inline code (`julia -e '…'`, `Rscript -e '…'`) that only manages packages:
// statements that load the package manager and call it to install, update or restore packages by
// name from the language's own registry (Julia's General registry, CRAN, Bioconductor). Anything
// else (a call not in the table, a path, a URL, a GitHub `user/repo`, an assignment, a string
// with an escape) is code the policy cannot judge. A package off the language's list of
// well-known packages, or a release the code picks, keeps the fix in the project that proved it.
import type { Word } from './commands.js';
import { CRAN_POPULAR, JULIA_POPULAR } from './data/tail-popular.js';
import { notRecognised, type GateCtx } from './recognise.js';
import { knownName } from './kinds-tail.js';
import { picksOneRelease } from './versions.js';

export type CodeLang = 'julia' | 'r';

/** What a keyword argument's value must be. */
type ValueKind = 'bool' | 'num' | 'repos' | 'type' | 'pkgs' | 'release';

interface CallSpec {
  /** The one positional argument: package names (`lib`: also a bare name), the project itself (`"."`), or none. */
  arg: 'pkgs' | 'lib' | 'here' | 'none';
  kw?: Record<string, ValueKind>;
}

const PKG_BUILD: CallSpec = { arg: 'pkgs', kw: { verbose: 'bool' } };
const JULIA_CALLS: Record<string, CallSpec> = {
  'Pkg.add': { arg: 'pkgs', kw: { name: 'pkgs', version: 'release' } },
  'Pkg.rm': { arg: 'pkgs' },
  'Pkg.update': { arg: 'pkgs' },
  'Pkg.up': { arg: 'pkgs' },
  'Pkg.build': PKG_BUILD,
  'Pkg.test': { arg: 'pkgs', kw: { coverage: 'bool' } },
  'Pkg.precompile': { arg: 'none' },
  'Pkg.instantiate': {
    arg: 'none',
    kw: { manifest: 'bool', update_registry: 'bool', verbose: 'bool', allow_autoprecomp: 'bool' },
  },
  'Pkg.resolve': { arg: 'none' },
  'Pkg.status': { arg: 'none' },
  'Pkg.gc': { arg: 'none' },
  'Pkg.activate': { arg: 'here' },
  'Pkg.Registry.update': { arg: 'none' },
};
const CRAN_INSTALL: CallSpec = {
  arg: 'pkgs',
  kw: { dependencies: 'bool', repos: 'repos', quiet: 'bool', Ncpus: 'num', type: 'type' },
};
const R_PROMPT: CallSpec = { arg: 'pkgs', kw: { prompt: 'bool' } };
const R_CALLS: Record<string, CallSpec> = {
  'install.packages': CRAN_INSTALL,
  'update.packages': { arg: 'none', kw: { ask: 'bool', checkBuilt: 'bool', repos: 'repos', quiet: 'bool' } },
  'remotes::install_cran': CRAN_INSTALL,
  'remotes::install_deps': { arg: 'here', kw: { dependencies: 'bool', upgrade: 'bool' } },
  'devtools::install_deps': { arg: 'here', kw: { dependencies: 'bool', upgrade: 'bool' } },
  'BiocManager::install': { arg: 'pkgs', kw: { ask: 'bool', update: 'bool' } },
  'renv::restore': { arg: 'none', kw: { packages: 'pkgs', prompt: 'bool' } },
  'renv::install': R_PROMPT,
  'renv::update': R_PROMPT,
  'renv::snapshot': { arg: 'none', kw: { prompt: 'bool' } },
  'renv::status': { arg: 'none' },
  library: { arg: 'lib' },
  require: { arg: 'lib' },
};

type Token = { t: 'str' | 'id' | 'num' | 'p'; v: string };

/** The code's tokens; null on anything outside the grammar's alphabet (escapes, `$`, `<-`, `{`…). */
function tokens(lang: CodeLang, code: string): Token[] | null {
  const out: Token[] = [];
  const re =
    lang === 'r'
      ? /[ \t\r]*(?:("[^"\\\n]*"|'[^'\\\n]*')|([A-Za-z.][\w.]*(?:::[A-Za-z.][\w.]*)?)|(\d+(?:\.\d+)?)|([()[\],=;\n!]))/y
      : /[ \t\r]*(?:("[^"\\\n$]*")|([A-Za-z_][\w.]*)|(\d+(?:\.\d+)?)|([()[\],=;\n]))/y;
  let at = 0;
  for (;;) {
    if (/^\s*$/.test(code.slice(at))) return out;
    re.lastIndex = at;
    const m = re.exec(code);
    if (!m) return null;
    at = re.lastIndex;
    if (m[1]) out.push({ t: 'str', v: m[1].slice(1, -1) });
    else if (m[2]) out.push({ t: 'id', v: m[2] });
    else if (m[3]) out.push({ t: 'num', v: m[3] });
    else out.push({ t: 'p', v: m[4]! });
  }
}

/** A value: a literal, or a vector of them (`["A", "B"]`, `c("A", "B")`). */
type Value = { kind: 'str' | 'id' | 'num'; v: string } | { kind: 'vec'; items: Value[] };
type Arg = { name: string | null; value: Value };

class Parser {
  i = 0;
  constructor(private readonly toks: Token[]) {}
  peek = (v?: string) =>
    v === undefined ? this.toks[this.i] : this.toks[this.i]?.v === v ? this.toks[this.i] : undefined;
  take(v: string): boolean {
    if (this.toks[this.i]?.t !== 'p' || this.toks[this.i]!.v !== v) return false;
    this.i++;
    return true;
  }
  value(): Value | null {
    const tok = this.toks[this.i];
    if (!tok) return null;
    const vec =
      tok.v === '[' ? ']' : tok.t === 'id' && tok.v === 'c' && this.toks[this.i + 1]?.v === '(' ? ')' : null;
    if (vec) {
      this.i += vec === ']' ? 1 : 2;
      const items: Value[] = [];
      while (!this.take(vec)) {
        if (items.length && !this.take(',')) return null;
        const v = this.value();
        if (!v) return null;
        items.push(v);
      }
      return { kind: 'vec', items };
    }
    if (tok.t === 'p') return null;
    this.i++;
    return { kind: tok.t, v: tok.v };
  }
  /** `(a, name = b; c = d)`: Julia's `;` starts keyword arguments. */
  args(): Arg[] | null {
    if (!this.take('(')) return null;
    const out: Arg[] = [];
    while (!this.take(')')) {
      if (this.take(',') || this.take(';')) continue;
      const named = this.toks[this.i]?.t === 'id' && this.toks[this.i + 1]?.v === '=';
      const name = named ? this.toks[this.i]!.v : null;
      if (named) this.i += 2;
      const value = this.value();
      if (!value) return null;
      out.push({ name, value });
    }
    return out;
  }
}

/** What the code does with packages, or null when it is not package management alone. */
export interface PackageCode {
  /** Words that keep it in its project: packages off the list, chosen releases. */
  unknown: string[];
}

/**
 * Judges inline code by the tiny grammar: statements separated by `;` or new lines, each `using
 * Pkg` / `import Pkg` (Julia) or a call of the table with literal arguments.
 */
export function packageCode(lang: CodeLang, code: string): PackageCode | null {
  const toks = tokens(lang, code);
  if (!toks) return null;
  const p = new Parser(toks);
  const unknown: string[] = [];
  while (p.i < toks.length) {
    if (p.take(';') || p.take('\n')) continue;
    const head = p.peek();
    if (head?.t !== 'id') return null;
    if (lang === 'julia' && (head.v === 'using' || head.v === 'import')) {
      p.i++;
      if (!loads(p, unknown)) return null;
    } else if (lang === 'r' && head.v === 'if') {
      // `if (!requireNamespace("remotes", quietly = TRUE)) install.packages("remotes")`
      p.i++;
      if (!p.take('(') || !p.take('!') || !call(p, 'r', { requireNamespace: REQUIRE }, unknown)) return null;
      if (!p.take(')') || !call(p, 'r', R_CALLS, unknown)) return null;
    } else if (!call(p, lang, lang === 'julia' ? JULIA_CALLS : R_CALLS, unknown)) return null;
    if (p.i < toks.length && !p.take(';') && !p.take('\n')) return null;
  }
  return { unknown };
}

const REQUIRE: CallSpec = { arg: 'pkgs', kw: { quietly: 'bool' } };

/** One call of the table, with literal arguments. */
function call(p: Parser, lang: CodeLang, calls: Record<string, CallSpec>, unknown: string[]): boolean {
  const head = p.peek();
  const spec = head?.t === 'id' ? calls[head.v] : undefined;
  if (!spec) return false;
  p.i++;
  const args = p.args();
  return !!args && callOk(lang, spec, args, unknown);
}

/** `using Pkg`, `import Pkg, CSV`: the package manager, or well-known packages (their code loads). */
function loads(p: Parser, unknown: string[]): boolean {
  do {
    const name = p.peek();
    if (name?.t !== 'id') return false;
    p.i++;
    if (name.v !== 'Pkg' && !packagesOk('julia', { kind: 'str', v: name.v }, unknown)) return false;
  } while (p.take(','));
  return true;
}

function callOk(lang: CodeLang, spec: CallSpec, args: Arg[], unknown: string[]): boolean {
  const positional = args.filter((a) => a.name === null);
  if (positional.length > 1 || (positional.length && spec.arg === 'none')) return false;
  const first = positional[0]?.value;
  if (first && spec.arg === 'here' && !(first.kind === 'str' && (first.v === '.' || first.v === '@.')))
    return false;
  // `library(renv)`: a bare name is a package's name only there
  const named =
    first && spec.arg === 'lib' && first.kind === 'id' ? { ...first, kind: 'str' as const } : first;
  if (named && spec.arg !== 'here' && !packagesOk(lang, named, unknown)) return false;
  for (const a of args) {
    if (a.name === null) continue;
    const kind = spec.kw?.[a.name];
    if (!kind || !valueOk(lang, kind, a.value, unknown)) return false;
  }
  return true;
}

const BOOL = { julia: /^(?:true|false)$/, r: /^(?:TRUE|FALSE|NA|T|F)$/ };
const CRAN = /^https:\/\/(?:cloud|cran)\.r-project\.org\/?$/;

function valueOk(lang: CodeLang, kind: ValueKind, v: Value, unknown: string[]): boolean {
  if (kind === 'pkgs') return packagesOk(lang, v, unknown);
  if (v.kind === 'vec') return false;
  switch (kind) {
    case 'bool':
      return v.kind === 'id' && BOOL[lang].test(v.v);
    case 'num':
      return v.kind === 'num';
    case 'repos':
      return v.kind === 'str' && CRAN.test(v.v);
    case 'type':
      return v.kind === 'str' && (v.v === 'source' || v.v === 'binary');
    case 'release':
      if (v.kind !== 'str' || !/^[\w.+-]+$/.test(v.v)) return false;
      if (picksOneRelease(v.v)) unknown.push(`exact version ${v.v}`);
      return true;
  }
}

/** Package names (a string or a vector of strings; `library(x)` takes a bare name) by the language's list. */
function packagesOk(lang: CodeLang, v: Value, unknown: string[]): boolean {
  if (v.kind === 'vec') return v.items.every((i) => i.kind !== 'vec' && packagesOk(lang, i, unknown));
  if (v.kind === 'num') return false;
  const m = (lang === 'julia' ? /^([A-Za-z]\w*)$/ : /^([A-Za-z][\w.]*)(?:@([\w.-]+))?$/).exec(v.v);
  if (!m || v.kind === 'id') return false;
  if (!knownName(lang === 'julia' ? JULIA_POPULAR : CRAN_POPULAR, m[1]!, true))
    unknown.push(`${lang === 'julia' ? 'General' : 'CRAN'} package ${m[1]}`);
  // renv's `pkg@1.2`: always that one release
  if (m[2] !== undefined) unknown.push(`exact version ${v.v}`);
  return true;
}

/** Options of julia, Rscript and R that change nothing a fix could abuse (no file loaded, no path outside). */
const RUNNER_OPTS: Record<CodeRunner, RegExp> = {
  julia:
    /^(?:-q|--quiet|--project|--project=(?:\.|@\.)|--startup-file=(?:no|yes)|--color=(?:yes|no)|--threads=(?:\d+|auto)|--history-file=no)$/,
  rscript:
    /^(?:--vanilla|--no-save|--no-restore|--no-environ|--no-site-file|--no-init-file|--quiet|-q|--silent|--slave|--no-echo)$/,
  r: /^(?:--vanilla|--no-save|--no-restore|--no-environ|--no-site-file|--no-init-file|--quiet|-q|--silent|--slave|--no-echo)$/,
};
/** The flags that take code inline, per program (classify.ts withholds any code the grammar does not know). */
const CODE_FLAG: Record<CodeRunner, RegExp> = {
  julia: /^(?:-e|-E|--eval|--print)$/,
  rscript: /^-e$/,
  r: /^-e$/,
};
export type CodeRunner = 'julia' | 'rscript' | 'r';
export const CODE_RUNNERS = new Set<string>(['julia', 'rscript', 'r']);
export const langOf = (prog: string): CodeLang => (prog === 'julia' ? 'julia' : 'r');

/** The gate over julia, Rscript and R: known options, then package code given with -e. */
export function judgeCodeRunner(ctx: GateCtx, prog: CodeRunner, args: Word[]): void {
  if (args.length === 1 && /^(?:-v|--version)$/.test(args[0]!.text)) return;
  let code = 0;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) return notRecognised(ctx.st, prog, w.text);
    if (RUNNER_OPTS[prog].test(w.text)) continue;
    const src = args[i + 1];
    if (!CODE_FLAG[prog].test(w.text) || !src || src.dynamic || (prog === 'julia' && code))
      return notRecognised(ctx.st, prog, w.text);
    const judged = packageCode(langOf(prog), src.text);
    if (!judged) return notRecognised(ctx.st, prog, src.text);
    for (const u of judged.unknown) notRecognised(ctx.st, prog, u);
    code++;
    i++;
  }
  if (!code) notRecognised(ctx.st, prog, '(no code)');
}
