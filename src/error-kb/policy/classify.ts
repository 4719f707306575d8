// The allow-list: each simple command of a fix (commands.ts) is put in a class. A fix is offered
// verbatim only when every command is known to be safe; one command that is not makes the whole fix
// withheld (with the first reason found), and a program the list does not know makes it
// "project": offered only where it was confirmed. Wrappers are unwrapped (env, sudo, xargs, nohup,
// time, nice, timeout, command, exec, npx, `python -m`…), `bash -c '…'` strings are parsed again.
import type { ParsedScript, SimpleCommand, Word } from './commands.js';
import { insideProject, namesCredentials, rebuildable } from './paths.js';
import { isInspectionSegment } from '../shell.js';

export interface ScriptState {
  /** The first reason the fix may not be offered verbatim, or null. */
  withheld: string | null;
  /** Programs the allow-list does not know (offered only with confirmations in this project). */
  unknown: Set<string>;
  /** Something is downloaded… */
  fetches: boolean;
  /** …and something runs a script or program: together, downloaded content may be run. */
  runs: boolean;
  /** A `cd` left the project: relative paths no longer point inside it. */
  leftProject: boolean;
}

/** Parses and walks a nested shell text (`bash -c '…'`, `watch '…'`) into the same state. */
export type Recurse = (text: string, st: ScriptState) => void;

const W = (text: string): Word => ({ text, dynamic: false });
const base = (t: string) => t.replace(/\\/g, '/').split('/').pop() ?? t;
const SYSTEM_BIN = /^\/(?:usr\/(?:local\/)?)?s?bin\/|^\/opt\/homebrew\/bin\/|^\/usr\/bin\/env$/;

function withhold(st: ScriptState, reason: string): void {
  st.withheld ??= reason;
}

const inside = (st: ScriptState, w: Word) =>
  insideProject(w) && !(st.leftProject && !['/dev/null', '/dev/stdout', '/dev/stderr'].includes(w.text));

/** Index of the first operand after options; `arity` names the options that take a value. */
function firstOperand(args: Word[], arity: Set<string> = new Set()): number {
  let i = 0;
  while (i < args.length) {
    const t = args[i]!.text;
    if (t === '--') return i + 1;
    if (!t.startsWith('-') || t === '-') return i;
    i += arity.has(t) ? 2 : 1;
  }
  return i;
}

const operands = (args: Word[], arity?: Set<string>) => {
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

const flag = (args: Word[], re: RegExp) => args.some((a) => re.test(a.text));

// ---------- environment ----------

const DANGEROUS_ENV: [RegExp, (v: string) => boolean, string][] = [
  [/^NODE_TLS_REJECT_UNAUTHORIZED$/, (v) => v.trim() === '0', 'turns off TLS checks'],
  [/^PYTHONHTTPSVERIFY$/, (v) => v.trim() === '0', 'turns off TLS checks'],
  [/^GIT_SSL_NO_VERIFY$/, (v) => v.trim() !== '' && !/^(?:0|false)$/i.test(v.trim()), 'turns off TLS checks'],
  [/^npm_config_strict_ssl$/i, (v) => /^(?:0|false)$/i.test(v.trim()), 'turns off TLS checks'],
  [
    /^(?:LD_PRELOAD|LD_LIBRARY_PATH|DYLD_INSERT_LIBRARIES|DYLD_LIBRARY_PATH|BASH_ENV|ENV|PROMPT_COMMAND|PERL5OPT|RUBYOPT|PYTHONSTARTUP|GIT_SSH_COMMAND|GIT_SSH|GIT_ASKPASS|SSH_ASKPASS|GIT_EXEC_PATH|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_CONFIG_PARAMETERS|EDITOR|VISUAL|PAGER|GIT_PAGER)$/,
    () => true,
    'sets a program that other commands run',
  ],
  [
    /^NODE_OPTIONS$/,
    (v) => /(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader)\b/.test(v),
    'loads code into every Node process',
  ],
  [
    /^(?:npm_config_registry|NPM_CONFIG_REGISTRY|YARN_REGISTRY|YARN_NPM_REGISTRY_SERVER|PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_FIND_LINKS|PIP_TRUSTED_HOST|UV_INDEX_URL|UV_EXTRA_INDEX_URL|UV_INDEX|GOPROXY|GONOSUMDB|GONOSUMCHECK|GOINSECURE|GOPRIVATE|GOFLAGS|CARGO_REGISTRIES_\w+|BUNDLE_MIRROR__\w+|GEM_SOURCE|COMPOSER_REPO)$/i,
    () => true,
    'installs from another registry',
  ],
  [
    /^PATH$/,
    (v) =>
      v
        .split(':')
        .some(
          (p) =>
            p &&
            !/^\$\{?PATH\}?$/.test(p) &&
            !insideProject(W(p)) &&
            !/^(?:\$\{?HOME\}?|~)\/\.(?:local|cargo|bun|deno|npm-global|yarn|nvm|pyenv|rbenv|volta|asdf)\b|^\/(?:usr\/(?:local\/)?)?s?bin$|^\/opt\/homebrew\/bin$|^\$\{?(?:GOPATH|GOBIN|PYENV_ROOT|CARGO_HOME|NVM_BIN|JAVA_HOME)\}?\/|^\/usr\/local\/go\/bin$/.test(
              p,
            ),
        ),
    'puts a folder outside the project on the PATH',
  ],
];

function judgeAssignment(st: ScriptState, name: string, value: Word): void {
  for (const [re, bad, why] of DANGEROUS_ENV) if (re.test(name) && bad(value.text)) return withhold(st, why);
}

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

function registryFlags(st: ScriptState, args: Word[]): void {
  if (args.some((a) => REGISTRY_FLAG.test(a.text)))
    withhold(st, 'installs from another registry, a URL or a git ref');
}

// ---------- programs ----------

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'ash', 'csh', 'tcsh', 'busybox']);
/** Interpreters and their flags that take code inline. */
const INTERPRETERS: Record<string, RegExp> = {
  python: /^-[A-Za-z]*c$/,
  node: /^(?:-e|--eval|-p|--print|-pe|-ep)(?:=|$)/,
  ruby: /^-[A-Za-z]*e$/,
  perl: /^-[A-Za-z]*[eE]$/,
  php: /^-[rBRFE]$/,
  rscript: /^(?:-e|--expr)$/,
  julia: /^(?:-e|-E|--eval|--print)$/,
  lua: /^-e$/,
  luajit: /^-e$/,
  pwsh: /^-(?:c|command|e|ec|enc|encodedcommand)$/i,
  powershell: /^-(?:c|command|e|ec|enc|encodedcommand)$/i,
  osascript: /^-e$/,
  tclsh: /^$/,
  elixir: /^(?:-e|--eval)$/,
  groovy: /^-e$/,
  jshell: /^$/,
};
const interpreterOf = (p: string) =>
  /^python[\d.]*$|^pypy[\d.]*$/.test(p) ? 'python' : p === 'nodejs' ? 'node' : p in INTERPRETERS ? p : null;

const FETCHERS = new Set([
  'curl',
  'wget',
  'aria2c',
  'axel',
  'http',
  'https',
  'xh',
  'fetch',
  'iwr',
  'irm',
  'invoke-webrequest',
  'invoke-restmethod',
  'lwp-download',
  'lwp-request',
  'httpie',
  'curlie',
]);
const REMOTE_COPY = new Set([
  'scp',
  'sftp',
  'ftp',
  'lftp',
  'rclone',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'ssh',
  'mail',
  'mailx',
  'sendmail',
  'mutt',
  'tftp',
  'smbclient',
  'croc',
  'magic-wormhole',
  'wormhole',
]);
const CREDENTIAL_PROGRAMS: Record<string, RegExp> = {
  security:
    /^(?:find-generic-password|find-internet-password|dump-keychain|export|find-certificate|unlock-keychain)$/,
  'secret-tool': /./,
  keyctl: /./,
  pass: /./,
  gopass: /./,
  op: /^(?:read|item|document|inject|run|signin)$/,
  'ssh-add': /.?/,
  'ssh-keygen': /.?/,
  'ssh-copy-id': /.?/,
  'git-credential': /./,
  cmdkey: /.?/,
  vault: /^(?:read|kv|token|login)$/,
  bw: /./,
  lpass: /./,
};
const DESTROYERS: Record<string, string> = {
  mkfs: 'formats a file system',
  fdisk: 'changes disk partitions',
  sfdisk: 'changes disk partitions',
  parted: 'changes disk partitions',
  wipefs: 'wipes a disk',
  shred: 'destroys files',
  srm: 'destroys files',
  shutdown: 'stops the machine',
  reboot: 'stops the machine',
  halt: 'stops the machine',
  poweroff: 'stops the machine',
  crontab: 'schedules commands',
  at: 'schedules commands',
  su: 'switches to another user',
  passwd: 'changes accounts',
  useradd: 'changes accounts',
  usermod: 'changes accounts',
  userdel: 'changes accounts',
  visudo: 'changes who may run sudo',
  setenforce: 'turns off a security layer',
  csrutil: 'turns off a security layer',
  spctl: 'turns off a security layer',
  ufw: 'changes the firewall',
  iptables: 'changes the firewall',
  nft: 'changes the firewall',
  eval: 'evaluates code computed at run time',
  alias: 'defines a command alias',
  trap: 'runs code on a signal',
  chattr: 'changes file attributes',
  mount: 'mounts a file system',
  umount: 'unmounts a file system',
  launchctl: 'installs a background service',
  insmod: 'loads kernel code',
  modprobe: 'loads kernel code',
  'set-executionpolicy': 'turns off a security layer',
  'invoke-expression': 'evaluates code computed at run time',
  iex: 'evaluates code computed at run time',
  'git-filter-repo': 'rewrites history',
};

/** Build, test, lint, format and run tools of a project: any arguments. */
const PROJECT_TOOLS = new Set(
  (
    'make gmake cmake ctest ninja meson bazel bazelisk buck buck2 scons just task tsc eslint prettier biome dprint oxlint ' +
    'vitest jest mocha ava tap nyc c8 karma pytest py.test mypy pyright ruff black isort flake8 pylint pycodestyle ' +
    'pydocstyle bandit tox nox coverage hatch pdm rye maturin sphinx-build mkdocs rspec rake rubocop standardrb rails ' +
    'phpunit phpstan psalm php-cs-fixer pint gradle gradlew mvn mvnw sbt lein mix rebar3 stack cabal ghc dune swift ' +
    'swiftc xcodebuild pod carthage flutter dart kotlinc javac scalac gcc g++ cc c++ clang clang++ rustc zig nim ' +
    'crystal msbuild vite next nuxt astro ng vue-cli-service react-scripts webpack webpack-cli rollup esbuild swc babel ' +
    'parcel turbo nx lerna rush playwright cypress storybook prisma drizzle-kit typeorm knex sequelize alembic ' +
    'django-admin flask uvicorn gunicorn protoc buf sqlc graphql-codegen openapi-generator tflint pre-commit husky ' +
    'lint-staged shellcheck shfmt clang-format clang-tidy gofmt goimports golangci-lint staticcheck rustfmt stylua ' +
    'ktlint swiftlint swiftformat hadolint markdownlint markdownlint-cli2 stylelint htmlhint yamllint jsonlint tsx ' +
    'ts-node ts-node-esm nodemon wasm-pack trunk hugo jekyll expo react-native electron-builder node-gyp ' +
    'cmake-format autoreconf autoconf automake configure bundler svelte-kit svelte-check vue-tsc tsup unbuild ' +
    'changeset eslint_d jasmine phpcs phpcbf erb ember ionic capacitor cap nest sass lessc postcss tailwindcss ' +
    'cucumber behave robot pint gofumpt air templ wire mockgen stringer ginkgo gotestsum tox-run pipx-run ' +
    'venv virtualenv unittest ensurepip build compileall py_compile doctest json.tool pip-compile pip-sync ' +
    'true false : set exit cd pushd popd export unset shopt ulimit wait hash jobs fg bg sleep'
  ).split(/\s+/),
);
/** Toolchain and version managers: any arguments. */
const TOOLCHAINS = new Set(
  'nvm fnm n volta pyenv rbenv rvm rustup asdf mise rtx sdk corepack jenv goenv nodenv juliaup ghcup swiftenv tfenv phpenv chruby'.split(
    ' ',
  ),
);

// ---------- the judge ----------

function sourceFile(st: ScriptState, w: Word | undefined): void {
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

function judgeGit(st: ScriptState, args: Word[]): void {
  let i = 0;
  while (i < args.length && args[i]!.text.startsWith('-')) {
    const t = args[i]!.text;
    if (t === '-c') {
      judgeGitConfig(st, [W('config'), args[i + 1] ?? W('')]);
      i += 2;
    } else i += ['-C', '--git-dir', '--work-tree', '--namespace'].includes(t) ? 2 : 1;
  }
  const sub = args[i]?.text ?? '';
  const rest = args.slice(i + 1);
  const texts = rest.map((a) => a.text);
  switch (sub) {
    case 'push':
      if (
        flag(
          rest,
          /^(?:-[a-z]*f[a-z]*|--force(?:-with-lease|-if-includes)?(?:=.*)?|--mirror|--delete|-d|--prune|--all)$/,
        )
      )
        return withhold(st, 'force-pushes or deletes remote branches');
      if (
        rest.some(
          (a) => !a.text.startsWith('-') && (a.text.startsWith('+') || a.text.startsWith(':') || a.dynamic),
        )
      )
        return withhold(st, 'force-pushes or deletes remote branches');
      return;
    case 'reset':
      if (texts.includes('--hard') || texts.includes('--merge') || texts.includes('--keep'))
        return withhold(st, 'discards uncommitted work (git reset --hard)');
      return;
    case 'clean':
      return withhold(st, 'deletes untracked files (git clean)');
    case 'checkout':
    case 'restore': {
      const ops = operands(rest, new Set(['-b', '-B', '--source', '-s']));
      if (!texts.includes('--staged') && ops.some((o) => ['.', '*', ':/', '/'].includes(o.text)))
        return withhold(st, 'discards uncommitted work');
      return;
    }
    case 'stash':
      if (['drop', 'clear'].includes(texts[0] ?? '')) return withhold(st, 'deletes stashed work');
      return;
    case 'filter-branch':
    case 'filter-repo':
    case 'replace':
      return withhold(st, 'rewrites history');
    case 'reflog':
    case 'gc':
    case 'prune':
      if (texts.some((t) => /^(?:expire|delete|--prune=now|--expire=now)/.test(t)) || sub === 'prune')
        return withhold(st, 'deletes unreachable commits');
      return;
    case 'config':
      return judgeGitConfig(st, [W('config'), ...rest]);
    case 'credential':
    case 'credential-store':
    case 'credential-cache':
      return withhold(st, 'reads a credential store');
    case 'send-email':
    case 'request-pull':
    case 'archive':
      if (sub !== 'archive' || texts.some((t) => t.startsWith('--remote')))
        return withhold(st, 'sends local files to another machine');
      return;
    case 'remote':
      if (['add', 'set-url', 'rename', 'remove', 'rm'].includes(texts[0] ?? '')) st.unknown.add('git remote');
      return;
    case 'clone':
      st.unknown.add('git clone');
      return;
    case 'submodule':
      if ((texts[0] ?? '') === 'add' || texts.includes('foreach')) st.unknown.add('git submodule');
      return;
    default:
      return;
  }
}

function judgeGitConfig(st: ScriptState, words: Word[]): void {
  const args = words.slice(1);
  if (flag(args, /^--(?:global|system|file|f)$|^-f$/))
    return withhold(st, 'changes configuration outside the project');
  const joined = args.map((a) => a.text).join(' ');
  if (/\b(?:http\.sslverify|http\.[^\s]*sslverify)\b[\s=]*(?:false|0|no)/i.test(joined))
    return withhold(st, 'turns off TLS checks');
  if (
    /\b(?:core\.(?:sshcommand|hookspath|fsmonitor|pager|editor|askpass|gitproxy)|credential\.|url\.|alias\.\S+\s*=?\s*!|diff\.\S+\.command|filter\.\S+\.(?:clean|smudge|process)|include\.path|includeif)/i.test(
      joined,
    )
  )
    return withhold(st, 'sets a command git runs or a credential setting');
}

/** npm, pnpm, yarn, bun. */
function judgeNodePm(st: ScriptState, prog: string, args: Word[], recurse: Recurse): void {
  registryFlags(st, args);
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
    if (['link', 'ln'].includes(sub) && operands(rest).length) st.unknown.add(`${prog} link`);
    if (['dlx', 'x', 'exec'].includes(sub) || (prog === 'bun' && sub === 'x'))
      return runPackage(st, rest, recurse);
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
    st.unknown.add(`${prog} config set`);
    return;
  }
  if (
    /^(?:run|run-script|rum|urn|test|t|tst|start|stop|restart|build|lint|format|fmt|typecheck|check|dev|serve|preview|audit|outdated|ls|list|ll|la|why|explain|info|view|v|show|cache|pack|version|doctor|help|prefix|root|bin|fund|ping|search|whoami|workspaces|workspace|env|patch|patch-commit|plugin|set-version|constraints|node|import|pm|upgrade-interactive|generate-lock-entry|licenses|outdated-check|approve-builds|store|fetch|setup|completion|install-test|it|cit)$/.test(
      sub,
    )
  )
    return;
  if (prog === 'yarn' || prog === 'pnpm' || prog === 'bun') return; // runs a script of the project's package.json
  st.unknown.add(`${prog} ${sub}`);
}

/** npx, bunx, pnpm dlx, yarn dlx, npm exec: the package must come from the registry by name. */
function runPackage(st: ScriptState, args: Word[], recurse: Recurse): void {
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
    judgeWords(st, cmd, { piped: false, inline: false }, recurse);
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
      judgeWords(
        st,
        [{ text: name, dynamic: false }, ...cmd.slice(1)],
        { piped: false, inline: false },
        recurse,
      );
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
    st.unknown.add(`pip ${sub}`);
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

function judgeInstaller(st: ScriptState, prog: string, args: Word[], recurse: Recurse): boolean {
  const sub = args.find((a) => !a.text.startsWith('-'))?.text ?? '';
  const after = () => args.slice(args.findIndex((a) => a.text === sub) + 1);
  switch (prog) {
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun':
      if (prog === 'bun' && flag(args, /^(?:-e|--eval|-p|--print)$/)) withhold(st, 'runs code given inline');
      if (prog === 'bun' && args.some((a) => /^(?:https?|data):/.test(a.text)))
        withhold(st, 'runs code from a URL');
      judgeNodePm(st, prog, args, recurse);
      return true;
    case 'npx':
    case 'bunx':
    case 'pnpx':
      runPackage(st, args, recurse);
      return true;
    case 'pip':
    case 'pip3':
    case 'pipx':
      if (prog === 'pipx') {
        registryFlags(st, args);
        if (['install', 'inject', 'run'].includes(sub))
          badSpecs(st, operands(after()).slice(0, sub === 'inject' ? 9 : 1), PY_NAME);
        if (/^--spec/.test(args.map((a) => a.text).join(' ')))
          withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name');
        return true;
      }
      judgePip(st, args);
      return true;
    case 'uv':
      if (sub === 'pip') judgePip(st, after());
      else if (sub === 'run')
        judgeWords(
          st,
          operands(after(), new Set(['--with', '--python', '-p', '--project', '--directory'])),
          { piped: false, inline: false },
          recurse,
        );
      else if (['add', 'remove'].includes(sub)) {
        registryFlags(st, args);
        badSpecs(
          st,
          operands(after(), new Set(['--group', '--optional', '--extra', '--python', '-p'])),
          PY_NAME,
        );
      } else if (sub === 'tool') {
        registryFlags(st, args);
        const t = after();
        const op = t[0]?.text ?? '';
        if (['install', 'run'].includes(op)) badSpecs(st, operands(t.slice(1)).slice(0, 1), PY_NAME);
      } else registryFlags(st, args);
      return true;
    case 'uvx':
      registryFlags(st, args);
      badSpecs(st, operands(args).slice(0, 1), PY_NAME);
      return true;
    case 'poetry':
    case 'pipenv':
    case 'pdm':
    case 'hatch':
    case 'rye':
      registryFlags(st, args);
      if (sub === 'run') judgeWords(st, operands(after()), { piped: false, inline: false }, recurse);
      else if (['add', 'install', 'remove'].includes(sub) && prog !== 'hatch')
        badSpecs(st, operands(after(), new Set(['--group', '-G', '--source'])), PY_NAME);
      else if (['source', 'config', 'publish', 'self'].includes(sub)) {
        if (sub === 'publish') withhold(st, 'publishes, or changes registry accounts or tokens');
        else st.unknown.add(`${prog} ${sub}`);
      }
      return true;
    case 'conda':
    case 'mamba':
    case 'micromamba':
      if (args.some((a) => /:\/\//.test(a.text)))
        withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name');
      if (sub === 'run')
        judgeWords(
          st,
          args.slice(
            firstOperand(after(), new Set(['-n', '--name', '-p', '--prefix'])) +
              args.findIndex((a) => a.text === sub) +
              1,
          ),
          { piped: false, inline: false },
          recurse,
        );
      else if (['install', 'create', 'update', 'remove', 'uninstall'].includes(sub))
        badSpecs(
          st,
          operands(after(), new Set(['-n', '--name', '-c', '--channel', '-p', '--prefix', '--file', '-f'])),
          PLAIN_NAME,
        );
      return true;
    case 'cargo': {
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
      else if (sub === 'publish' || sub === 'login' || sub === 'owner' || sub === 'yank')
        withhold(st, 'publishes, or changes registry accounts or tokens');
      else if (
        !/^(?:build|b|test|t|check|c|clippy|fmt|run|r|bench|doc|d|clean|update|fetch|generate-lockfile|tree|metadata|new|init|remove|rm|vendor|fix|nextest|watch|expand|audit|deny|outdated|machete|llvm-cov|tarpaulin|version|search|info|locate-project|pkgid|verify-project|help|udeps|make|leptos|tauri|insta|hack|sort|upgrade|binstall|xtask|miri|component)$/.test(
          sub,
        )
      )
        st.unknown.add(`cargo ${sub}`);
      return true;
    }
    case 'go': {
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
            /GOPROXY|GOINSECURE|GONOSUM|GOFLAGS|GOPRIVATE|GONOPROXY|GOSUMDB|CGO_LDFLAGS|CC=|CXX=/.test(
              a.text,
            ),
          )
        )
          withhold(st, 'installs from another registry');
      } else if (
        !/^(?:build|test|run|vet|fmt|generate|mod|work|clean|list|version|doc|tool|fix|help|bug|telemetry)$/.test(
          sub,
        )
      )
        st.unknown.add(`go ${sub}`);
      return true;
    }
    case 'gem':
      registryFlags(st, args);
      if (['install', 'update', 'uninstall'].includes(sub))
        badSpecs(
          st,
          operands(after(), new Set(['-v', '--version', '-i', '--install-dir', '-n', '--bindir'])),
          PLAIN_NAME,
        );
      else if (['push', 'signin', 'owner', 'yank'].includes(sub))
        withhold(st, 'publishes, or changes registry accounts or tokens');
      return true;
    case 'bundle':
    case 'bundler':
      registryFlags(st, args);
      if (sub === 'exec') judgeWords(st, after(), { piped: false, inline: false }, recurse);
      else if (sub === 'add')
        badSpecs(st, operands(after(), new Set(['--version', '-v', '--group', '-g'])), PLAIN_NAME);
      else if (sub === 'config' && args.some((a) => /mirror|https?:|credential|token/i.test(a.text)))
        withhold(st, 'installs from another registry');
      return true;
    case 'composer':
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
      return true;
    case 'apt':
    case 'apt-get':
    case 'aptitude':
    case 'dnf':
    case 'yum':
    case 'zypper':
    case 'apk':
    case 'brew':
    case 'port':
    case 'snap':
    case 'choco':
    case 'winget':
    case 'scoop':
    case 'pkg':
    case 'nix-env':
    case 'flatpak': {
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
        if (sub === 'tap' && operands(after()).length > 1)
          return (
            withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name'),
            true
          );
        badSpecs(
          st,
          operands(after(), new Set(['-t', '--target-release', '-o', '--option', '-y'])),
          BREW_NAME,
          false,
        );
      } else st.unknown.add(`${prog} ${sub}`);
      return true;
    }
    case 'dpkg':
    case 'rpm':
      if (flag(args, /^-[a-zA-Z]*[iU]|^--install$|^--upgrade$/))
        withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name');
      else st.unknown.add(prog);
      return true;
    case 'pacman':
      if (args.some((a) => /^-U/.test(a.text)))
        withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name');
      badSpecs(st, operands(args), BREW_NAME, false);
      return true;
    case 'dotnet':
      if (sub === 'add' && after()[0]?.text === 'package')
        badSpecs(
          st,
          operands(after().slice(1), new Set(['-v', '--version', '-s', '--source'])),
          PLAIN_NAME,
          false,
        );
      if (
        flag(args, /^(?:-s|--source|--add-source)$/) ||
        (sub === 'nuget' && args.some((a) => a.text === 'add'))
      )
        withhold(st, 'installs from another registry');
      if (sub === 'nuget' && args.some((a) => a.text === 'push'))
        withhold(st, 'publishes, or changes registry accounts or tokens');
      return true;
    case 'deno':
      if (sub === 'eval' || flag(args, /^(?:--eval|-e)$/)) withhold(st, 'runs code given inline');
      else if (['run', 'install', 'compile', 'x'].includes(sub) || /\.(?:ts|js|mjs|tsx)$/.test(sub)) {
        const target =
          sub === 'x'
            ? operands(after())[0]
            : /\.(?:ts|js|mjs|tsx)$/.test(sub)
              ? args.find((a) => a.text === sub)
              : operands(
                  after(),
                  new Set(['--allow-read', '--allow-net', '--allow-write', '--config', '-c', '--import-map']),
                )[0];
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
      return true;
    default:
      return false;
  }
}

function judgeFileOp(st: ScriptState, prog: string, args: Word[]): boolean {
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
  if (judgeInstaller(st, prog, args, recurse)) return;
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

export function newState(): ScriptState {
  return { withheld: null, unknown: new Set(), fetches: false, runs: false, leftProject: false };
}
