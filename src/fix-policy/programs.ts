// What the policy knows about programs by name: shells, interpreters and their inline-code flags,
// downloaders, remote copies, credential stores, destructive programs, the project tools and
// toolchain switches that are offered with any arguments; and the environment variables no fix may set.
import type { Word } from './commands.js';
import { insideProject } from './paths.js';
import type { Reason } from './rules.js';
import { W, withhold, type ScriptState } from './state.js';

// ---------- environment ----------

const DANGEROUS_ENV: [RegExp, (v: string) => boolean, Reason][] = [
  [/^NODE_TLS_REJECT_UNAUTHORIZED$/, (v) => v.trim() === '0', 'turns off TLS checks'],
  [/^PYTHONHTTPSVERIFY$/, (v) => v.trim() === '0', 'turns off TLS checks'],
  [/^GIT_SSL_NO_VERIFY$/, (v) => v.trim() !== '' && !/^(?:0|false)$/i.test(v.trim()), 'turns off TLS checks'],
  [/^npm_config_strict_ssl$/i, (v) => /^(?:0|false)$/i.test(v.trim()), 'turns off TLS checks'],
  [
    /^(?:LD_PRELOAD|LD_LIBRARY_PATH|DYLD_INSERT_LIBRARIES|DYLD_LIBRARY_PATH|BASH_ENV|ENV|PROMPT_COMMAND|PERL5OPT|RUBYOPT|PYTHONSTARTUP|GIT_SSH_COMMAND|GIT_SSH|GIT_ASKPASS|SSH_ASKPASS|GIT_EXEC_PATH|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_CONFIG_PARAMETERS)$/,
    () => true,
    'sets a program that other commands run',
  ],
  [
    // an editor or pager that does nothing or only prints (`GIT_EDITOR=true git rebase --continue`)
    /^(?:EDITOR|VISUAL|PAGER|GIT_PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|MANPAGER)$/,
    (v) => !/^(?:true|:|cat)$/.test(v.trim()),
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

export function judgeAssignment(st: ScriptState, name: string, value: Word): void {
  for (const [re, bad, why] of DANGEROUS_ENV) if (re.test(name) && bad(value.text)) return withhold(st, why);
}

// ---------- programs ----------

export const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'fish',
  'ash',
  'csh',
  'tcsh',
  'busybox',
]);
/** Interpreters and their flags that take code inline. */
export const INTERPRETERS: Record<string, RegExp> = {
  python: /^-[A-Za-z]*c$/,
  node: /^(?:-e|--eval|-p|--print|-pe|-ep)(?:=|$)/,
  ruby: /^-[A-Za-z]*e$/,
  perl: /^-[A-Za-z]*[eE]$/,
  php: /^-[rBRFE]$/,
  rscript: /^(?:-e|--expr)$/,
  r: /^-e$/,
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
export const interpreterOf = (p: string) =>
  /^python[\d.]*$|^pypy[\d.]*$/.test(p) ? 'python' : p === 'nodejs' ? 'node' : p in INTERPRETERS ? p : null;

export const FETCHERS = new Set([
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
export const REMOTE_COPY = new Set([
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
export const CREDENTIAL_PROGRAMS: Record<string, RegExp> = {
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
export const DESTROYERS: Record<string, Reason> = {
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

/**
 * `eval $(opam env)`: the one eval the policy knows. opam prints the variables of its current
 * switch (PATH, OPAM_SWITCH_PREFIX…), its own documented set-up; the fix chooses none of the code.
 */
export const knownEval = (args: { text: string }[]) =>
  args.length === 1 && /^\$\(opam env(?: --switch=[\w-][\w.-]*| --set-switch)*\)$/.test(args[0]!.text);

/** Build, test, lint, format and run tools of a project: any arguments. */
export const PROJECT_TOOLS = new Set(
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
export const TOOLCHAINS = new Set(
  'nvm fnm n volta pyenv rbenv rvm rustup asdf mise rtx sdk corepack jenv goenv nodenv juliaup ghcup swiftenv tfenv phpenv chruby'.split(
    ' ',
  ),
);
