// Wrappers: programs that run another command (env, sudo, nohup, time, nice, timeout, command,
// exec, xargs, watch, find -exec…). Each skips its own options and judges the wrapped command.
import { firstOperand, flag, inside, operands, withhold, type Call } from './state.js';

function judgeEnv({ st, args, next }: Call): void {
  let i = 0;
  while (i < args.length) {
    const t = args[i]!.text;
    if (/^-[SsC]|^--split-string|^--chdir/.test(t)) return withhold(st, 'runs a command given as one string');
    if (t === '-u' || t === '--unset') i += 2;
    else if (t.startsWith('-')) i++;
    else break;
  }
  return next(args.slice(i));
}

function judgeSudo({ st, args, next }: Call): void {
  if (
    flag(args, /^-[a-zA-Z]*[si]$|^--(?:shell|login)$/) &&
    operands(args, new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T'])).length === 0
  )
    return withhold(st, 'starts a root shell');
  const i = firstOperand(
    args,
    new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group']),
  );
  return next(args.slice(i));
}

/** nohup, setsid…: no option takes a value. */
const judgePlainWrapper = ({ args, next }: Call) => next(args.slice(firstOperand(args)));

const judgeTime = ({ args, next }: Call) =>
  next(args.slice(firstOperand(args, new Set(['-f', '--format', '-o', '--output']))));

/** nice, ionice, chrt, taskset, stdbuf (chrt and taskset take a priority or mask first). */
const judgeNice = ({ prog, args, next }: Call) =>
  next(
    args
      .slice(firstOperand(args, new Set(['-n', '--adjustment', '-c', '--class', '-p', '-i', '-o', '-e'])))
      .slice(prog === 'taskset' || prog === 'chrt' ? 1 : 0),
  );

function judgeTimeout({ args, next }: Call): void {
  const i = firstOperand(args, new Set(['-s', '--signal', '-k', '--kill-after']));
  return next(args.slice(i + 1));
}

function judgeCommandBuiltin({ args, texts, next }: Call): void {
  if (texts[0] === '-v' || texts[0] === '-V') return;
  return next(args.slice(firstOperand(args)));
}

const judgeExec = ({ args, next }: Call) => next(args.slice(firstOperand(args, new Set(['-a']))));

const XARGS_ARITY = new Set([
  '-I',
  '-i',
  '-n',
  '-P',
  '-d',
  '-L',
  '-l',
  '-a',
  '-E',
  '-e',
  '-s',
  '--max-args',
  '--max-procs',
  '--delimiter',
  '--arg-file',
  '--replace',
  '--max-lines',
]);

function judgeXargs({ args, next }: Call): void {
  const rest = args.slice(firstOperand(args, XARGS_ARITY));
  if (!rest.length) return; // echo
  return next(rest, { computedArgs: true });
}

/** watch: one operand is shell text, several are a command. */
function judgeWatch({ st, args, recurse, next }: Call): void {
  const ops = args.slice(firstOperand(args, new Set(['-n', '--interval', '-d'])));
  if (ops.length === 1)
    return ops[0]!.dynamic ? withhold(st, 'runs shell code computed at run time') : recurse(ops[0]!.text, st);
  return next(ops);
}

/** entr, parallel: the command gets arguments at run time. */
const judgeRepeater = ({ args, next }: Call) => next(args.slice(firstOperand(args)), { computedArgs: true });

function judgeFind({ st, args, texts, next }: Call): void {
  const ex = args.findIndex((a) => /^-(?:exec|execdir|ok|okdir|x|X|-exec|-exec-batch)$/.test(a.text));
  if (ex >= 0) {
    const end = args.findIndex((a, j) => j > ex && (a.text === ';' || a.text === '+' || a.text === '\\;'));
    next(args.slice(ex + 1, end >= 0 ? end : undefined), { computedArgs: true });
  }
  if (texts.includes('-delete') || texts.some((t) => /^-(?:fprint|fprintf|fls)$/.test(t))) {
    const starts = args
      .slice(
        0,
        args.findIndex((a) => a.text.startsWith('-')),
      )
      .filter((a) => !a.text.startsWith('-'));
    if (!starts.length || starts.some((s) => !inside(st, s)))
      withhold(st, 'deletes files outside the project');
  }
}

export const WRAPPERS: [string[], (c: Call) => void][] = [
  [['env'], judgeEnv],
  [['sudo', 'doas', 'run0'], judgeSudo],
  [['nohup', 'setsid', 'caffeinate', 'unbuffer', 'chronic', 'builtin'], judgePlainWrapper],
  [['time'], judgeTime],
  [['nice', 'ionice', 'chrt', 'taskset', 'stdbuf'], judgeNice],
  [['timeout', 'gtimeout'], judgeTimeout],
  [['command'], judgeCommandBuiltin],
  [['exec'], judgeExec],
  [['xargs'], judgeXargs],
  [['watch'], judgeWatch],
  [['entr', 'parallel'], judgeRepeater],
  [['find', 'fd'], judgeFind],
];
