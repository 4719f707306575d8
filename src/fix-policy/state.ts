// The state of one judgement (what the classifier found so far) and the small helpers every
// command class uses: where a word points, which words are operands, and withholding with a reason.
import type { Word } from './commands.js';
import { insideProject } from './paths.js';
import { ruleOfReason, type Reason, type RuleId } from './rules.js';

export interface ScriptState {
  /** The first reason the fix may not be offered verbatim, or null. */
  withheld: string | null;
  /** The rule (rules.ts) that gave that reason. */
  rule: RuleId | null;
  /** Words no grammar recognises (the fix is offered only in the project that proved it). */
  unknown: Set<string>;
  /** Why the fix stays in its project although every word is recognised (rules with effect 'project'). */
  local: Set<RuleId>;
  /** Paths inside the project the fix writes (a fix that writes and runs may run what it wrote). */
  wrote: Set<string>;
  /** Paths the fix creates or changes (written, touched, made, moved to): names left in the project. */
  named: Set<string>;
  /** Something is downloaded… */
  fetches: boolean;
  /** …and something runs a script or program: together, downloaded content may be run. */
  runs: boolean;
  /** A `cd` left the project: relative paths no longer point inside it. */
  leftProject: boolean;
  /** How many folders below the project's root plain `cd`s went (`cd build`: 1); 0 after any other `cd`. */
  below: number;
  /** The commands being judged form one `&&` chain (ParsedScript.andChain): only then do `cd`s count. */
  chain: boolean;
}

/** Parses and walks a nested shell text (`bash -c '…'`, `watch '…'`) into the same state. */
export type Recurse = (text: string, st: ScriptState) => void;

export const W = (text: string): Word => ({ text, dynamic: false });
export const base = (t: string) => t.replace(/\\/g, '/').split('/').pop() ?? t;
export const SYSTEM_BIN = /^\/(?:usr\/(?:local\/)?)?s?bin\/|^\/opt\/homebrew\/bin\/|^\/usr\/bin\/env$/;

export function withhold(st: ScriptState, reason: Reason): void {
  if (st.withheld) return;
  st.withheld = reason;
  st.rule = (ruleOfReason(reason)?.id as RuleId | undefined) ?? null;
}

/** Keeps the fix in the project that proved it, by a rule whose effect is 'project'. */
export function keepLocal(st: ScriptState, id: RuleId): void {
  st.local.add(id);
}

export const inside = (st: ScriptState, w: Word) =>
  insideProject(w) && !(st.leftProject && !['/dev/null', '/dev/stdout', '/dev/stderr'].includes(w.text));

/** Index of the first operand after options; `arity` names the options that take a value. */
export function firstOperand(args: Word[], arity: Set<string> = new Set()): number {
  let i = 0;
  while (i < args.length) {
    const t = args[i]!.text;
    if (t === '--') return i + 1;
    if (!t.startsWith('-') || t === '-') return i;
    i += arity.has(t) ? 2 : 1;
  }
  return i;
}

export const operands = (args: Word[], arity?: Set<string>) => {
  const out: Word[] = [];
  let i = 0;
  let ended = false;
  while (i < args.length) {
    const t = args[i]!.text;
    if (!ended && t === '--') ended = true;
    else if (!ended && t.startsWith('-') && t !== '-') {
      if (arity?.has(t)) i++;
    } else out.push(args[i]!);
    i++;
  }
  return out;
};

export const flag = (args: Word[], re: RegExp) => args.some((a) => re.test(a.text));

/** Where a command's input comes from, and whether arguments are added at run time (xargs, find -exec). */
export type Io = {
  piped: boolean;
  inline: boolean;
  computedArgs?: boolean;
  /** Judged by the deny rules only: the grammar gate judges this command on its own path. */
  noGate?: boolean;
};

/** Judges one command's words (classify.ts judgeWords), for the classes that wrap another command. */
export type JudgeWords = (st: ScriptState, words: Word[], io: Io, recurse: Recurse) => void;

/** One command as a program family's judge sees it (classify.ts). */
export interface Call {
  st: ScriptState;
  /** The program, lower-case, without a system folder or `.exe`. */
  prog: string;
  args: Word[];
  texts: string[];
  io: Io;
  recurse: Recurse;
  /** Judges the wrapped command (`rest`) in the same state. */
  next: (rest: Word[], more?: Partial<Io>) => void;
}

export function newState(): ScriptState {
  return {
    withheld: null,
    rule: null,
    unknown: new Set(),
    local: new Set(),
    wrote: new Set(),
    named: new Set(),
    fetches: false,
    runs: false,
    leftProject: false,
    below: 0,
    chain: false,
  };
}
