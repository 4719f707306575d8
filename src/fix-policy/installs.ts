// Installs: packages by name from the ecosystem's registry only (no URL, git ref, tarball, path
// outside the project or other registry), and the package runners (npx, uvx, dlx) the same way.
import type { Word } from './commands.js';
import { namesCredentials } from './paths.js';
import { DESTROYERS, FETCHERS, interpreterOf, REMOTE_COPY, SHELLS } from './programs.js';
import {
  firstOperand,
  flag,
  inside,
  operands,
  withhold,
  type JudgeWords,
  type Recurse,
  type ScriptState,
} from './state.js';

// ---------- package specs ----------

const NPM_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9_][\w.-]*(?:@[\w.^~<>=*|+ -]+)?$/i;
const PY_NAME =
  /^[A-Za-z0-9][\w.-]*(?:\[[\w,. -]+\])?(?:\s*(?:[<>=!~]=?|===)\s*[\w.*+!-]+(?:\s*,\s*(?:[<>=!~]=?)\s*[\w.*+!-]+)*)?$/;
const PLAIN_NAME = /^[A-Za-z0-9][\w.+-]*(?:[@:=][\w.^~<>=*+-]+)?$/;
const GO_MODULE = /^[a-z0-9.-]+\.[a-z]{2,}(?:\/[\w.~-]+)*(?:@[\w.+-]+)?$|^[\w.-]+(?:@[\w.+-]+)?$/i;
const COMPOSER_NAME = /^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*(?::[\w.^~<>=*|@ -]+)?$/i;
const BREW_NAME = /^(?:[a-z0-9][\w.-]*\/){0,2}[a-z0-9][\w.@+-]*$/i;
const REMOTE =
  /:\/\/|^git[+@:]|^(?:github|gitlab|bitbucket|gist|file|link|portal|patch|exec|http|https):|\.(?:tgz|tar\.gz|tar|zip|whl|deb|rpm|gem|crate|nupkg|jar)$/i;

/** The package operands of an install; undefined when they are all names from the registry. */
function badSpecs(st: ScriptState, specs: Word[], ok: RegExp, local = true): void {
  for (const s of specs) {
    if (s.dynamic) return withhold(st, 'installs a package whose name is computed at run time');
    if (REMOTE.test(s.text))
      return withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name');
    if (local && /^\.{0,2}\//.test(s.text)) {
      if (!inside(st, s)) return withhold(st, 'installs from a folder outside the project');
      continue;
    }
    if (s.text === '.' && local) continue;
    if (!ok.test(s.text))
      return withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name');
  }
}

const REGISTRY_FLAG =
  /^--(?:registry|reg|index-url|extra-index-url|find-links|trusted-host|index|default-index|source|repository|git|branch|tag|rev|url|channel-alias|insecure|allow-insecure|no-check-certificate|allow-unauthenticated|nogpgcheck|no-gpg-checks|allow-untrusted|dangerous)(?:=|$)|^--@[\w.-]+:registry|^-[if]$|^--extra-index$/;

function registryFlags(st: ScriptState, args: Word[], shortFlags = true): void {
  if (args.some((a) => REGISTRY_FLAG.test(a.text) && (shortFlags || a.text.startsWith('--'))))
    withhold(st, 'installs from another registry, a URL or a git ref');
}

function judgeNodePm(st: ScriptState, prog: string, args: Word[], recurse: Recurse, judge: JudgeWords): void {
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
function runPackage(st: ScriptState, args: Word[], recurse: Recurse, judge: JudgeWords): void {
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

function judgePip(st: ScriptState, args: Word[]): void {
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

/** One install command as an installer family's judge sees it. */
interface Install {
  st: ScriptState;
  prog: string;
  args: Word[];
  /** The first operand (the subcommand), or ''. */
  sub: string;
  /** The words after the subcommand. */
  after: () => Word[];
  recurse: Recurse;
  judge: JudgeWords;
}

/** A command a package manager runs (`uv run …`): judged here by the deny rules; the grammar gate judges it whole, through the manager's grammar. */
const PLAIN_IO = { piped: false, inline: false, noGate: true };
const NOT_BY_NAME = 'installs from a URL, a git ref or a file instead of the registry by name';
const PUBLISHES = 'publishes, or changes registry accounts or tokens';

/** npm, pnpm, yarn, bun (bun also runs code). */
function judgeNode({ st, prog, args, recurse, judge }: Install): void {
  if (prog === 'bun' && flag(args, /^(?:-e|--eval|-p|--print)$/)) withhold(st, 'runs code given inline');
  if (prog === 'bun' && args.some((a) => /^(?:https?|data):/.test(a.text)))
    withhold(st, 'runs code from a URL');
  judgeNodePm(st, prog, args, recurse, judge);
}

function judgePipx({ st, args, sub, after }: Install): void {
  registryFlags(st, args);
  if (['install', 'inject', 'run'].includes(sub))
    badSpecs(st, operands(after()).slice(0, sub === 'inject' ? 9 : 1), PY_NAME);
  if (/^--spec/.test(args.map((a) => a.text).join(' '))) withhold(st, NOT_BY_NAME);
}

function judgeUv({ st, args, sub, after, recurse, judge }: Install): void {
  if (sub === 'pip') judgePip(st, after());
  else if (sub === 'run')
    judge(
      st,
      operands(after(), new Set(['--with', '--python', '-p', '--project', '--directory'])),
      PLAIN_IO,
      recurse,
    );
  else if (['add', 'remove'].includes(sub)) {
    registryFlags(st, args);
    badSpecs(st, operands(after(), new Set(['--group', '--optional', '--extra', '--python', '-p'])), PY_NAME);
  } else if (sub === 'tool') {
    registryFlags(st, args);
    const t = after();
    const op = t[0]?.text ?? '';
    if (['install', 'run'].includes(op)) badSpecs(st, operands(t.slice(1)).slice(0, 1), PY_NAME);
  } else registryFlags(st, args);
}

function judgeUvx({ st, args }: Install): void {
  registryFlags(st, args);
  badSpecs(st, operands(args).slice(0, 1), PY_NAME);
}

/** poetry, pipenv, pdm, hatch, rye. */
function judgePythonProject({ st, prog, args, sub, after, recurse, judge }: Install): void {
  registryFlags(st, args);
  if (sub === 'run') judge(st, operands(after()), PLAIN_IO, recurse);
  else if (['add', 'install', 'remove'].includes(sub) && prog !== 'hatch')
    badSpecs(st, operands(after(), new Set(['--group', '-G', '--source'])), PY_NAME);
  else if (['source', 'config', 'publish', 'self'].includes(sub)) {
    if (sub === 'publish') withhold(st, PUBLISHES);
  }
}

/** conda, mamba, micromamba. */
function judgeConda({ st, args, sub, after, recurse, judge }: Install): void {
  if (args.some((a) => /:\/\//.test(a.text))) withhold(st, NOT_BY_NAME);
  if (sub === 'run')
    judge(
      st,
      args.slice(
        firstOperand(after(), new Set(['-n', '--name', '-p', '--prefix'])) +
          args.findIndex((a) => a.text === sub) +
          1,
      ),
      PLAIN_IO,
      recurse,
    );
  else if (['install', 'create', 'update', 'remove', 'uninstall'].includes(sub))
    badSpecs(
      st,
      operands(after(), new Set(['-n', '--name', '-c', '--channel', '-p', '--prefix', '--file', '-f'])),
      PLAIN_NAME,
    );
}

function judgeCargo({ st, args, sub, after }: Install): void {
  registryFlags(st, args);
  if (sub === 'install' || sub === 'add')
    badSpecs(
      st,
      operands(
        after(),
        new Set([
          '--features',
          '-F',
          '--version',
          '--vers',
          '--target',
          '--root',
          '-p',
          '--package',
          '--rename',
        ]),
      ),
      PLAIN_NAME,
    );
  else if (sub === 'publish' || sub === 'login' || sub === 'owner' || sub === 'yank') withhold(st, PUBLISHES);
}

function judgeGo({ st, args, sub, after }: Install): void {
  if (sub === 'get' || sub === 'install')
    badSpecs(
      st,
      operands(after(), new Set(['-tags', '-ldflags', '-gcflags', '-o', '-modfile'])).filter(
        (o) => !/^\.{0,2}\//.test(o.text) && o.text !== '.' && !o.text.startsWith('./'),
      ),
      GO_MODULE,
      false,
    );
  else if (sub === 'env') {
    if (
      args.some((a) => /^-w$/.test(a.text)) &&
      args.some((a) =>
        /GOPROXY|GOINSECURE|GONOSUM|GOFLAGS|GOPRIVATE|GONOPROXY|GOSUMDB|CGO_LDFLAGS|CC=|CXX=/.test(a.text),
      )
    )
      withhold(st, 'installs from another registry');
  }
}

function judgeGem({ st, args, sub, after }: Install): void {
  registryFlags(st, args);
  if (['install', 'update', 'uninstall'].includes(sub))
    badSpecs(
      st,
      operands(after(), new Set(['-v', '--version', '-i', '--install-dir', '-n', '--bindir'])),
      PLAIN_NAME,
    );
  else if (['push', 'signin', 'owner', 'yank'].includes(sub)) withhold(st, PUBLISHES);
}

/** bundle, bundler. */
function judgeBundler({ st, args, sub, after, recurse, judge }: Install): void {
  registryFlags(st, args);
  if (sub === 'exec') judge(st, after(), PLAIN_IO, recurse);
  else if (sub === 'add')
    badSpecs(st, operands(after(), new Set(['--version', '-v', '--group', '-g'])), PLAIN_NAME);
  else if (sub === 'config' && args.some((a) => /mirror|https?:|credential|token/i.test(a.text)))
    withhold(st, 'installs from another registry');
}

function judgeComposer({ st, args, sub, after }: Install): void {
  registryFlags(st, args);
  if (['require', 'remove', 'global'].includes(sub))
    badSpecs(
      st,
      operands(after()).filter((o) => o.text !== 'require'),
      COMPOSER_NAME,
      false,
    );
  else if (
    ['config'].includes(sub) &&
    args.some((a) => /repo|secure-http|auth|token|disable-tls/i.test(a.text))
  )
    withhold(st, 'changes the registry, credentials or TLS settings');
}

/** The system's package managers (apt, dnf, brew, choco, nix-env…). */
function judgeSystemPm({ st, prog, args, sub, after }: Install): void {
  registryFlags(st, args);
  if (
    flag(
      args,
      /^--(?:allow-unauthenticated|nogpgcheck|no-gpg-checks|allow-untrusted|dangerous|insecure|allow-downgrades)$/,
    )
  )
    withhold(st, 'turns off package signature checks');
  if (
    /^(?:install|add|reinstall|upgrade|update|remove|uninstall|del|purge|autoremove|search|info|list|show|tap|link|unlink|cleanup|doctor|services|refresh|clean|makecache|check-update|-S|-Sy|-Syu|-R)$/.test(
      sub,
    ) ||
    prog === 'apk'
  ) {
    if (sub === 'tap' && operands(after()).length > 1) return withhold(st, NOT_BY_NAME);
    badSpecs(
      st,
      operands(after(), new Set(['-t', '--target-release', '-o', '--option', '-y'])),
      BREW_NAME,
      false,
    );
  }
}

/** dpkg, rpm: installing means installing a package file. */
function judgePackageFile({ st, args }: Install): void {
  if (flag(args, /^-[a-zA-Z]*[iU]|^--install$|^--upgrade$/)) withhold(st, NOT_BY_NAME);
}

function judgePacman({ st, args }: Install): void {
  if (args.some((a) => /^-U/.test(a.text))) withhold(st, NOT_BY_NAME);
  badSpecs(st, operands(args), BREW_NAME, false);
}

function judgeDotnet({ st, args, sub, after }: Install): void {
  if (sub === 'add' && after()[0]?.text === 'package')
    badSpecs(
      st,
      operands(after().slice(1), new Set(['-v', '--version', '-s', '--source'])),
      PLAIN_NAME,
      false,
    );
  if (flag(args, /^(?:-s|--source|--add-source)$/) || (sub === 'nuget' && args.some((a) => a.text === 'add')))
    withhold(st, 'installs from another registry');
  if (sub === 'nuget' && args.some((a) => a.text === 'push')) withhold(st, PUBLISHES);
}

function judgeDeno({ st, args, sub, after }: Install): void {
  if (sub === 'eval' || flag(args, /^(?:--eval|-e)$/)) withhold(st, 'runs code given inline');
  else if (['run', 'install', 'compile', 'x'].includes(sub) || /\.(?:ts|js|mjs|tsx)$/.test(sub)) {
    const target = denoTarget(args, sub, after);
    if (
      target &&
      (target.dynamic ||
        /^(?:https?|data|blob):/.test(target.text) ||
        (target.text.startsWith('/') && !inside(st, target)))
    )
      withhold(st, 'runs code from a URL');
    else if (target && /^(?:npm|jsr):/.test(target.text))
      badSpecs(st, [{ text: target.text.replace(/^(?:npm|jsr):/, ''), dynamic: false }], NPM_NAME, false);
    else st.runs = true;
  } else if (sub === 'add')
    badSpecs(
      st,
      operands(after()).map((o) => ({ ...o, text: o.text.replace(/^(?:npm|jsr):/, '') })),
      NPM_NAME,
      false,
    );
}

/** What `deno run|install|compile|x` or `deno file.ts` runs. */
function denoTarget(args: Word[], sub: string, after: () => Word[]): Word | undefined {
  return sub === 'x'
    ? operands(after())[0]
    : /\.(?:ts|js|mjs|tsx)$/.test(sub)
      ? args.find((a) => a.text === sub)
      : operands(
          after(),
          new Set(['--allow-read', '--allow-net', '--allow-write', '--config', '-c', '--import-map']),
        )[0];
}

const INSTALLERS: [string[], (i: Install) => void][] = [
  [['npm', 'pnpm', 'yarn', 'bun'], judgeNode],
  [['npx', 'bunx', 'pnpx'], ({ st, args, recurse, judge }) => runPackage(st, args, recurse, judge)],
  [['pip', 'pip3'], ({ st, args }) => judgePip(st, args)],
  [['pipx'], judgePipx],
  [['uv'], judgeUv],
  [['uvx'], judgeUvx],
  [['poetry', 'pipenv', 'pdm', 'hatch', 'rye'], judgePythonProject],
  [['conda', 'mamba', 'micromamba'], judgeConda],
  [['cargo'], judgeCargo],
  [['go'], judgeGo],
  [['gem'], judgeGem],
  [['bundle', 'bundler'], judgeBundler],
  [['composer'], judgeComposer],
  [
    [
      'apt',
      'apt-get',
      'aptitude',
      'dnf',
      'yum',
      'zypper',
      'apk',
      'brew',
      'port',
      'snap',
      'choco',
      'winget',
      'scoop',
      'pkg',
      'nix-env',
      'flatpak',
    ],
    judgeSystemPm,
  ],
  [['dpkg', 'rpm'], judgePackageFile],
  [['pacman'], judgePacman],
  [['dotnet'], judgeDotnet],
  [['deno'], judgeDeno],
];
const INSTALLER = new Map(INSTALLERS.flatMap(([names, judge]) => names.map((n) => [n, judge] as const)));

/** Judges an installer or package runner; false when `prog` is none. */
export function judgeInstaller(
  st: ScriptState,
  prog: string,
  args: Word[],
  recurse: Recurse,
  judge: JudgeWords,
): boolean {
  const installer = INSTALLER.get(prog);
  if (!installer) return false;
  const sub = args.find((a) => !a.text.startsWith('-'))?.text ?? '';
  const after = () => args.slice(args.findIndex((a) => a.text === sub) + 1);
  installer({ st, prog, args, sub, after, recurse, judge });
  return true;
}
