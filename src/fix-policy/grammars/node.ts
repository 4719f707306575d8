// JavaScript: the package managers (packages by name from the registry, the project's scripts),
// the version managers, and the project tools fixes run. Not here: registries, tarballs, git or
// URL specs, `config`, `publish`, `exec`/`dlx` of packages without a grammar, eval options.
import type { Grammar } from '../grammar.js';
import { SCRIPT_SHORTCUTS } from '../script-names.js';

/**
 * A script of the project runs whatever the project defines: its name is judged by the `script`
 * kind (a list of common names, script-names.ts); the words after `--` are passed on to it, judged
 * as the words pnpm and yarn pass on (`scriptarg`: plain words, numbers, paths of the project,
 * options with such a value; no URL, no path outside, no answer to a prompt, no force).
 */
const script: Grammar = { args: 'arg...', runs: true, dashdash: 'scriptarg' };
/** pnpm, yarn and bun pass the words after a script's name on to the script (npm reads them as its own settings). */
const passing: Grammar = { ...script, loose: 'scriptarg' };
/** Script names a package manager runs without `run` (`pnpm build`): an unknown name falls back to running a binary. */
const scripts = Object.fromEntries(SCRIPT_SHORTCUTS.map((n) => [n, passing]));
const passRun: Grammar = {
  opts: '--if-present --silent -s',
  args: 'script arg...',
  runs: true,
  dashdash: 'scriptarg',
  loose: 'scriptarg',
};

const SAVE =
  '--dry-run --prefer-online --no-optional --strict-peer-deps --foreground-scripts --no-package-lock -w=name --workspace=name -D --save-dev -S --save -E --save-exact -O --save-optional -P --save-prod --no-save -g --global --legacy-peer-deps --force -f --no-audit --no-fund --audit?=bool --fund?=bool --ignore-scripts --prefer-offline --omit=name --include=name --production --no-package-lock --platform=name --arch=name --os=name --cpu=name --libc=name';
const npmInstall: Grammar = { opts: SAVE, args: 'npm...' };
const run: Grammar = {
  opts: '--if-present --silent -s',
  args: 'script arg...',
  runs: true,
  dashdash: 'scriptarg',
};

const NPM: Grammar = {
  // npm reads its settings anywhere on the line: the install settings also before the subcommand
  opts: '-v --version -h --no-audit --no-fund --audit?=bool --fund?=bool --loglevel=name -s --silent -q --quiet -w=name --workspace=name --workspaces -ws --prefix=path --legacy-peer-deps --strict-peer-deps --prefer-offline --prefer-online --ignore-scripts --foreground-scripts --depth=num',
  sub: {
    '': {},
    install: npmInstall,
    i: 'install',
    add: 'install',
    ci: {
      opts: '--legacy-peer-deps --ignore-scripts --no-audit --no-fund --audit?=bool --fund?=bool --omit=name --include=name --prefer-offline --prefer-online --foreground-scripts --strict-peer-deps --no-optional -q --quiet --silent --loglevel=name',
    },
    uninstall: { opts: '-D --save-dev -S --save --no-save -g --global', args: 'npm...' },
    un: 'uninstall',
    remove: 'uninstall',
    rm: 'uninstall',
    update: { opts: '-g --global --save --depth=num --legacy-peer-deps', args: 'npm...' },
    up: 'update',
    rebuild: { args: 'npm...', runs: true },
    dedupe: {},
    prune: { opts: '--production --omit=name' },
    audit: { opts: '--audit-level=auditlevel --omit=name --json', sub: { '': {}, fix: { opts: '--force' } } },
    cache: { sub: { clean: { opts: '--force -f' }, verify: {} } },
    run,
    'run-script': 'run',
    test: script,
    t: 'test',
    start: script,
    stop: script,
    restart: script,
    init: { opts: '-y --yes' },
    create: { opts: '-y --yes', args: 'npm arg...', dashdash: 'arg' },
    ls: {
      opts: '--all -a --depth=num --json --parseable -p --long -l --omit=name --link -g --global --prod --dev',
      args: 'npm...',
    },
    list: 'ls',
    ll: 'ls',
    outdated: { opts: '--json --long -l --all -a -g --global', args: 'npm...' },
    root: { opts: '-g --global' },
    prefix: { opts: '-g --global' },
    fund: { opts: '--json', args: 'npm?' },
    pkg: { sub: { get: { opts: '--json', args: 'name...' } } },
    // settings read by name, none that holds a credential (`_authToken`, `//host/:_auth`…)
    config: { sub: { get: { sub: { prefix: {}, cache: {}, registry: {}, 'legacy-peer-deps': {} } } } },
    query: { args: 'pattern' },
    view: { opts: '--json', args: 'npm name...' },
    info: 'view',
    why: { args: 'npm' },
    explain: 'why',
    doctor: {},
    version: { args: 'name?' },
    pack: { opts: '--dry-run' },
  },
};

const PNPM: Grammar = {
  opts: '-v --version --filter=name -F=name -r --recursive -w --workspace-root --silent -s -C=path --dir=path --reporter=name --stream --parallel --aggregate-output --if-present',
  sub: {
    '': {},
    install: {
      opts: '--frozen-lockfile --no-frozen-lockfile --fix-lockfile --prefer-offline --ignore-scripts -P --prod -D --dev -g --global --force',
      args: 'npm...',
    },
    i: 'install',
    add: { opts: '-D --save-dev -E --save-exact -O --save-optional -g --global -w', args: 'npm npm...' },
    remove: { opts: '-D -g', args: 'npm npm...' },
    rm: 'remove',
    update: { opts: '-L --latest -r', args: 'npm...' },
    up: 'update',
    run: passRun,
    test: passing,
    rebuild: { args: 'npm...', runs: true },
    store: { sub: { prune: {} } },
    dedupe: {},
    outdated: { opts: '--long --json -r --recursive', args: 'npm...' },
    why: { args: 'npm' },
    list: { opts: '--depth=num --json --long -P --prod -D --dev -r --recursive', args: 'npm...' },
    ls: 'list',
    root: { opts: '-g' },
    ...scripts,
  },
};

const YARN: Grammar = {
  // --ignore-engines: installs although package.json's `engines` names another Node version
  opts: '-v --version --silent -s --ignore-engines',
  sub: {
    '': {},
    install: {
      opts: '--frozen-lockfile --immutable --check-cache --prefer-offline --ignore-scripts --ignore-engines',
    },
    add: { opts: '-D --dev -E --exact -O --optional -P --peer --ignore-engines', args: 'npm npm...' },
    remove: { args: 'npm npm...' },
    upgrade: { opts: '--latest', args: 'npm...' },
    up: { args: 'npm...' },
    run: passRun,
    test: passing,
    cache: { sub: { clean: { opts: '--mirror --all' } } },
    why: { args: 'npm' },
    ...scripts,
  },
};

const BUN: Grammar = {
  opts: '-v --version',
  sub: {
    '': {},
    install: { opts: '--frozen-lockfile --production -p' },
    i: 'install',
    add: { opts: '-d -D --dev -E --exact --optional -g', args: 'npm npm...' },
    remove: { args: 'npm npm...' },
    rm: 'remove',
    update: { args: 'npm...' },
    run: passRun,
    test: { opts: '--watch --coverage -t=text --timeout=num', args: 'path...', runs: true },
    // bun's own newest release (or its canary build), from its publisher
    upgrade: { opts: '--canary --stable' },
    ...scripts,
  },
};

const version = (extra = ''): Grammar => ({ opts: extra, args: 'version' });

export const NODE_GRAMMARS: Record<string, Grammar> = {
  npm: NPM,
  pnpm: PNPM,
  yarn: YARN,
  bun: BUN,
  nvm: {
    sub: {
      use: { opts: '--lts --silent', args: 'version?' },
      install: { opts: '--lts --latest-npm', args: 'version?' },
      alias: { args: 'name version' },
      ls: {},
      current: {},
      exec: { opts: '--silent', args: 'version cmd' },
      run: { opts: '--silent', args: 'version path arg...' },
    },
  },
  fnm: {
    sub: { use: version(), install: { opts: '--lts', args: 'version?' }, default: version(), list: {} },
  },
  volta: { sub: { install: { args: 'npm npm...' }, pin: { args: 'npm npm...' }, list: {} } },
  n: { opts: '--lts', args: 'version?' },
  corepack: {
    sub: {
      enable: { args: 'name...' },
      disable: { args: 'name...' },
      prepare: { opts: '--activate', args: 'npm' },
      use: { args: 'npm' },
    },
  },
  ng: {
    sub: {
      build: { opts: '--configuration=name -c=name --watch', runs: true },
      test: { opts: '--watch=name --code-coverage --browsers=name', runs: true },
      serve: { opts: '--port=num --open -o', runs: true },
      lint: { opts: '--fix', runs: true },
      generate: { args: 'name name' },
      g: 'generate',
      // packages by name from the registry; their migrations are the packages' own code
      update: {
        opts: '--force --all --next --migrate-only --allow-dirty --create-commits -C',
        args: 'npm...',
      },
      version: {},
    },
  },
  nest: { sub: { build: { runs: true }, start: { opts: '--watch --debug', runs: true } } },
  'update-browserslist-db': {},
  // browserslist prints the project's target browsers; --update-db runs update-browserslist-db
  browserslist: { opts: '--update-db --json' },
  // React Native's command line: the project's own app, built and started on this machine
  'react-native': {
    sub: {
      start: { opts: '--reset-cache --port=num --host=name --verbose --client-logs', runs: true },
      'run-android': {
        opts: '--variant=name --mode=name --active-arch-only --no-packager --port=num --appId=name --list-devices',
        runs: true,
      },
      'run-ios': {
        opts: '--simulator=text --device=text --udid=name --scheme=name --configuration=name --mode=name --no-packager --port=num --list-devices',
        runs: true,
      },
      doctor: { opts: '--fix' },
      info: {},
      clean: { opts: '--include=name' },
      upgrade: {},
    },
  },
  'pod-install': { opts: '--non-interactive --quiet', args: 'path?' },
  tsx: { opts: '--watch', args: 'path arg...', runs: true },
  'ts-node': { opts: '--esm -T --transpile-only', args: 'path arg...', runs: true },
  nodemon: { opts: '--watch=path -w=path --ext=name -e=name', args: 'path arg...', runs: true },
  tsc: {
    opts: '--noEmit -p=path --project=path -b --build -w --watch --pretty --listFiles --showConfig --init --incremental --skipLibCheck --strict --moduleResolution=name --module=name --target=name',
    args: 'path...',
    runs: true,
  },
  eslint: {
    opts: '--fix --ext=text --cache --max-warnings=num --quiet --format=name -f=name --debug --print-config=path',
    args: 'path...',
    runs: true,
  },
  prettier: {
    opts: '--write -w --check -c --list-different -l --cache --log-level=name',
    args: 'path...',
    runs: true,
  },
  // markdownlint-cli2 and commitlint: not here: --config (a configuration may load custom rules: code)
  'markdownlint-cli2': { opts: '--fix --no-globs', args: 'path path...', runs: true },
  commitlint: {
    opts: '--from=ref -f=ref --to=ref -t=ref --last -l --edit?=path -e --verbose -V --strict --color --no-color',
    runs: true,
  },
  openspec: {
    opts: '--no-color',
    sub: {
      list: { opts: '--json --specs --changes --long' },
      show: { opts: '--json --type=name --deltas-only --no-interactive', args: 'name?' },
      validate: {
        opts: '--json --strict --all --changes --specs --type=name --no-interactive',
        args: 'name?',
      },
      status: { opts: '--change=name --json --schema=name' },
      instructions: { opts: '--change=name --json --schema=name', args: 'name?' },
      view: {},
    },
  },
  biome: {
    opts: '--colors=name --verbose --max-diagnostics=num --diagnostic-level=name --error-on-warnings --reporter=name --no-errors-on-unmatched --files-ignore-unknown=name --staged --changed --since=ref',
    sub: {
      check: {
        opts: '--write --apply --unsafe --fix --formatter-enabled=name --linter-enabled=name --organize-imports-enabled=name --assists-enabled=name',
        args: 'path...',
      },
      format: { opts: '--write --fix', args: 'path...' },
      lint: { opts: '--write --apply --unsafe --fix --only=name --skip=name', args: 'path...' },
      ci: { args: 'path...' },
      version: {},
    },
  },
  vitest: {
    opts: '--run --watch=name --coverage -u --update -t=text --reporter=name --silent --no-threads --pool=name',
    sub: {
      '': { args: 'path...' },
      run: { args: 'path...', opts: '--coverage -u -t=text --reporter=name --silent --pool=name' },
      watch: { args: 'path...' },
    },
    runs: true,
  },
  jest: {
    opts: '-u --updateSnapshot --clearCache --watch --watchAll=name --runInBand -i --coverage -t=text --testNamePattern=text --ci --silent --verbose --detectOpenHandles --forceExit --no-cache',
    args: 'path...',
    runs: true,
  },
  mocha: {
    opts: '--watch -g=text --grep=text --timeout=num --recursive --exit',
    args: 'path...',
    runs: true,
  },
  playwright: {
    sub: {
      test: {
        opts: '--headed --debug --project=name --update-snapshots -u --workers=num --reporter=name -g=text --grep=text --ui',
        args: 'path...',
        runs: true,
      },
      install: { opts: '--with-deps', args: 'name...' },
      // the system libraries its browsers need, from the distribution's packages
      'install-deps': { args: 'name...' },
      'show-report': {},
    },
  },
  // Chrome for Testing or Firefox, downloaded by puppeteer into its cache (as `playwright install`)
  puppeteer: { sub: { browsers: { sub: { install: { args: 'browser...' }, list: {} } } } },
  prisma: {
    sub: {
      generate: {},
      format: {},
      validate: {},
      db: { sub: { push: { opts: '--skip-generate' }, pull: {}, seed: { runs: true } } },
      migrate: { sub: { dev: { opts: '--name=name --create-only --skip-seed' }, deploy: {}, status: {} } },
      studio: {},
    },
  },
  next: {
    sub: {
      build: { runs: true },
      dev: { opts: '-p=num --port=num --turbo --turbopack', runs: true },
      start: { opts: '-p=num --port=num', runs: true },
      lint: { opts: '--fix', runs: true },
      info: {},
    },
  },
  vite: {
    opts: '--port=num --open --force --mode=name',
    sub: {
      '': { runs: true },
      build: { opts: '--mode=name --watch --emptyOutDir', runs: true },
      preview: { opts: '--port=num', runs: true },
      optimize: { opts: '--force' },
    },
  },
  webpack: { opts: '--mode=name --watch -w --progress', runs: true },
  turbo: {
    sub: {
      run: { opts: '--filter=name --force --no-cache --parallel', args: 'script script...', runs: true },
      build: { runs: true },
      test: { runs: true },
      lint: { runs: true },
    },
  },
  'react-scripts': {
    // Node's own options before the script (react-scripts passes them to node): the inert ones only
    opts: '--openssl-legacy-provider --max-old-space-size=num --max_old_space_size=num --no-deprecation',
    sub: {
      build: { runs: true },
      test: { opts: '--watchAll=name --coverage', runs: true },
      start: { runs: true },
    },
  },
  'create-vite': { opts: '--template=name', args: 'out?' },
  'create-next-app': {
    opts: '--ts --typescript --eslint --tailwind --app --src-dir --use-npm --use-pnpm --yes',
    args: 'out?',
  },
  deno: {
    sub: {
      test: { opts: '--allow-read --allow-env --watch --coverage', args: 'path...', runs: true },
      fmt: { opts: '--check', args: 'path...' },
      lint: { opts: '--fix', args: 'path...' },
      check: { args: 'path...' },
      task: { args: 'script arg...', runs: true, dashdash: '' },
      install: { opts: '--frozen' },
      cache: { args: 'path...' },
      // Deno's own update to its newest stable release (a release or channel named stays local),
      // and its global cache emptied
      upgrade: {},
      clean: {},
    },
  },
};
