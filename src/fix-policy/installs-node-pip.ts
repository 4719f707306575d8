// The Node package managers (npm, pnpm, yarn, bun), the package runners (npx, bunx, dlx) and pip:
// packages by name from the registry only.
import type { Word } from './commands.js';
import { badSpecs, NPM_NAME, PY_NAME, registryFlags } from './install-specs.js';
import { namesCredentials } from './paths.js';
import { DESTROYERS, FETCHERS, interpreterOf, REMOTE_COPY, SHELLS } from './programs.js';
import {
  firstOperand,
  inside,
  operands,
  withhold,
  type JudgeWords,
  type Recurse,
  type ScriptState,
} from './state.js';

export function judgeNodePm(
  st: ScriptState,
  prog: string,
  args: Word[],
  recurse: Recurse,
  judge: JudgeWords,
): void {
  registryFlags(st, args, false);
  const i = firstOperand(
    args,
    new Set(['--prefix', '-C', '--dir', '--cwd', '--filter', '-F', '-w', '--workspace']),
  );
  const sub = args[i]?.text ?? '';
  const rest = args.slice(i + 1);
  if (!sub) return; // `yarn`, `bun`: install
  if (
    /^(?:install|i|in|ins|inst|isnt|add|ci|clean-install|update|up|upgrade|remove|rm|r|uninstall|un|unlink|dedupe|ddp|prune|rebuild|rb|link|ln|create|init|innit|dlx|x|exec)$/.test(
      sub,
    )
  ) {
    if (['dlx', 'x', 'exec'].includes(sub) || (prog === 'bun' && sub === 'x'))
      return runPackage(st, rest, recurse, judge);
    if (['create', 'init', 'innit'].includes(sub))
      return badSpecs(st, operands(rest).slice(0, 1), NPM_NAME, false);
    return badSpecs(st, operands(rest, new Set(['--save-prefix', '--tag', '--omit', '--include'])), NPM_NAME);
  }
  if (
    /^(?:publish|unpublish|deprecate|dist-tag|owner|access|login|logout|adduser|add-user|token|team|org|npm-publish|hook|star|profile)$/.test(
      sub,
    )
  )
    return withhold(st, 'publishes, or changes registry accounts or tokens');
  if (/^(?:config|c|set|get)$/.test(sub)) {
    const key = (sub === 'set' ? rest[0] : rest[1])?.text ?? '';
    const action = sub === 'set' ? 'set' : (rest[0]?.text ?? '');
    if (!['set', 'delete', 'edit'].includes(action)) return;
    if (
      /registry|auth|token|_password|strict-ssl|cafile|^ca$|proxy|script-shell|node-options|^git$|userconfig|globalconfig|shell|prefix/i.test(
        key,
      ) ||
      args.some((a) => namesCredentials(a.text))
    )
      return withhold(st, 'changes the registry, credentials or TLS settings');
    return;
  }
  if (
    /^(?:run|run-script|rum|urn|test|t|tst|start|stop|restart|build|lint|format|fmt|typecheck|check|dev|serve|preview|audit|outdated|ls|list|ll|la|why|explain|info|view|v|show|cache|pack|version|doctor|help|prefix|root|bin|fund|ping|search|whoami|workspaces|workspace|env|patch|patch-commit|plugin|set-version|constraints|node|import|pm|upgrade-interactive|generate-lock-entry|licenses|outdated-check|approve-builds|store|fetch|setup|completion|install-test|it|cit)$/.test(
      sub,
    )
  )
    return;
  if (prog === 'yarn' || prog === 'pnpm' || prog === 'bun') return; // runs a script of the project's package.json
}

/** npx, bunx, pnpm dlx, yarn dlx, npm exec: the package must come from the registry by name. */
export function runPackage(st: ScriptState, args: Word[], recurse: Recurse, judge: JudgeWords): void {
  registryFlags(st, args);
  const pkgs: Word[] = [];
  let i = 0;
  while (i < args.length) {
    const t = args[i]!.text;
    if (t === '--') {
      i++;
      break;
    }
    if (/^(?:-p|--package)$/.test(t)) {
      if (args[i + 1]) pkgs.push(args[i + 1]!);
      i += 2;
      continue;
    }
    const m = /^--package=(.+)$/.exec(t);
    if (m) pkgs.push({ text: m[1]!, dynamic: args[i]!.dynamic });
    if (t === '-c' || t === '--call') return withhold(st, 'runs shell code given inline');
    if (!t.startsWith('-')) break;
    i++;
  }
  const cmd = args.slice(i);
  if (!pkgs.length && cmd[0]) pkgs.push(cmd[0]);
  badSpecs(st, pkgs, NPM_NAME, false);
  if (cmd.length && pkgs.length && cmd[0] !== pkgs[0])
    judge(st, cmd, { piped: false, inline: false }, recurse);
  else if (cmd[0]) {
    // a package named like a shell, an interpreter or a dangerous program runs as that program
    const name = cmd[0].text.replace(/(?!^)@[^/]*$/, '').toLowerCase();
    if (
      SHELLS.has(name) ||
      interpreterOf(name) ||
      name in DESTROYERS ||
      FETCHERS.has(name) ||
      REMOTE_COPY.has(name)
    )
      judge(st, [{ text: name, dynamic: false }, ...cmd.slice(1)], { piped: false, inline: false }, recurse);
  }
}

export function judgePip(st: ScriptState, args: Word[]): void {
  registryFlags(st, args);
  const sub = args.find((a) => !a.text.startsWith('-'))?.text ?? '';
  const rest = args.slice(args.findIndex((a) => a.text === sub) + 1);
  if (!/^(?:install|download|wheel)$/.test(sub)) {
    if (
      /^(?:uninstall|freeze|list|show|check|cache|config|debug|inspect|hash|help|index|compile|sync|tree|lock)$/.test(
        sub,
      )
    ) {
      if (sub === 'config' && rest.some((a) => /index-url|trusted-host|find-links|cert/.test(a.text)))
        withhold(st, 'installs from another registry, a URL or a git ref');
      return;
    }
    return;
  }
  const files = new Set([
    '-r',
    '--requirement',
    '-c',
    '--constraint',
    '-e',
    '--editable',
    '-t',
    '--target',
    '--root',
    '--prefix',
    '--src',
  ]);
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (files.has(t)) {
      const v = rest[i + 1];
      if (v && !inside(st, v) && !(t === '--prefix' || t === '--root'))
        return withhold(st, 'installs from a URL, a git ref or a file outside the project');
      i++;
    }
  }
  badSpecs(
    st,
    operands(
      rest,
      new Set([
        ...files,
        '--python-version',
        '--platform',
        '--abi',
        '--implementation',
        '-d',
        '--dest',
        '--only-binary',
        '--no-binary',
        '--upgrade-strategy',
        '--progress-bar',
        '--python',
      ]),
    ),
    PY_NAME,
  );
}
