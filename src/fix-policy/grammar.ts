// The grammar gate: a command crosses projects only when every word of it is recognised by the
// grammar of its program (grammars/): its subcommands, its options (exact names, with the glued
// and `=` value forms the program accepts) and the kind of each operand and option value. A word
// the grammar does not recognise — an unknown program, subcommand or option, an abbreviation, a
// value of the wrong kind — makes the fix one that is offered only in the project that proved it.
// Wrappers are judged through the command they run, all the way down.
import type { Word } from './commands.js';
import { KINDS, valueOk, type Kind } from './kinds.js';
import { notRecognised, type GateCtx } from './recognise.js';

/** A program's grammar, or a judge of its own for the few that need one. */
export interface Grammar {
  /** Options: `-v|--verbose` (no value), `-o=out` (value, also glued `-ofile`), `--out=out` (also `--out file`), `--color?=name` (value only with `=`), `-N` any `-<number>`. */
  opts?: string;
  /** Subcommands, chosen by the first operand; a string names another key of the same map. */
  sub?: Record<string, Grammar | string>;
  /** The operands' kinds in order (`path?`, `ref path...`); `...` repeats the last. Default: none. */
  args?: string;
  /** The kind of the words after `--` (default: the operands' last kind; `''`: no word after `--` is recognised). */
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

export interface Compiled {
  opts: Map<string, Opt>;
  numeric: boolean;
  sub: Map<string, Compiled> | null;
  args: { kind: Kind; optional: boolean; repeat: boolean }[];
  /** false: nothing after `--` is recognised. */
  dashdash: Kind | null | false;
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
    dashdash: g.dashdash === '' ? false : g.dashdash ? parseKind(g.dashdash, where) : null,
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
      const dd = cur.dashdash === false ? null : (cur.dashdash ?? cur.args.at(-1)?.kind ?? null);
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
