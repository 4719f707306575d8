// File operations: writes, deletes, links and modes only inside the project (recursive deletes of
// build output only, no world-writable mode or setuid bit), and `source` of a project file.
import type { Word } from './commands.js';
import { LOCK_FILES } from './expand.js';
import { rebuildable } from './paths.js';
import type { Reason } from './rules.js';
import { flag, inside, keepLocal, operands, withhold, type ScriptState } from './state.js';

export function sourceFile(st: ScriptState, w: Word | undefined): void {
  if (!w) return withhold(st, 'sources standard input');
  const t = w.text.replace(/^(?:\$\{?HOME\}?|~)(?=\/)/, '~');
  if (
    /^~\/(?:\.nvm\/nvm\.sh|\.cargo\/env|\.bashrc|\.zshrc|\.profile|\.bash_profile|\.zprofile|\.sdkman\/bin\/sdkman-init\.sh|\.asdf\/asdf\.sh|\.rvm\/scripts\/rvm|\.ghcup\/env|\.local\/bin\/env)$/.test(
      t,
    )
  )
    return;
  if (w.dynamic) return withhold(st, 'sources fetched or computed content');
  if (!inside(st, w)) return withhold(st, 'sources a file from outside the project');
  st.runs = true;
}

/** Withholds when a path is outside the project (or, for a delete, computed at run time). */
function mustBeInside(st: ScriptState, ws: Word[], why: 'deletes' | 'writes'): void {
  for (const w of ws) {
    if (w.dynamic && why === 'deletes') return withhold(st, 'deletes paths computed at run time');
    if (!inside(st, w))
      return withhold(
        st,
        why === 'deletes'
          ? 'deletes files outside the project'
          : 'writes or changes permissions outside the project',
      );
  }
}

/** rm, unlink, rmdir, del, rd, remove-item. */
function judgeDelete(st: ScriptState, _prog: string, args: Word[]): void {
  const ops = operands(args);
  const recursive = flag(args, /^-[a-zA-Z]*[rR]|^--recursive$|^-recurse$/i);
  if (!ops.length && args.some((a) => a.dynamic)) return withhold(st, 'deletes paths computed at run time');
  mustBeInside(st, ops, 'deletes');
  if (ops.some((o) => LOCK_FILES.test(o.text))) keepLocal(st, 'lock-reset');
  if (recursive && ops.some((o) => !rebuildable(o)))
    withhold(st, 'deletes files recursively (rm -r of more than build output)');
}

const COPY_ARITY = new Set([
  '-t',
  '--target-directory',
  '-S',
  '--suffix',
  '-m',
  '--mode',
  '-o',
  '-g',
  '--owner',
  '--group',
  '-e',
  '--rsh',
  '--exclude',
  '--include',
  '--filter',
  '-f',
]);

/** mv, cp, ln, install, rsync, copy-item, move-item: the destination, and what a move deletes. */
function judgeCopy(st: ScriptState, prog: string, args: Word[]): void {
  if (
    prog === 'rsync' &&
    args.some((a) => /^(?:[\w.-]+@)?[\w.-]+:(?!\/\/)/.test(a.text) && !/^[A-Za-z]:/.test(a.text))
  )
    return withhold(st, 'sends local files to another machine');
  if (prog === 'rsync' && flag(args, /^(?:-e|--rsh)/))
    return withhold(st, 'sends local files to another machine');
  const ops = operands(args, COPY_ARITY);
  const ti = args.findIndex((a) => a.text === '-t' || a.text === '--target-directory');
  const dest = ti >= 0 ? args[ti + 1] : ops.at(-1);
  const sources = ti >= 0 ? ops : ops.slice(0, -1);
  if (dest) mustBeInside(st, [dest], 'writes');
  if (prog === 'mv' || prog === 'move-item') mustBeInside(st, sources, 'deletes');
  if (prog === 'ln') mustBeInside(st, sources, 'writes'); // a link out of the project is written through later
}

/** Programs that write their operands (mkdir, touch, tee, gzip…). */
function judgeWrite(st: ScriptState, _prog: string, args: Word[]): void {
  mustBeInside(
    st,
    operands(
      args,
      new Set(['-m', '--mode', '-s', '--size', '-r', '--reference', '-d', '-t', '-Path', '-Value']),
    ),
    'writes',
  );
}

/** chmod, chown, chgrp. */
function judgeMode(st: ScriptState, prog: string, args: Word[]): void {
  const ops = operands(args, new Set(['--reference']));
  const mode = ops[0];
  if (prog === 'chmod' && mode) {
    const why = modeProblem(mode);
    if (why) return withhold(st, why);
  }
  mustBeInside(st, ops.slice(1), 'writes');
}

/** Why a chmod mode may not be set (world-writable, setuid or setgid), or null. */
function modeProblem(mode: Word): Reason | null {
  const m = mode.text;
  if (mode.dynamic) return 'sets a permission computed at run time';
  if (/^[0-7]{3,4}$/.test(m)) {
    const n = m.padStart(4, '0');
    if (/[2367]$/.test(n)) return 'makes files writable by everyone';
    if (/^[2-7]/.test(n)) return 'sets the setuid or setgid bit';
    return null;
  }
  for (const clause of m.split(',')) {
    const sym = /^([ugoa]*)[+=]([rwxXst]*)$/.exec(clause);
    if (!sym) continue;
    if (sym[2]!.includes('w') && /[oa]/.test(sym[1]!)) return 'makes files writable by everyone';
    if (sym[2]!.includes('s')) return 'sets the setuid or setgid bit';
  }
  return null;
}

function judgeDd(st: ScriptState, _prog: string, args: Word[]): void {
  const of = args.find((a) => a.text.startsWith('of='));
  if (of && !inside(st, { text: of.text.slice(3), dynamic: of.dynamic }))
    withhold(st, 'writes raw blocks outside the project');
}

/** sed, gsed: a file operation only with -i. */
function judgeSed(st: ScriptState, _prog: string, args: Word[]): boolean {
  if (!flag(args, /^-[a-zA-Z]*i|^--in-place/)) return false;
  const scripted = flag(args, /^(?:-e|-f|--expression|--file)$/);
  const ops = operands(args, new Set(['-e', '-f', '--expression', '--file']));
  mustBeInside(st, scripted ? ops : ops.slice(1), 'writes');
  return true;
}

function judgePatch(st: ScriptState, _prog: string, args: Word[]): void {
  mustBeInside(
    st,
    operands(args, new Set(['-p', '-i', '--input', '-d', '--directory', '-o', '--output', '-F', '-B', '-r'])),
    'writes',
  );
  for (const f of ['-d', '--directory', '-o', '--output']) {
    const i = args.findIndex((a) => a.text === f);
    if (i >= 0 && args[i + 1]) mustBeInside(st, [args[i + 1]!], 'writes');
  }
}

/** tar, bsdtar, unzip: where they extract, and no command run on the way. */
function judgeArchive(st: ScriptState, _prog: string, args: Word[]): void {
  if (
    flag(
      args,
      /^--(?:to-command|use-compress-program|checkpoint-action|info-script|new-volume-script|rsh-command)|^-I$|^-F$/,
    )
  )
    return withhold(st, 'runs a command');
  for (const f of ['-C', '--directory', '-d']) {
    const i = args.findIndex((a) => a.text === f);
    if (i >= 0 && args[i + 1]) mustBeInside(st, [args[i + 1]!], 'writes');
    const glued = args.find((a) => a.text.startsWith(`${f}=`));
    if (glued) mustBeInside(st, [{ text: glued.text.slice(f.length + 1), dynamic: glued.dynamic }], 'writes');
  }
  if (flag(args, /^-?[a-z]*P|^--absolute-names$/))
    withhold(st, 'writes or changes permissions outside the project');
}

/** A file operation's judge; false when the command is no file operation after all. */
type FileOp = (st: ScriptState, prog: string, args: Word[]) => boolean | void;

const FILE_OPS: [string[], FileOp][] = [
  [['rm', 'unlink', 'rmdir', 'del', 'rd', 'remove-item'], judgeDelete],
  [['mv', 'cp', 'ln', 'install', 'rsync', 'copy-item', 'move-item'], judgeCopy],
  [
    [
      'mkdir',
      'touch',
      'truncate',
      'tee',
      'new-item',
      'set-content',
      'out-file',
      'gzip',
      'gunzip',
      'zip',
      'xz',
      'unxz',
      'bzip2',
      'dos2unix',
      'unix2dos',
    ],
    judgeWrite,
  ],
  [['chmod', 'chown', 'chgrp'], judgeMode],
  [['dd'], judgeDd],
  [['sed', 'gsed'], judgeSed],
  [['patch'], judgePatch],
  [['tar', 'bsdtar', 'unzip'], judgeArchive],
];
const FILE_OP = new Map(FILE_OPS.flatMap(([names, judge]) => names.map((n) => [n, judge] as const)));

/** Judges a file operation; false when `prog` is none. */
export function judgeFileOp(st: ScriptState, prog: string, args: Word[]): boolean {
  const op = FILE_OP.get(prog);
  return op ? op(st, prog, args) !== false : false;
}

/** One command's words (wrappers unwrapped here). */
