// The long tail of language ecosystems: Elixir and Erlang (mix, rebar3), Haskell (stack, cabal),
// OCaml (opam, dune), Nim (nimble), Zig, Lua (luarocks), Clojure (lein), C/C++ (conan) and Bazel.
// Only what stays in the project or reads: building and testing the project, its declared
// dependencies, packages by name from the ecosystem's default registry. Not here: pins and fetches
// of a source (`opam pin`, `zig fetch`, `nimble install <url>`), other servers (`--server`,
// `--remote`), installs of a project's binaries outside it, publishing, interactive shells.
import type { Grammar } from '../grammar.js';

const STACK_BUILD: Grammar = {
  opts: '--fast --test --bench --no-run-tests --no-run-benchmarks --pedantic --haddock --only-dependencies --dependencies-only --file-watch -j=jobs --jobs=jobs --resolver=resolver --flag=name --no-terminal -v --verbose --silent',
  args: 'name...',
  runs: true,
};
const CABAL_BUILD: Grammar = {
  opts: '--only-dependencies --enable-tests --disable-tests --enable-benchmarks --disable-benchmarks -j=jobs --jobs=jobs -O0 -O1 -O2 -v=num --verbose?=num --allow-newer?=name',
  args: 'name...',
  runs: true,
};
const DUNE_BUILD: Grammar = {
  opts: '--profile=name --release --display=name -j=jobs --root=path -w --watch --auto-promote --force -f',
  args: 'arg...',
  runs: true,
};
const ZIG_DEFINES = '-Doptimize=name -Dtarget=name -Dcpu=name';
const BAZEL_BUILD: Grammar = {
  opts: '-c=name --compilation_mode=name --config=name -k --keep_going --jobs=jobs --test_output=name --test_filter=pattern --verbose_failures --nocache_test_results --cache_test_results=name',
  args: 'label label...',
  runs: true,
};
const BAZEL: Grammar = {
  sub: {
    build: BAZEL_BUILD,
    test: BAZEL_BUILD,
    // clean: removes this workspace's outputs (--expunge: its whole output base)
    clean: { opts: '--expunge --expunge_async --async' },
    info: { args: 'name?' },
    version: {},
    shutdown: {},
  },
};

export const LANG_GRAMMARS: Record<string, Grammar> = {
  mix: {
    sub: {
      'deps.get': { opts: '--only=name' },
      'deps.compile': { opts: '--force', args: 'name...', runs: true },
      // update and unlock act on the project's own dependencies (mix.exs), by name
      'deps.update': { opts: '--all', args: 'name...' },
      // `--all` drops every locked release (the lock's versions and hashes): not recognised
      'deps.unlock': { opts: '--unused', args: 'name...' },
      'deps.clean': { opts: '--all --unused --unlock --build', args: 'name...' },
      'deps.tree': {},
      compile: { opts: '--force --warnings-as-errors', runs: true },
      test: {
        opts: '--failed --stale --trace --cover --max-failures=num --only=name --exclude=name',
        args: 'path...',
        runs: true,
      },
      format: { opts: '--check-formatted', args: 'path...' },
      clean: { opts: '--deps' },
      'ecto.migrate': {},
      'ecto.create': {},
      'phx.server': { runs: true },
      'hex.outdated': {},
      // Hex and rebar3 from Hex's own builds (no path or URL operand: those install another build)
      'local.hex': { opts: '--force --if-missing' },
      'local.rebar': { opts: '--force --if-missing' },
    },
  },
  rebar3: {
    sub: {
      compile: { runs: true },
      eunit: { opts: '--module=name --suite=name --cover', runs: true },
      ct: { opts: '--suite=name --cover', runs: true },
      'get-deps': {},
      upgrade: { opts: '--all', args: 'name...' },
      unlock: { args: 'name...' },
      tree: {},
      clean: { opts: '-a --all' },
      xref: {},
      dialyzer: {},
      fmt: { opts: '--check', args: 'path...' },
      // rebar3 itself: its latest release from its own site, kept in rebar3's cache
      local: { sub: { upgrade: {}, install: {} } },
    },
  },
  stack: {
    opts: '--resolver=resolver --no-terminal -v --verbose --silent --install-ghc --no-install-ghc',
    sub: {
      build: STACK_BUILD,
      test: STACK_BUILD,
      bench: STACK_BUILD,
      clean: { opts: '--full', args: 'name...' },
      purge: {},
      // the package index and the compiler for the project's resolver, in stack's own folder
      update: {},
      setup: { opts: '--install-ghc --upgrade-cabal', args: 'version?' },
      // stack.yaml from the project's own .cabal files; the solver picks releases of Hackage packages
      init: { opts: '--resolver=resolver --force --omit-packages --solver' },
      solver: { opts: '--update-config --modify-stack-yaml --resolver=resolver' },
      // stack itself, its latest release (no --git, no chosen --binary-version)
      upgrade: { opts: '--binary-only --force-download' },
      ls: { sub: { dependencies: {} } },
      path: { opts: '--local-install-root --dist-dir --snapshot-install-root' },
    },
  },
  cabal: {
    sub: {
      update: {},
      build: CABAL_BUILD,
      'v2-build': CABAL_BUILD,
      test: CABAL_BUILD,
      'v2-test': CABAL_BUILD,
      bench: CABAL_BUILD,
      clean: {},
      'v2-clean': {},
      configure: {
        opts: '--enable-tests --disable-tests --enable-benchmarks -O0 -O1 -O2 --allow-newer?=name',
      },
      // install: the project's declared dependencies, or a well-known package's programs by name
      install: { opts: '--only-dependencies --enable-tests -j=jobs --allow-newer?=name', args: 'hackage...' },
    },
  },
  opam: {
    sub: {
      install: { opts: '-y --yes --deps-only --with-test --with-doc', args: 'opam opam...' },
      update: {},
      upgrade: { opts: '-y --yes', args: 'opam...' },
      list: { opts: '--installed -i -s --short' },
      switch: {
        sub: {
          list: {},
          show: {},
          // a switch (`.`: the project's local one) with a compiler, and the project's dependencies
          create: {
            opts: '-y --yes --no-install --deps-only --with-test --with-doc --empty',
            args: 'srcdir version?',
          },
        },
      },
      // a command in the current switch's environment; `env` prints that environment
      exec: { args: 'cmd', dashdash: 'cmd' },
      env: { opts: '--set-switch --switch=name' },
    },
  },
  dune: {
    sub: {
      build: DUNE_BUILD,
      test: DUNE_BUILD,
      runtest: DUNE_BUILD,
      exec: { ...DUNE_BUILD, args: 'arg arg...', dashdash: 'arg' },
      clean: {},
      fmt: { opts: '--auto-promote' },
      promote: {},
    },
  },
  nimble: {
    sub: {
      // a package by name (no URL, no `@#ref`, no exact release), or the project's dependencies (-d)
      install: { opts: '-y --accept -d --depsOnly', args: 'nimble...' },
      refresh: {},
      build: { opts: '-d=name', runs: true },
      test: { runs: true },
      search: { args: 'name' },
      list: { opts: '-i --installed' },
      tasks: {},
    },
  },
  zig: {
    sub: {
      build: {
        opts: `${ZIG_DEFINES} --summary=name -j=jobs --verbose`,
        args: 'arg...',
        dashdash: 'arg',
        runs: true,
      },
      test: { opts: '--test-filter=pattern', args: 'path...', runs: true },
      fmt: { opts: '--check', args: 'path...' },
      version: {},
      env: {},
    },
  },
  luarocks: {
    opts: '--local --lua-version=version',
    sub: {
      // a rock by name from the default server (a version after it is an exact release)
      install: { opts: '--local --lua-version=version --deps-mode=name --only-deps', args: 'rock' },
      remove: { opts: '--local', args: 'rock' },
      make: { opts: '--local', runs: true },
      test: { runs: true },
      list: { opts: '--outdated' },
      show: { args: 'rock' },
      search: { args: 'name' },
    },
  },
  lein: {
    sub: {
      deps: { sub: { '': {}, ':tree': {}, ':tree-data': {}, ':plugin-tree': {} } },
      test: { args: 'name...', runs: true },
      compile: { runs: true },
      check: { runs: true },
      clean: {},
      uberjar: { runs: true },
    },
  },
  conan: {
    sub: {
      // a recipe runs code (conanfile.py): the project's own
      install: {
        opts: '--build=name -b=name --update -u --output-folder=out -of=out',
        args: 'srcdir?',
        runs: true,
      },
      build: { opts: '--build=name -b=name --output-folder=out -of=out', args: 'srcdir?', runs: true },
      profile: { sub: { list: {}, show: {} } },
      version: {},
    },
  },
  bazel: BAZEL,
  bazelisk: BAZEL,
};
