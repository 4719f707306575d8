// The allow-list: each simple command of a fix (commands.ts) is put in a class. A fix is offered
// verbatim only when every command is known to be safe; one command that is not makes the whole fix
// withheld (with the first reason found), and a program the list does not know makes it
// "project": offered only where it was confirmed. Wrappers are unwrapped (env, sudo, xargs, nohup,
// time, nice, timeout, command, exec, npx, `python -m`…), `bash -c '…'` strings are parsed again.
import { ordinaryFileKind } from './edits.js';
import type { ParsedScript, SimpleCommand, Word } from './commands.js';
import { namesCredentials } from './paths.js';
import { judgeFileOp } from './files.js';
import { judgeInstaller } from './installs.js';
import {
  CREDENTIAL_PROGRAMS,
  DESTROYERS,
  FETCHERS,
  INTERPRETERS,
  interpreterOf,
  judgeAssignment,
  knownEval,
  PROJECT_TOOLS,
  REMOTE_COPY,
  SHELLS,
  TOOLCHAINS,
} from './programs.js';
import {
  base,
  flag,
  inside,
  keepLocal,
  SYSTEM_BIN,
  W,
  withhold,
  type Call,
  type Io,
  type Recurse,
  type ScriptState,
} from './state.js';
import { TOOLS } from './tools.js';
import { WRAPPERS } from './wrappers.js';
import { judgeGated, judgeProjectProgram } from './gate.js';
import { assignmentOk } from './env-vars.js';
import { notRecognised, type GateCtx } from './recognise.js';
import { pathClass } from './expand.js';
import { isInspectionSegment } from '../error-kb/index.js';
import { CODE_RUNNERS, langOf, packageCode } from './inline-code.js';

export type { ScriptState } from './state.js';
export { newState } from './state.js';

/** Each program family's judge, by program name (wrappers.ts, tools.ts). */
const FAMILIES = new Map<string, (c: Call) => void>(
  [...WRAPPERS, ...TOOLS].flatMap(([names, judge]) => names.map((n) => [n, judge] as const)),
);

export function judgeWords(st: ScriptState, words: Word[], io: Io, recurse: Recurse): void {
  words = judgeLeadingAssignments(st, words);
  const name = words[0];
  if (!name) return;
  const prog = programOf(st, name);
  const args = io.computedArgs ? [...words.slice(1), { text: '{}', dynamic: true }] : words.slice(1);
  // the allow-list: every word recognised by the program's grammar, or the fix stays in its project
  const gate: GateCtx = {
    st,
    io,
    recurse,
    judgeCommand: (w, more) => judgeWords(st, w, { ...more, noGate: false }, recurse),
  };
  if (prog === null) {
    if (!st.withheld && !io.noGate) judgeProjectProgram(gate, name, args);
    return;
  }
  if (!io.noGate) judgeGated(gate, prog, args);
  const call: Call = {
    st,
    prog,
    args,
    texts: args.map((a) => a.text),
    io,
    recurse,
    next: (rest, more = {}) => judgeWords(st, rest, { ...io, ...more, noGate: true }, recurse),
  };
  if (judgeListed(call)) return;
  const family = FAMILIES.get(prog);
  if (family) return family(call);
  judgeOther(call);
}

/** VAR=value before a wrapped command (env A=1 cmd): judged, and the words after them returned. */
function judgeLeadingAssignments(st: ScriptState, words: Word[]): Word[] {
  let k = 0;
  while (k < words.length && /^[A-Za-z_]\w*=/.test(words[k]!.text)) {
    const [name, ...v] = words[k]!.text.split('=');
    judgeAssignment(st, name!, { text: v.join('='), dynamic: words[k]!.dynamic });
    if (!assignmentOk(st, words[k]!.text, words[k]!.dynamic)) notRecognised(st, 'env', words[k]!.text);
    k++;
  }
  return words.slice(k);
}

/** The program's name as the lists know it, or null when its path alone decides the command. */
function programOf(st: ScriptState, name: Word): string | null {
  if (name.dynamic) return (withhold(st, 'runs a program whose name is computed at run time'), null);
  let prog = name.text;
  if (prog.includes('/') || prog.includes('\\')) {
    if (SYSTEM_BIN.test(prog)) prog = base(prog);
    else if (inside(st, name)) {
      st.runs = true; // the project's own script ("./gradlew", "scripts/build.sh")
      return null;
    } else return (withhold(st, 'runs a program from outside the project'), null);
  }
  return prog.toLowerCase().replace(/\.exe$/, '');
}

/** Programs judged by the list they are on (programs.ts); false when on none. */
function judgeListed({ st, prog, args, texts }: Call): boolean {
  if (/^mkfs/.test(prog)) withhold(st, 'formats a file system');
  else if (prog === 'eval' && knownEval(args)) return true;
  else if (prog in DESTROYERS) {
    if (prog === 'ufw' && !texts.includes('disable') && !texts.includes('reset')) return true;
    if (!(prog === 'at' && texts.length === 0)) withhold(st, DESTROYERS[prog]!);
  } else if (prog in CREDENTIAL_PROGRAMS) {
    if (CREDENTIAL_PROGRAMS[prog]!.test(texts.find((t) => !t.startsWith('-')) ?? ''))
      withhold(st, 'reads a credential store');
  } else if (REMOTE_COPY.has(prog))
    withhold(st, 'sends local files to another machine, or runs commands there');
  else if (FETCHERS.has(prog)) judgeFetch(st, prog, args);
  else return false;
  return true;
}

/** Shells, interpreters, installers, file operations, then the tools offered with any arguments. */
function judgeOther({ st, prog, args, texts, io, recurse }: Call): void {
  if (SHELLS.has(prog)) return judgeShell(st, prog, args, io, recurse);
  const interp = interpreterOf(prog);
  if (interp) return judgeInterpreter(st, interp, args, io, recurse);
  if (judgeInstaller(st, prog, args, recurse, judgeWords)) return;
  if (judgeFileOp(st, prog, args)) return;
  if (TOOLCHAINS.has(prog)) return;
  if (PROJECT_TOOLS.has(prog)) return judgeProjectTool(st, prog, args);
  if (isInspectionSegment([prog, ...texts])) return;
}

function judgeProjectTool(st: ScriptState, prog: string, args: Word[]): void {
  if (['tsx', 'ts-node', 'ts-node-esm'].includes(prog) && flag(args, /^(?:-e|--eval|-p|--print)$/))
    return withhold(st, 'runs code given inline');
  if (
    ['vite', 'next', 'nuxt', 'rollup', 'webpack'].includes(prog) &&
    args.some((a) => /^https?:/.test(a.text))
  )
    return withhold(st, 'runs code from a URL');
  st.runs ||= ['tsx', 'ts-node', 'ts-node-esm', 'nodemon'].includes(prog);
}

function judgeFetch(st: ScriptState, prog: string, args: Word[]): void {
  st.fetches = true;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    const v = args[i + 1];
    const eq = /^(--[\w-]+)=(.*)$/s.exec(t);
    const opt = eq ? eq[1]! : t;
    const val = eq ? { text: eq[2]!, dynamic: args[i]!.dynamic } : v;
    if (
      /^(?:-d|--data|--data-binary|--data-urlencode|--data-ascii|--json|-F|--form|--form-string)$/.test(
        opt,
      ) &&
      val &&
      /(?:^|=)[@<]/.test(val.text)
    )
      return withhold(st, 'uploads a local file');
    if (/^-[a-zA-Z]*T$|^--upload-file$|^--post-file$|^--body-file$|^-[a-zA-Z]*K$|^--config$/.test(opt))
      return withhold(st, 'uploads a local file');
    if (/^-[a-zA-Z]*k$|^--insecure$|^--no-check-certificate$|^--proxy-insecure$/.test(opt))
      return withhold(st, 'turns off TLS checks');
    if (
      /^(?:-o|--output|-O|--output-document|-P|--directory-prefix|--output-dir)$/.test(opt) &&
      val &&
      !(prog === 'curl' && opt === '-O')
    ) {
      if (!(val.text === '-' || inside(st, val)))
        return withhold(st, 'writes or changes permissions outside the project');
      if (!eq) i++;
    }
  }
  if (
    /^(?:http|https|xh|curlie|httpie)$/.test(prog) &&
    args.some((a) => /^[\w-]+(?::=|=)@|^[\w-]+@/.test(a.text))
  )
    return withhold(st, 'uploads a local file');
}

function judgeShell(st: ScriptState, prog: string, args: Word[], io: Io, recurse: Recurse): void {
  if (prog === 'busybox') {
    if (!SHELLS.has(args[0]?.text ?? '') || args[0]?.text === 'busybox')
      return judgeWords(st, args, io, recurse);
    args = args.slice(1);
  }
  let i = 0;
  let code = false;
  while (i < args.length) {
    const t = args[i]!.text;
    if (t === '--') {
      i++;
      break;
    }
    if (!t.startsWith('-') && !t.startsWith('+')) break;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(t)) code = true;
    if (/^-[a-zA-Z]*s[a-zA-Z]*$/.test(t)) return withhold(st, 'runs piped or inline text as a shell script');
    i += t === '-o' || t === '+o' || t === '-O' || t === '--rcfile' || t === '--init-file' ? 2 : 1;
  }
  const first = args[i];
  if (code) {
    if (io.computedArgs) return withhold(st, 'runs shell code computed at run time');
    if (!first) return withhold(st, 'the text does not parse as a shell command');
    if (first.dynamic) return withhold(st, 'runs shell code computed at run time');
    return recurse(first.text, st);
  }
  if (!first) {
    if (io.piped || io.inline) return withhold(st, 'runs piped or inline text as a shell script');
    return;
  }
  if (first.dynamic) return withhold(st, 'runs fetched or computed content as a shell script');
  if (!inside(st, first)) return withhold(st, 'runs a script from outside the project');
  st.runs = true;
}

/** Interpreter options that take a value (the value is not the script). */
const INTERPRETER_ARITY = new Set([
  '-W',
  '-X',
  '-Q',
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-I',
  '--input-type',
  '--env-file',
  '-C',
  '--conditions',
  '-x',
  '--title',
  '-i',
  '-l',
  '-M',
  '-m',
  '-S',
  '-File',
  '-file',
]);

function judgeInterpreter(
  st: ScriptState,
  interp: string,
  args: Word[],
  io: { piped: boolean; inline: boolean },
  recurse: Recurse,
): void {
  const inline = INTERPRETERS[interp]!;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (!t.startsWith('-') || t === '-') {
      if (t === '-') return withhold(st, 'runs piped or inline code in an interpreter');
      if (args[i]!.dynamic) return withhold(st, 'runs fetched or computed content in an interpreter');
      if (/^(?:https?|data):/.test(t)) return withhold(st, 'runs code from a URL');
      if (interp === 'python' && i > 0 && args[i - 1]!.text === '-m') {
        // python -m pip / pytest / venv …: the module as a program
        return judgeWords(
          st,
          [W(t === 'pip' || t === 'pip3' ? 'pip' : t), ...args.slice(i + 1)],
          io,
          recurse,
        );
      }
      if (!inside(st, args[i]!)) return withhold(st, 'runs a script from outside the project');
      st.runs = true;
      return;
    }
    if (inline.test(t) && inline.source !== '^$') {
      // package management in Julia or R, by the tiny grammar of inline-code.ts: judged by the gate
      const code = args[i + 1];
      if (CODE_RUNNERS.has(interp) && code && !code.dynamic && packageCode(langOf(interp), code.text)) {
        st.runs = true; // packages' builds, the project's tests
        i++;
        continue;
      }
      return withhold(st, 'runs code given inline (-c, -e)');
    }
    if (/:\/\/|^--[\w-]+=data:/.test(t)) return withhold(st, 'runs code from a URL');
    if (
      (t === '--loader' ||
        t === '--import' ||
        t === '--experimental-loader' ||
        t === '-r' ||
        t === '--require') &&
      args[i + 1] &&
      /:\/\/|^data:/.test(args[i + 1]!.text)
    )
      return withhold(st, 'runs code from a URL');
    if (/^-(?:File|file)$/.test(t) && args[i + 1] && !inside(st, args[i + 1]!))
      return withhold(st, 'runs a script from outside the project');
    if (interp === 'python' && t === '-m') continue;
    if (INTERPRETER_ARITY.has(t)) i++;
  }
  if (io.piped || io.inline) return withhold(st, 'runs piped or inline code in an interpreter');
  if (args.some((a) => /^(?:-v|-V|--version|--help|-h)$/.test(a.text))) return;
}

/** Every command of a parsed script, in order. */
export function judgeScript(st: ScriptState, script: ParsedScript, recurse: Recurse): void {
  if (script.problems.length) withhold(st, script.problems[0]!);
  // a loop runs its commands as often as it likes (a push in a `while :`): no grammar recognises one
  for (const loop of script.loops) notRecognised(st, 'shell', loop);
  // a `cd` says where the next command runs only inside one `&&` chain, and only for that text
  const outer = { chain: st.chain, below: st.below };
  st.chain = script.andChain;
  st.below = 0;
  for (const c of script.commands) judgeCommand(st, c, recurse);
  Object.assign(st, outer);
}

/** Checks on every word of every command, whatever the program. */
function judgeAnyWord(st: ScriptState, w: Word): void {
  const t = w.text.replace(/^(?:\$\{?HOME\}?)(?=\/)/, '~');
  if (namesCredentials(t)) withhold(st, 'reads a credential store');
  if (/^--no-verify$/.test(t)) withhold(st, 'skips hooks and checks (--no-verify)');
  if (/\b(?:drop\s+(?:table|database|schema|owned)|truncate\s+table)\b/i.test(t)) withhold(st, 'drops data');
}

function judgeCommand(st: ScriptState, c: SimpleCommand, recurse: Recurse): void {
  for (const w of [...c.words, ...c.redirects.map((r) => r.target), ...c.assignments.map((a) => a.value)])
    judgeAnyWord(st, w);
  for (const a of c.assignments) {
    judgeAssignment(st, a.name, a.value);
    if (!assignmentOk(st, `${a.name}=${a.value.text}`, a.value.dynamic))
      notRecognised(st, 'env', `${a.name}=${a.value.text}`);
  }
  for (const r of c.redirects) {
    if (!/>/.test(r.op) || /^\d*>&\d*-?$/.test(r.op + r.target.text) || /^\d+$|^-$/.test(r.target.text)) {
      if (/</.test(r.op) && !r.op.startsWith('<<') && pathClass(r.target) === 'outside')
        notRecognised(st, 'reads', r.target.text);
      continue;
    }
    if (!inside(st, r.target)) withhold(st, 'writes or changes permissions outside the project');
    else if (pathClass(r.target) === 'config') keepLocal(st, 'config-write');
    else {
      if (!ordinaryFileKind(r.target.text)) keepLocal(st, 'edit-file-kind');
      st.wrote.add(r.target.text);
    }
  }
  judgeWords(st, c.words, { piped: c.piped, inline: c.inline }, recurse);
}
