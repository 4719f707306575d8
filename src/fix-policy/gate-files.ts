// Programs of the grammar gate whose words are an expression or a script over files, not options
// and operands: find (an expression), sed (a script of substitutions), cp/mv/ln/install (sources
// read, a destination written) and awk (a program that only prints).
import { ordinaryFileKind } from './edits.js';
import type { Word } from './commands.js';
import { IGNORE_LIST, sedEditRule } from './edit-grammar.js';
import { pathClass, readable } from './expand.js';
import { proseOk } from './prose.js';
import { notRecognised, type GateCtx } from './recognise.js';
import { keepLocal } from './state.js';

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

/**
 * find that deletes or runs a command acts on the files its expression selects: only a plain
 * conjunction whose name or path test comes before the action says which (with `-o`, `!` or
 * parentheses another branch may select every file).
 */
function findActsOnAll(args: Word[]): string | null {
  const act = args.findIndex((a) => /^-(?:delete|exec|execdir|ok|okdir)$/.test(a.text));
  if (act < 0) return null;
  const branch = args.find((a) => /^(?:-o|-or|!|-not|\(|\)|,)$/.test(a.text));
  if (branch) return branch.text;
  return args.slice(0, act).some((a) => /^-i?(?:name|path)$/.test(a.text)) ? null : args[act]!.text;
}

export function judgeFind(ctx: GateCtx, args: Word[]): void {
  const all = findActsOnAll(args);
  if (all) return notRecognised(ctx.st, 'find', all);
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

export function judgeSed(ctx: GateCtx, args: Word[]): void {
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
    else if (inPlace && sedEditRule(f.text)) keepLocal(ctx.st, sedEditRule(f.text)!);
  if (inPlace) for (const s of scripts) if (addsCode(s.text)) keepLocal(ctx.st, 'edit-runs-code');
}

/** cp, mv, ln, install: the sources are read (inside the project), the destination is written. */
export const COPY_FLAGS: Record<string, Set<string>> = {
  cp: new Set(['-r', '-R', '-a', '-p', '-f', '-n', '-v', '-i', '-u', '--recursive']),
  mv: new Set(['-f', '-n', '-v', '-i', '-u']),
  ln: new Set(['-s', '-f', '-n', '-v', '-T']),
  install: new Set(['-d', '-D', '-v', '-p']),
};

/** A dotenv file that holds values (`.env`, `.env.production`), not a template (`.env.example`). */
export const SECRET_DOTENV = /(?:^|\/)\.env(?:\.(?!(?:example|sample|template|dist|defaults)$)[\w-]+)?$/;

export function judgeCopy(ctx: GateCtx, prog: string, args: Word[]): void {
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
  // a copy of the project's secrets (a dotenv file other than an example) puts them where they were
  // not; moving an ignore list away un-ignores what it listed
  for (const s of ops)
    if (SECRET_DOTENV.test(s.text) || (prog === 'mv' && IGNORE_LIST.test(s.text)))
      return notRecognised(ctx.st, prog, s.text);
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

export function judgeAwk(ctx: GateCtx, args: Word[]): void {
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
