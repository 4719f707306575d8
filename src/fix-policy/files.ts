// File operations: writes, deletes, links and modes only inside the project (recursive deletes of
// build output only, no world-writable mode or setuid bit), and `source` of a project file.
import type { Word } from './commands.js';
import { rebuildable } from './paths.js';
import { flag, inside, operands, withhold, type ScriptState } from './state.js';

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

export function judgeFileOp(st: ScriptState, prog: string, args: Word[]): boolean {
  const outside = (why: string) => withhold(st, why);
  const mustBeInside = (ws: Word[], why: string) => {
    for (const w of ws) {
      if (w.dynamic && why === 'deletes') return outside('deletes paths computed at run time');
      if (!inside(st, w))
        return outside(
          why === 'deletes'
            ? 'deletes files outside the project'
            : 'writes or changes permissions outside the project',
        );
    }
  };
  switch (prog) {
    case 'rm':
    case 'unlink':
    case 'rmdir':
    case 'del':
    case 'rd':
    case 'remove-item': {
      const ops = operands(args);
      const recursive = flag(args, /^-[a-zA-Z]*[rR]|^--recursive$|^-recurse$/i);
      if (!ops.length && args.some((a) => a.dynamic))
        return (outside('deletes paths computed at run time'), true);
      mustBeInside(ops, 'deletes');
      if (recursive && ops.some((o) => !rebuildable(o)))
        outside('deletes files recursively (rm -r of more than build output)');
      return true;
    }
    case 'mv':
    case 'cp':
    case 'ln':
    case 'install':
    case 'rsync':
    case 'copy-item':
    case 'move-item': {
      const arity = new Set([
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
      if (
        prog === 'rsync' &&
        args.some((a) => /^(?:[\w.-]+@)?[\w.-]+:(?!\/\/)/.test(a.text) && !/^[A-Za-z]:/.test(a.text))
      )
        return (outside('sends local files to another machine'), true);
      if (prog === 'rsync' && flag(args, /^(?:-e|--rsh)/))
        return (outside('sends local files to another machine'), true);
      const ops = operands(args, arity);
      const ti = args.findIndex((a) => a.text === '-t' || a.text === '--target-directory');
      const dest = ti >= 0 ? args[ti + 1] : ops.at(-1);
      const sources = ti >= 0 ? ops : ops.slice(0, -1);
      if (dest) mustBeInside([dest], 'writes');
      if (prog === 'mv' || prog === 'move-item') mustBeInside(sources, 'deletes');
      if (prog === 'ln') mustBeInside(sources, 'writes'); // a link out of the project is written through later
      return true;
    }
    case 'mkdir':
    case 'touch':
    case 'truncate':
    case 'tee':
    case 'new-item':
    case 'set-content':
    case 'out-file':
    case 'gzip':
    case 'gunzip':
    case 'zip':
    case 'xz':
    case 'unxz':
    case 'bzip2':
    case 'dos2unix':
    case 'unix2dos':
      mustBeInside(
        operands(
          args,
          new Set(['-m', '--mode', '-s', '--size', '-r', '--reference', '-d', '-t', '-Path', '-Value']),
        ),
        'writes',
      );
      return true;
    case 'chmod':
    case 'chown':
    case 'chgrp': {
      const ops = operands(args, new Set(['--reference']));
      const mode = ops[0];
      if (prog === 'chmod' && mode) {
        const m = mode.text;
        if (mode.dynamic) return (outside('sets a permission computed at run time'), true);
        if (/^[0-7]{3,4}$/.test(m)) {
          const n = m.padStart(4, '0');
          if (/[2367]$/.test(n)) return (outside('makes files writable by everyone'), true);
          if (/^[2-7]/.test(n)) return (outside('sets the setuid or setgid bit'), true);
        } else {
          for (const clause of m.split(',')) {
            const sym = /^([ugoa]*)[+=]([rwxXst]*)$/.exec(clause);
            if (!sym) continue;
            if (sym[2]!.includes('w') && /[oa]/.test(sym[1]!))
              return (outside('makes files writable by everyone'), true);
            if (sym[2]!.includes('s')) return (outside('sets the setuid or setgid bit'), true);
          }
        }
      }
      mustBeInside(ops.slice(1), 'writes');
      return true;
    }
    case 'dd': {
      const of = args.find((a) => a.text.startsWith('of='));
      if (of && !inside(st, { text: of.text.slice(3), dynamic: of.dynamic }))
        outside('writes raw blocks outside the project');
      return true;
    }
    case 'sed':
    case 'gsed': {
      if (!flag(args, /^-[a-zA-Z]*i|^--in-place/)) return false;
      const scripted = flag(args, /^(?:-e|-f|--expression|--file)$/);
      const ops = operands(args, new Set(['-e', '-f', '--expression', '--file']));
      mustBeInside(scripted ? ops : ops.slice(1), 'writes');
      return true;
    }
    case 'patch':
      mustBeInside(
        operands(
          args,
          new Set(['-p', '-i', '--input', '-d', '--directory', '-o', '--output', '-F', '-B', '-r']),
        ),
        'writes',
      );
      for (const f of ['-d', '--directory', '-o', '--output']) {
        const i = args.findIndex((a) => a.text === f);
        if (i >= 0 && args[i + 1]) mustBeInside([args[i + 1]!], 'writes');
      }
      return true;
    case 'tar':
    case 'bsdtar':
    case 'unzip': {
      if (
        flag(
          args,
          /^--(?:to-command|use-compress-program|checkpoint-action|info-script|new-volume-script|rsh-command)|^-I$|^-F$/,
        )
      )
        return (outside('runs a command'), true);
      for (const f of ['-C', '--directory', '-d']) {
        const i = args.findIndex((a) => a.text === f);
        if (i >= 0 && args[i + 1]) mustBeInside([args[i + 1]!], 'writes');
        const glued = args.find((a) => a.text.startsWith(`${f}=`));
        if (glued) mustBeInside([{ text: glued.text.slice(f.length + 1), dynamic: glued.dynamic }], 'writes');
      }
      if (flag(args, /^-?[a-z]*P|^--absolute-names$/))
        outside('writes or changes permissions outside the project');
      return true;
    }
    default:
      return false;
  }
}

/** One command's words (wrappers unwrapped here). */
