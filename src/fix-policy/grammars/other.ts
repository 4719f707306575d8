// Rust, Go, JVM, .NET, Apple, Dart, Ruby, PHP and C/C++ build tools: the subcommands and options
// fixes use (system package managers, containers and infrastructure are in system.ts). Not here:
// `-exec`, `-toolexec`, init scripts, `-E` command modes, `--git`/`--source`/`--index` installs,
// `run` of remote modules.
import type { Grammar } from '../grammar.js';

const cargoBuild: Grammar = {
  opts: '--release -r --all-features --no-default-features --features=text -F=text -p=name --package=name --workspace --all-targets --lib --bins --bin=name --example=name --tests --target=name -j=jobs --locked --frozen --offline -q -v',
  args: '',
  dashdash: 'arg',
  runs: true,
};
const gradleOpts =
  '--gradle-version=version --distribution-type=name --no-daemon --stacktrace --info --debug -q --quiet --offline --refresh-dependencies --build-cache --parallel --continue --scan=name --tests=text -x=skiptask --exclude-task=skiptask -P=gprop --project-prop=gprop --warning-mode=name --console=name';
const GRADLE: Grammar = { opts: gradleOpts, args: 'gtask...', runs: true };
const MVN: Grammar = {
  opts: '-q -B --batch-mode -U --update-snapshots -C --strict-checksums -o --offline -e -X -T=text -D=define -P=name -pl=name -am -f=path --file=path -ntp --no-transfer-progress',
  args: 'goal goal...',
  runs: true,
};
const make: Grammar = {
  opts: '-j=jobs -C=path -k -s -B -n -f=path --jobs=jobs --keep-going --always-make -N',
  args: 'makearg...',
  runs: true,
};
const version: Grammar = { args: 'version' };
/** Composer's checks of the PHP version and extensions this machine has, skipped (all, or one). */
const PLATFORM = '--ignore-platform-reqs --ignore-platform-req=name';
const CC: Grammar = {
  opts: '-c -S -E -g -g3 -O -O0 -O1 -O2 -O3 -Os -Oz -Og -Ofast -o=out -I=path -iquote=path -isystem=path -L=path -l=name -D=text -U=name -std=name -x=name -W -Wall -Wextra -Werror -Wpedantic -pedantic -Wno-unused -Wshadow -Wconversion -w -v -fPIC -fpic -fno-exceptions -fno-rtti -fsanitize=name -fno-omit-frame-pointer -fcolor-diagnostics -fdiagnostics-color?=name -pthread -shared -static -march=name -mtune=name -MMD -MD -MP -MF=out -MT=name -dumpversion -dumpmachine -print-search-dirs --coverage',
  args: 'path...',
  runs: true,
};

export const OTHER_GRAMMARS: Record<string, Grammar> = {
  cargo: {
    opts: '-q -v --offline',
    sub: {
      build: cargoBuild,
      b: 'build',
      check: cargoBuild,
      c: 'check',
      test: {
        ...cargoBuild,
        opts: `${cargoBuild.opts} --no-fail-fast --doc --test=name --bench=name --no-run`,
        args: 'pattern?',
      },
      t: 'test',
      run: { ...cargoBuild, dashdash: 'arg' },
      r: 'run',
      bench: cargoBuild,
      doc: { opts: '--no-deps --open' },
      clippy: {
        opts: '--fix --allow-dirty --allow-staged --all-targets --all-features --workspace',
        dashdash: 'arg',
        runs: true,
      },
      fmt: { opts: '--all --check -- ', dashdash: 'arg' },
      add: {
        opts: '--features=text -F=text --dev --build --optional --no-default-features -p=name',
        args: 'crate crate...',
      },
      remove: { opts: '--dev', args: 'crate crate...' },
      rm: 'remove',
      update: { opts: '-p=name --package=name --precise=version -w --workspace', args: 'declared...' },
      fetch: {},
      clean: {},
      tree: {
        opts: '-i=name -d -e=name --depth=num --duplicates -p=name --package=name --invert=name --edges=name --prefix=name',
      },
      metadata: { opts: '--format-version=num --no-deps' },
      version: {},
      search: { opts: '--limit=num', args: 'name' },
      install: { opts: '--locked --force -f --version=version', args: 'crate' },
      // removes a binary `cargo install` put in place, whatever its name
      uninstall: { args: 'name name...' },
      'generate-lockfile': {},
    },
  },
  rustup: {
    sub: {
      default: version,
      update: { args: 'version...' },
      target: {
        sub: {
          add: { opts: '--toolchain=version', args: 'name name...' },
          install: 'add',
          list: { opts: '--installed' },
        },
      },
      component: {
        sub: { add: { opts: '--toolchain=version', args: 'name name...' }, list: { opts: '--installed' } },
      },
      toolchain: {
        sub: {
          install: {
            opts: '--profile=name --component=name -c=name --target=name -t=name',
            args: 'version name...',
          },
          list: {},
        },
      },
      override: { sub: { set: version, unset: {} } },
      show: {},
      run: { args: 'version cmd' },
    },
  },
  go: {
    sub: {
      build: {
        opts: '-o=out -v -a -n -x -race -cover -tags=text -trimpath -mod=name -buildvcs=name -p=num',
        args: 'local...',
        runs: true,
      },
      list: { opts: '-m -u -json -e -f=text -deps -test -versions -retracted', args: 'ref...' },
      doc: { opts: '-all -short -src -u -c', args: 'name? name?' },
      // go test: not here: -exec, -toolexec, -ldflags, -gcflags, -o, -overlay, -modfile (they run programs or read files outside)
      test: {
        opts: '-v -run=pattern -skip=pattern -race -count=num -cover -covermode=name -coverpkg=name -short -timeout=text -tags=text -bench=pattern -benchmem -benchtime=text -coverprofile=out -p=num -parallel=num -cpu=text -failfast -mod=name -json -list=pattern -shuffle=name -vet=name -fullpath',
        args: 'local...',
        runs: true,
      },
      vet: { opts: '-json -tags=text -v', args: 'local...' },
      fmt: { args: 'local...' },
      run: { opts: '-race -tags=text', args: 'local arg...', dashdash: 'arg', runs: true },
      get: { opts: '-u -t -v', args: 'gomod gomod...' },
      install: { opts: '-v', args: 'gomod gomod...' },
      generate: { args: 'local...', runs: true },
      mod: {
        sub: {
          // go.mod's go and toolchain lines are minimums (Go takes that release or a newer one): not a chosen release
          tidy: { opts: '-v -go=name -compat=name' },
          // the go and toolchain lines of go.mod only (not -replace, -require: other sources)
          edit: { opts: '-go=name -toolchain=name -fmt -json -print' },
          download: { opts: '-x -json', args: 'gomod...' },
          // the new module's name (a go.mod is written, nothing fetched)
          init: { args: 'newmod' },
          vendor: {},
          verify: {},
          why: { args: 'gomod...' },
          graph: {},
        },
      },
      work: { sub: { sync: {}, use: { args: 'path...' }, init: { args: 'path...' } } },
      env: { opts: '-json', args: 'name...' },
      version: { opts: '-m -v', args: 'path...' },
      clean: { opts: '-cache -modcache -testcache' },
    },
  },
  gofmt: { opts: '-w -l -d -s', args: 'path...' },
  goimports: { opts: '-w -l', args: 'path...' },
  'golangci-lint': { sub: { run: { opts: '--fix --timeout=text', args: 'local...' } } },
  mvn: MVN,
  mvnw: MVN,
  gradle: GRADLE,
  gradlew: GRADLE,
  dotnet: {
    opts: '--list-sdks --list-runtimes --info',
    sub: {
      '': {},
      build: {
        opts: '-c=name --configuration=name -f=name --framework=name -r=name --runtime=name --no-restore --no-incremental --no-dependencies --nologo -v=name --verbosity=name -warnaserror',
        args: 'path?',
        runs: true,
      },
      test: {
        opts: '-c=name --configuration=name -f=name --framework=name --nologo --no-build --no-restore --filter=pattern -v=name --verbosity=name --logger=text --list-tests --blame --blame-hang --blame-hang-timeout=text',
        args: 'path?',
        runs: true,
      },
      restore: { opts: '--force --no-cache --nologo', args: 'path?' },
      nuget: {
        sub: {
          locals: { opts: '--clear -c --list -l', args: 'name' },
          list: { sub: { source: { opts: '--format=name' } } },
        },
      },
      'list-sdks': {},
      'list-runtimes': {},
      list: {
        args: 'path?',
        sub: {
          package: { opts: '--outdated --vulnerable --deprecated --include-transitive --format=name' },
          reference: {},
        },
      },
      run: { opts: '-c=name --project=path', args: '', dashdash: 'arg', runs: true },
      clean: {},
      format: { opts: '--verify-no-changes' },
      add: {
        args: 'path?',
        sub: {
          package: { opts: '-v=version --version=version --prerelease', args: 'nuget' },
          reference: { args: 'path' },
        },
      },
      remove: { sub: { package: { args: 'nuget' } } },
      tool: { sub: { restore: {}, list: { opts: '-g --global --local' } } },
      // Entity Framework: the project's migrations, forward (no drop, no remove)
      ef: {
        sub: {
          database: {
            sub: {
              update: {
                opts: '--project=path -p=path --startup-project=path -s=path --context=name -c=name -v --verbose --no-build',
                // a target is a migration's name: `0` unapplies every migration (drops the tables)
                args: 'migration?',
              },
            },
          },
          migrations: {
            sub: {
              add: {
                opts: '--project=path -p=path --startup-project=path -s=path --context=name -c=name -o=out --output-dir=out -v --verbose',
                args: 'name',
              },
              list: {
                opts: '--project=path -p=path --startup-project=path -s=path --context=name -c=name --no-build',
              },
            },
          },
        },
        runs: true,
      },
      'dev-certs': { sub: { https: { opts: '--trust' } } },
      new: { opts: '-n=name -o=out --force', args: 'name' },
    },
  },
  swift: {
    opts: '--package-path=path',
    sub: {
      build: {
        opts: '-c=name --configuration=name --product=name --target=name --package-path=path -v --verbose --build-tests --show-bin-path -j=jobs --jobs=jobs',
        runs: true,
      },
      test: {
        opts: '--filter=pattern --skip=pattern --parallel --package-path=path -v --verbose --list-tests --enable-code-coverage',
        runs: true,
      },
      package: { sub: { resolve: {}, update: {}, clean: {}, reset: {} } },
    },
  },
  xcodebuild: {
    opts: '-version -showsdks -list -showBuildSettings -json -derivedDataPath=out -resultBundlePath=out -parallel-testing-enabled=name -only-testing=text -skip-testing=text -testPlan=name -scheme=name -project=path -workspace=path -configuration=name -sdk=name -destination=text -quiet -allowProvisioningUpdates',
    args: 'name...',
    runs: true,
  },
  pod: {
    opts: '--verbose',
    sub: {
      install: { opts: '--repo-update --verbose --project-directory=path' },
      update: { opts: '--repo-update --verbose', args: 'name...' },
      repo: { sub: { update: {} } },
      deintegrate: { opts: '--verbose' },
    },
  },
  flutter: {
    sub: {
      packages: { sub: { get: {}, upgrade: {} } },
      pub: {
        sub: {
          get: {},
          upgrade: { opts: '--major-versions' },
          // runs an executable of the project's own dependencies (build_runner)
          run: { args: 'name arg...', loose: 'arg', runs: true },
          cache: { sub: { repair: {} } },
          add: { opts: '--dev', args: 'pub pub...' },
          outdated: {},
        },
      },
      test: { args: 'path...', runs: true },
      build: { opts: '--release --debug --no-tree-shake-icons', args: 'name', runs: true },
      clean: {},
      doctor: { opts: '-v' },
      analyze: {},
      precache: { opts: '--ios --android --web --macos --linux --windows --no-ios --no-android' },
      run: {
        opts: '-d=name --device-id=name --release --debug --profile --flavor=name -t=path --target=path --no-sound-null-safety',
        runs: true,
      },
      upgrade: {},
    },
  },
  dart: {
    sub: {
      pub: { sub: { get: {}, upgrade: {}, add: { opts: '--dev', args: 'pub pub...' } } },
      run: { args: 'name arg...', loose: 'arg', runs: true },
      format: { opts: '-o=name --set-exit-if-changed', args: 'path...' },
      analyze: { args: 'path...' },
      test: { args: 'path...', runs: true },
      fix: { opts: '--apply --dry-run' },
    },
  },
  bundle: {
    sub: {
      '': {},
      install: { opts: '--jobs=jobs -j=jobs --retry=num --quiet --path=path --deployment --local' },
      update: { opts: '--bundler --ruby --conservative', args: 'declared...' },
      add: { opts: '--group=name --version=version', args: 'gem' },
      exec: { args: 'cmd' },
      lock: { opts: '--add-platform=name' },
    },
  },
  gem: {
    sub: {
      install: { opts: '-v=version --version=version --no-document -N --user-install', args: 'gem gem...' },
      update: { opts: '--system', args: 'gem...' },
      list: {},
    },
  },
  rspec: { opts: '--format=name -f=name --fail-fast --only-failures', args: 'path...', runs: true },
  rubocop: { opts: '-a -A --auto-correct --autocorrect-all', args: 'path...' },
  composer: {
    sub: {
      install: {
        opts: `--no-dev --no-interaction -n --prefer-dist --no-scripts -o --optimize-autoloader ${PLATFORM}`,
      },
      update: {
        opts: `--with-dependencies -w --with-all-dependencies -W --no-interaction -n --no-dev --lock --no-scripts --prefer-dist --prefer-stable --prefer-lowest -o --optimize-autoloader --dry-run -q --quiet -v ${PLATFORM}`,
        args: 'declared...',
      },
      require: {
        opts: `--dev --no-interaction -W --with-all-dependencies ${PLATFORM}`,
        args: 'php php...',
      },
      remove: { opts: '--dev', args: 'php php...' },
      'dump-autoload': { opts: '-o --optimize' },
      dumpautoload: 'dump-autoload',
      validate: {},
      // Composer's own update, from its site, checked against its signature: the newest stable
      // release, or the newest of the current major line; never a release named by the fix
      'self-update': { opts: '--stable --2 --clean-backups --no-progress' },
      selfupdate: 'self-update',
    },
  },
  phpunit: {
    opts: '--filter=text --testdox --stop-on-failure -c=path --configuration=path',
    args: 'path...',
    runs: true,
  },
  // C and C++ compilers: sources of the project in, a build product out. Not here: -B, -wrapper,
  // -specs, -fplugin, -Wl/-Xlinker, -fuse-ld, @file (they run or load other programs or read any file)
  gcc: CC,
  'g++': CC,
  cc: CC,
  'c++': CC,
  clang: CC,
  'clang++': CC,
  // rustc: not -C (a linker is a program) or -Z
  rustc: {
    opts: '-V -v -O -g -o=out --edition=num --crate-type=name --crate-name=name --out-dir=out --test --emit=name -L=path --cfg=text --cap-lints=name -A=name -W=name -D=name',
    args: 'path',
  },
  javac: {
    opts: '-d=out -cp=path -classpath=path --class-path=path -sourcepath=path -source=num --source=num -target=num --target=num --release=num -encoding=name -g -nowarn -deprecation -verbose -Werror -Xlint -Xlint:all -Xlint:unchecked -Xlint:deprecation -parameters -implicit:none',
    args: 'path path...',
    runs: true,
  },
  cmake: {
    opts: '-S=srcdir -B=out -D=define -G=text --build=path --target=name -j=jobs --parallel=num --config=name --clean-first --fresh -Wno-dev --preset=name',
    args: 'srcdir?',
    runs: true,
  },
  ctest: {
    opts: '--test-dir=path --output-on-failure -R=text -E=text -j=jobs -V --rerun-failed -C=name',
    runs: true,
  },
  ninja: { opts: '-C=path -j=jobs -v', args: 'name...', runs: true },
  make,
  gmake: make,
  meson: {
    sub: {
      setup: { opts: '--buildtype=name --reconfigure --wipe', args: 'out path?' },
      compile: { opts: '-C=path -j=jobs' },
      test: { opts: '-C=path' },
    },
    runs: true,
  },
  'pre-commit': {
    sub: {
      run: { opts: '--all-files -a --files=path', args: 'name...', runs: true },
      autoupdate: {},
      clean: {},
    },
  },
  shellcheck: { opts: '-x -e=name -S=name -s=name', args: 'path path...' },
  // sbt's tasks by the common names (script-names.ts): `publishSigned` and the like stay in their project
  sbt: { args: 'script...', runs: true },
  java: {
    opts: '-version --version -showversion -jar=path -cp=path -classpath=path --class-path=path -XshowSettings -XshowSettings:properties -XshowSettings:all -XshowSettings:vm -XshowSettings:system',
    args: 'arg...',
    runs: true,
  },
  javap: {
    opts: '-v -verbose -c -p -private -public -protected -s -l -constants -sysinfo -cp=path -classpath=path',
    args: 'path path...',
  },
};
