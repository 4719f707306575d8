// Installs: packages by name from the ecosystem's registry only (no URL, git ref, tarball, path
// outside the project or other registry), and the package runners (npx, uvx, dlx) the same way.
import type { Word } from './commands.js';
import {
  badSpecs,
  BREW_NAME,
  COMPOSER_NAME,
  GO_MODULE,
  type Install,
  NOT_BY_NAME,
  NPM_NAME,
  PLAIN_IO,
  PLAIN_NAME,
  PUBLISHES,
  PY_NAME,
  registryFlags,
} from './install-specs.js';
import { judgeNodePm, judgePip, runPackage } from './installs-node-pip.js';
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
