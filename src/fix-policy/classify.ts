// The allow-list: each simple command of a fix (commands.ts) is put in a class. A fix is offered
// verbatim only when every command is known to be safe; one command that is not makes the whole fix
// withheld (with the first reason found), and a program the list does not know makes it
// "project": offered only where it was confirmed. Wrappers are unwrapped (env, sudo, xargs, nohup,
// time, nice, timeout, command, exec, npx, `python -m`…), `bash -c '…'` strings are parsed again.
import type { ParsedScript, SimpleCommand, Word } from './commands.js';
import { namesCredentials } from './paths.js';
import { judgeFileOp, sourceFile } from './files.js';
import { judgeGit } from './git.js';
import { judgeInstaller } from './installs.js';
import {
  CREDENTIAL_PROGRAMS,
  DESTROYERS,
  FETCHERS,
  INTERPRETERS,
  interpreterOf,
  judgeAssignment,
  PROJECT_TOOLS,
  REMOTE_COPY,
  SHELLS,
  TOOLCHAINS,
} from './programs.js';
import {
  base,
  firstOperand,
  flag,
  inside,
  operands,
  SYSTEM_BIN,
  W,
  withhold,
  type Recurse,
  type ScriptState,
} from './state.js';
import { isInspectionSegment } from '../error-kb/index.js';

export type { ScriptState } from './state.js';
export { newState } from './state.js';

export function judgeWords(
  st: ScriptState,
  words: Word[],
  io: { piped: boolean; inline: boolean; computedArgs?: boolean },
  recurse: Recurse,
): void {
  // VAR=value before a wrapped command (env A=1 cmd)
  let k = 0;
  while (k < words.length && /^[A-Za-z_]\w*=/.test(words[k]!.text)) {
    const [name, ...v] = words[k]!.text.split('=');
    judgeAssignment(st, name!, { text: v.join('='), dynamic: words[k]!.dynamic });
    k++;
  }
  words = words.slice(k);
  const name = words[0];
  if (!name) return;
  if (name.dynamic) return withhold(st, 'runs a program whose name is computed at run time');
  let prog = name.text;
  if (prog.includes('/') || prog.includes('\\')) {
    if (SYSTEM_BIN.test(prog)) prog = base(prog);
    else if (inside(st, name)) {
      st.runs = true; // the project's own script (./gradlew, scripts/build.sh)
      return;
    } else return withhold(st, 'runs a program from outside the project');
  }
  prog = prog.toLowerCase().replace(/\.exe$/, '');
  const args = io.computedArgs ? [...words.slice(1), { text: '{}', dynamic: true }] : words.slice(1);
  const texts = args.map((a) => a.text);
  const next = (rest: Word[], more: Partial<typeof io> = {}) =>
    judgeWords(st, rest, { ...io, ...more }, recurse);

  if (/^mkfs/.test(prog)) return withhold(st, 'formats a file system');
  if (prog in DESTROYERS) {
    if (prog === 'ufw' && !texts.includes('disable') && !texts.includes('reset'))
      return void st.unknown.add(prog);
    if (prog === 'at' && texts.length === 0) return;
    return withhold(st, DESTROYERS[prog]!);
  }
  if (prog in CREDENTIAL_PROGRAMS) {
    if (CREDENTIAL_PROGRAMS[prog]!.test(texts.find((t) => !t.startsWith('-')) ?? ''))
      return withhold(st, 'reads a credential store');
    return void st.unknown.add(prog);
  }
  if (REMOTE_COPY.has(prog))
    return withhold(st, 'sends local files to another machine, or runs commands there');
  if (FETCHERS.has(prog)) return judgeFetch(st, prog, args);

  switch (prog) {
    // ----- wrappers -----
    case 'env': {
      let i = 0;
      while (i < args.length) {
        const t = args[i]!.text;
        if (/^-[SsC]|^--split-string|^--chdir/.test(t))
          return withhold(st, 'runs a command given as one string');
        if (t === '-u' || t === '--unset') i += 2;
        else if (t.startsWith('-')) i++;
        else break;
      }
      return next(args.slice(i));
    }
    case 'sudo':
    case 'doas':
    case 'run0': {
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
    case 'nohup':
    case 'setsid':
    case 'caffeinate':
    case 'unbuffer':
    case 'chronic':
    case 'builtin':
      return next(args.slice(firstOperand(args)));
    case 'time':
      return next(args.slice(firstOperand(args, new Set(['-f', '--format', '-o', '--output']))));
    case 'nice':
    case 'ionice':
    case 'chrt':
    case 'taskset':
    case 'stdbuf':
      return next(
        args
          .slice(firstOperand(args, new Set(['-n', '--adjustment', '-c', '--class', '-p', '-i', '-o', '-e'])))
          .slice(prog === 'taskset' || prog === 'chrt' ? 1 : 0),
      );
    case 'timeout':
    case 'gtimeout': {
      const i = firstOperand(args, new Set(['-s', '--signal', '-k', '--kill-after']));
      return next(args.slice(i + 1));
    }
    case 'command':
      if (texts[0] === '-v' || texts[0] === '-V') return;
      return next(args.slice(firstOperand(args)));
    case 'exec':
      return next(args.slice(firstOperand(args, new Set(['-a']))));
    case 'xargs': {
      const i = firstOperand(
        args,
        new Set([
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
        ]),
      );
      const rest = args.slice(i);
      if (!rest.length) return; // echo
      return next(rest, { computedArgs: true });
    }
    case 'watch':
    case 'entr':
    case 'parallel':
      if (prog === 'watch') {
        const ops = args.slice(firstOperand(args, new Set(['-n', '--interval', '-d'])));
        if (ops.length === 1)
          return ops[0]!.dynamic
            ? withhold(st, 'runs shell code computed at run time')
            : recurse(ops[0]!.text, st);
        return next(ops);
      }
      return next(args.slice(firstOperand(args)), { computedArgs: true });
    case 'find':
    case 'fd': {
      const ex = args.findIndex((a) => /^-(?:exec|execdir|ok|okdir|x|X|-exec|-exec-batch)$/.test(a.text));
      if (ex >= 0) {
        const end = args.findIndex(
          (a, j) => j > ex && (a.text === ';' || a.text === '+' || a.text === '\\;'),
        );
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
      return;
    }
    case 'python':
    case 'uv-run':
      break;
    case 'source':
    case '.':
      return sourceFile(st, args[0]);
    case 'git':
      return judgeGit(st, args);
    case 'gh':
      if (
        /^(?:auth|secret|ssh-key|gpg-key)$/.test(texts[0] ?? '') &&
        !/^(?:status|login|setup-git)$/.test(texts[1] ?? '')
      )
        return withhold(st, 'reads a credential store');
      if (texts[0] === 'gist' || (texts[0] === 'release' && texts[1] === 'upload') || texts[0] === 'api')
        return withhold(st, 'sends local files to another machine, or runs commands there');
      if (/^(?:repo)$/.test(texts[0] ?? '') && /^(?:delete|archive|edit)$/.test(texts[1] ?? ''))
        return withhold(st, 'deletes or changes a remote repository');
      return void st.unknown.add('gh');
    case 'aws':
    case 'gsutil':
    case 'gcloud':
    case 'az':
      if (
        /(?:^| )(?:s3 (?:cp|sync|mv)|cp|rsync|storage (?:cp|blob upload)|configure (?:get|export)|get-session-token|print-access-token|print-identity-token|get-access-token|ecr get-login-password|secretsmanager get-secret-value|ssm get-parameter)(?: |$)/.test(
          texts.join(' '),
        )
      )
        return withhold(st, 'sends local files to another machine or reads credentials');
      return void st.unknown.add(prog);
    case 'terraform':
    case 'tofu':
    case 'pulumi':
      if (
        /^(?:destroy|apply|up|state|import|taint|force-unlock)$/.test(
          texts.find((t) => !t.startsWith('-')) ?? '',
        )
      )
        return withhold(st, 'changes or destroys live infrastructure');
      return;
    case 'kubectl':
    case 'helm':
      if (texts.includes('secret') || texts.includes('secrets'))
        return withhold(st, 'reads a credential store');
      if (/^(?:delete|uninstall|drain|cordon)$/.test(texts[0] ?? ''))
        return withhold(st, 'changes or destroys live infrastructure');
      return void st.unknown.add(prog);
    case 'docker':
    case 'podman':
    case 'docker-compose': {
      const sub = texts.find((t) => !t.startsWith('-')) ?? '';
      if (/^(?:login|logout)$/.test(sub)) return withhold(st, 'reads a credential store');
      if (sub === 'push') return withhold(st, 'publishes, or changes registry accounts or tokens');
      if (
        /^(?:build|compose|images|ps|logs|pull|version|info|inspect|buildx|stop|start|restart|up|down|exec|tag)$/.test(
          sub,
        ) ||
        prog === 'docker-compose'
      ) {
        if (
          flag(args, /^--privileged$|^-v$|^--volume|^--mount/) &&
          args.some((a) => /^\/(?::|$)|^\/(?:etc|root|home|var\/run\/docker\.sock)/.test(a.text))
        )
          return withhold(st, 'gives a container the host machine');
        return;
      }
      if (
        flag(args, /^--privileged$/) ||
        args.some((a) =>
          /^\/(?::|$)|^\/(?:etc|root|home|var\/run\/docker\.sock)|(?:^|:)~?\/\.ssh/.test(a.text),
        )
      )
        return withhold(st, 'gives a container the host machine');
      return void st.unknown.add(`${prog} ${sub}`);
    }
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk': {
      const prog0 = args.find((a) => !a.text.startsWith('-'));
      if (
        prog0 &&
        (prog0.dynamic ||
          /\bsystem\s*\(|\|\s*getline|getline\s*<|print[^;}]*[>|]|printf[^;}]*[>|]/.test(prog0.text))
      )
        return withhold(st, 'runs commands or writes files from an awk program');
      if (flag(args, /^-i$|^--inplace$|^-f$/)) return withhold(st, 'runs code given inline');
      return;
    }
    case 'export':
    case 'declare':
    case 'typeset':
    case 'local':
    case 'readonly':
      if (flag(args, /^-[a-z]*f/)) return withhold(st, 'defines a shell function');
      for (const a of args) {
        const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(a.text);
        if (m) judgeAssignment(st, m[1]!, { text: m[2]!, dynamic: a.dynamic });
      }
      return;
    case 'umask':
      if (args[0] && /[014589]$|^[0-7]?[0-7][014]$/.test(args[0].text))
        return withhold(st, 'makes new files writable by everyone');
      return;
    case 'cd':
    case 'pushd':
    case 'popd':
      if (prog === 'popd' || (args[0] && !inside(st, args[0])) || (!args[0] && prog === 'cd'))
        st.leftProject = true;
      return;
    case 'psql':
    case 'mysql':
    case 'sqlite3':
    case 'mongosh':
    case 'mongo':
    case 'redis-cli':
      if (redisFlush(texts)) return withhold(st, 'drops data');
      return void st.unknown.add(prog);
  }

  if (SHELLS.has(prog)) return judgeShell(st, prog, args, io, recurse);
  const interp = interpreterOf(prog);
  if (interp) return judgeInterpreter(st, interp, args, io, recurse);
  if (judgeInstaller(st, prog, args, recurse, judgeWords)) return;
  if (judgeFileOp(st, prog, args)) return;
  if (TOOLCHAINS.has(prog)) return;
  if (PROJECT_TOOLS.has(prog)) {
    if (['tsx', 'ts-node', 'ts-node-esm'].includes(prog) && flag(args, /^(?:-e|--eval|-p|--print)$/))
      return withhold(st, 'runs code given inline');
    if (
      ['vite', 'next', 'nuxt', 'rollup', 'webpack'].includes(prog) &&
      args.some((a) => /^https?:/.test(a.text))
    )
      return withhold(st, 'runs code from a URL');
    st.runs ||= ['tsx', 'ts-node', 'ts-node-esm', 'nodemon'].includes(prog);
    return;
  }
  if (isInspectionSegment([prog, ...texts])) return;
  st.unknown.add(prog);
}

const redisFlush = (texts: string[]) => texts.some((t) => /^(?:flushall|flushdb)$/i.test(t));

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
  st.unknown.add(prog);
}

function judgeShell(
  st: ScriptState,
  prog: string,
  args: Word[],
  io: { piped: boolean; inline: boolean; computedArgs?: boolean },
  recurse: Recurse,
): void {
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
    return void st.unknown.add(prog);
  }
  if (first.dynamic) return withhold(st, 'runs fetched or computed content as a shell script');
  if (!inside(st, first)) return withhold(st, 'runs a script from outside the project');
  st.runs = true;
}

function judgeInterpreter(
  st: ScriptState,
  interp: string,
  args: Word[],
  io: { piped: boolean; inline: boolean },
  recurse: Recurse,
): void {
  const inline = INTERPRETERS[interp]!;
  const withArg = new Set([
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
    if (inline.test(t) && inline.source !== '^$') return withhold(st, 'runs code given inline (-c, -e)');
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
    if (withArg.has(t)) i++;
  }
  if (io.piped || io.inline) return withhold(st, 'runs piped or inline code in an interpreter');
  if (args.some((a) => /^(?:-v|-V|--version|--help|-h)$/.test(a.text))) return;
  st.unknown.add(interp);
}

/** Every command of a parsed script, in order. */
export function judgeScript(st: ScriptState, script: ParsedScript, recurse: Recurse): void {
  if (script.problems.length) withhold(st, script.problems[0]!);
  for (const c of script.commands) judgeCommand(st, c, recurse);
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
  for (const a of c.assignments) judgeAssignment(st, a.name, a.value);
  for (const r of c.redirects) {
    if (
      />/.test(r.op) &&
      !/^\d*>&\d*-?$/.test(r.op + r.target.text) &&
      !/^\d+$|^-$/.test(r.target.text) &&
      !inside(st, r.target)
    )
      withhold(st, 'writes or changes permissions outside the project');
  }
  judgeWords(st, c.words, { piped: c.piped, inline: c.inline }, recurse);
}
