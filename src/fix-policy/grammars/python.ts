// Python: installers (packages by name from PyPI, requirement files and editable installs of the
// project itself), environments, and the project tools. Not here: indexes, find-links, trusted
// hosts, URL or VCS specs, `-p` plugins of pytest, `--basetemp`/`--rootdir` outside the project.
import type { Grammar } from '../grammar.js';

const pipInstall: Grammar = {
  opts: '-r=path --requirement=path -e=path --editable=path -U --upgrade -I --ignore-installed --user --no-cache-dir --no-deps --force-reinstall --pre -q --quiet -v --upgrade-strategy=name --break-system-packages --no-build-isolation -c=path --constraint=path',
  args: 'py...',
};
const PIP: Grammar = {
  opts: '-q --quiet -v --disable-pip-version-check --no-cache-dir',
  sub: {
    install: pipInstall,
    uninstall: { opts: '-y --yes -r=path', args: 'py...' },
    list: { opts: '-o --outdated --format=name' },
    freeze: {},
    show: { opts: '-f --files --verbose -v', args: 'py...' },
    check: {},
    index: { sub: { versions: { opts: '--pre', args: 'py' } } },
    inspect: {},
    debug: { opts: '-v --verbose' },
    cache: { sub: { purge: {}, list: {} } },
  },
};

const testArgs = 'path...';
const PYTEST: Grammar = {
  opts: '-x -q -qq -v -vv -vvv -s -l --showlocals -k=pattern -m=pattern --no-header --no-summary --strict-markers --color=name --co --sw --stepwise --stepwise-skip --nf --new-first --cache-clear --runxfail --full-trace --setup-show --fixtures --markers --import-mode=name --capture=name --junitxml=out --junit-xml=out --count=num --timeout=num --log-level=name --log-cli-level=name --cov-fail-under=num --cov-branch --cov-append --randomly-seed=name --lf --ff --last-failed --maxfail=num --tb=name -n=name --cov=name --cov-report=name --no-cov -rA -ra --durations=num --collect-only --co -W=text --disable-warnings --exitfirst --pdb --reruns=num --asyncio-mode=name',
  args: testArgs,
  runs: true,
};

export const PYTHON_GRAMMARS: Record<string, Grammar> = {
  pip: PIP,
  pip3: PIP,
  // a new environment (`.venv` is hidden, but one made by the tool itself holds nothing of the fix's)
  venv: { opts: '--clear --upgrade-deps --system-site-packages', args: 'path' },
  virtualenv: { opts: '-p=version --python=version', args: 'path' },
  ensurepip: { opts: '--upgrade' },
  unittest: {
    opts: '-v',
    sub: { '': { args: 'name...' }, discover: { opts: '-s=path -p=text -v' } },
    runs: true,
  },
  pytest: PYTEST,
  'py.test': PYTEST,
  // mypy: not here: --config-file outside, --python-executable (runs another interpreter), plugins in a config
  mypy: {
    opts: '--strict --ignore-missing-imports --install-types --non-interactive --no-incremental --show-error-codes --show-column-numbers --pretty --no-error-summary --check-untyped-defs --disallow-untyped-defs --warn-unused-ignores --follow-imports=name --python-version=version -p=name --package=name -m=name --module=name --explicit-package-bases --namespace-packages --no-color-output --cache-dir=out --exclude=pattern',
    args: 'path...',
  },
  // ty (Astral's type checker)
  ty: {
    sub: {
      check: {
        opts: '--output-format=name --error-on-warning --exit-zero --python-version=version --respect-ignore-files --no-progress -q -v --watch -W',
        args: 'path...',
      },
      version: {},
    },
  },
  ruff: {
    sub: {
      check: {
        opts: '--fix --no-fix --unsafe-fixes --select=name --extend-select=name --ignore=name --extend-ignore=name --diff --show-fixes --statistics --exit-zero --exit-non-zero-on-fix --output-format=name --no-cache --preview --line-length=num --target-version=name -q --quiet -s --silent -e -w --watch --fix-only',
        args: 'path...',
      },
      format: {
        opts: '--check --diff -q --quiet -s --silent --preview --line-length=num --no-cache --target-version=name',
        args: 'path...',
      },
      rule: { opts: '--all --output-format=name', args: 'name?' },
      version: {},
    },
  },
  black: { opts: '--check --diff -l=num --line-length=num -q', args: 'path...' },
  isort: { opts: '--check-only --diff --profile=name', args: 'path...' },
  flake8: { opts: '--max-line-length=num --select=name --ignore=name', args: 'path...' },
  pylint: { opts: '--disable=name --rcfile=path', args: 'path...' },
  tox: { opts: '-e=name -r --recreate -p=name', runs: true },
  nox: { opts: '-s=name --session=name -r', runs: true },
  coverage: { sub: { report: { opts: '-m' }, html: {}, xml: {}, erase: {} } },
  pybuild: { opts: '--wheel --sdist' },
  uv: {
    sub: {
      sync: { opts: '--frozen --locked --all-extras --extra=name --dev --no-dev --group=name --all-groups' },
      add: { opts: '--dev --group=name --optional=name', args: 'py py...' },
      remove: { opts: '--dev', args: 'py py...' },
      lock: { opts: '--upgrade -U --upgrade-package=py' },
      venv: { opts: '-p=version --python=version --seed', args: 'path?' },
      run: { opts: '--with=py --frozen --no-sync', args: 'cmd' },
      pip: {
        sub: {
          install: pipInstall,
          uninstall: { args: 'py...' },
          sync: { args: 'path' },
          compile: { opts: '-o=out --output-file=out --upgrade', args: 'path...' },
          list: {},
          freeze: {},
        },
      },
      python: { sub: { install: { args: 'version...' }, pin: { args: 'version' }, list: {} } },
      tool: { sub: { install: { args: 'py' }, list: {} } },
      cache: { sub: { clean: {} } },
      // uv's own update from its maintainers' releases: the newest, never a release the fix names
      self: { sub: { update: {} } },
    },
  },
  poetry: {
    sub: {
      install: { opts: '--no-root --with=name --without=name --only=name --sync --all-extras' },
      add: { opts: '--group=name -G=name --dev -D', args: 'py py...' },
      remove: { opts: '--group=name', args: 'py py...' },
      lock: { opts: '--no-update' },
      update: { args: 'py...' },
      run: { args: 'cmd' },
      show: { opts: '--tree' },
      check: {},
      env: { sub: { use: { args: 'version' }, info: {}, list: {} } },
    },
  },
  pipenv: {
    sub: {
      // --skip-lock installs without the lock's versions and hashes: not recognised
      install: { opts: '--dev -d --deploy', args: 'py...' },
      uninstall: { args: 'py...' },
      lock: { opts: '--clear --dev -d -v --verbose --pre' },
      sync: { opts: '--dev' },
      run: { args: 'cmd' },
      graph: {},
    },
  },
  pipx: {
    sub: {
      install: { opts: '--force', args: 'py' },
      upgrade: { args: 'py' },
      'upgrade-all': {},
      reinstall: { args: 'py' },
      uninstall: { args: 'py' },
      // packages by name added to an application's own environment
      inject: { opts: '--force -f --include-apps --include-deps', args: 'py py py...' },
      list: {},
      ensurepath: {},
    },
  },
  // Hatch: the project's environments, and a command run in one (judged as a command of its own)
  hatch: {
    sub: {
      run: { args: 'cmd', runs: true },
      build: { opts: '-t=name --target=name -c --clean', runs: true },
      test: { opts: '-c --cover -a --all', runs: true },
      fmt: { opts: '--check --linter -l --formatter -f', runs: true },
      env: { sub: { create: { args: 'name?' }, remove: { args: 'name?' }, show: {}, prune: {} } },
      clean: {},
    },
  },
  // a setuptools project's setup.py commands: they run the project's build like `pip install -e .`
  // Not here: `install` (into the interpreter's own folders, the system's among them)
  'setup.py': {
    sub: {
      '': {},
      build: {},
      build_ext: { opts: '--inplace -i' },
      develop: {},
      sdist: {},
      bdist_wheel: {},
      egg_info: {},
      test: {},
      clean: { opts: '--all -a' },
    },
    runs: true,
  },
  conda: {
    sub: {
      install: { opts: '-y --yes -n=name --name=name -c=channel --channel=channel', args: 'conda conda...' },
      create: { opts: '-y --yes -n=name --name=name -c=channel --channel=channel', args: 'conda...' },
      activate: { args: 'name' },
      deactivate: {},
      update: { opts: '-y --yes -n=name --name=name -c=channel --channel=channel --all', args: 'conda...' },
      // conda's own caches: downloaded packages, tarballs, the index
      clean: { opts: '-a --all -y --yes -p --packages -t --tarballs -i --index-cache' },
      list: {},
      env: {
        sub: {
          list: {},
          create: { opts: '-f=path --file=path -n=name' },
          update: { opts: '-f=path --file=path --prune' },
        },
      },
    },
  },
  pyenv: {
    sub: {
      install: { opts: '-s --skip-existing', args: 'version' },
      local: { args: 'version' },
      global: { args: 'version' },
      shell: { args: 'version' },
      versions: {},
      rehash: {},
    },
  },
  'django-admin': {
    sub: {
      startproject: { args: 'name out?' },
      startapp: { args: 'name out?' },
      check: {},
      migrate: { args: 'name...' },
      makemigrations: { args: 'name...' },
    },
  },
  uvicorn: { opts: '--reload --port=num --workers=num', args: 'name', runs: true },
};
