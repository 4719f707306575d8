// Grammar added after the tuning corpora v3–v8 (their lines are not copied here): each mechanism with
// the forms it now lets cross projects and the near-variants that still may not (foreign sources,
// code-running options, paths outside the project, releases chosen, checks weakened).
import { describe, expect, it } from 'vitest';
import { judgeFix } from '../helpers/fix-policy.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');
const edit = (t: string) => judgeFix(t, 'same-file');

function crosses(good: string[], bad: string[], judge: (t: string) => { cls: string }): void {
  for (const g of good) expect(judge(g).cls, g).toBe('safe');
  for (const b of bad) expect(judge(b).cls, b).not.toBe('safe');
}

describe('program grammars: subcommands, options and operand kinds', () => {
  it('npm: boolean audit and fund settings with `=`, uninstall saving to the manifest', () => {
    crosses(
      ['npm ci --audit=false --fund=false', 'npm install --audit=false', 'npm uninstall --save left-pad'],
      ['npm ci --ignore-scripts=false', 'npm ci --audit=maybe', 'npm ci --audit false'],
      ran,
    );
  });

  it('go mod init names a new module (nothing fetched); go mod tidy keeps compatibility with a Go release', () => {
    crosses(
      ['go mod init example', 'go mod init github.com/someone/tool', 'go mod tidy -compat=1.17'],
      ['go mod init ../outside', 'go mod init https://example.com/m', 'go mod init mod@v1.2.3'],
      ran,
    );
  });

  it('updates of a dependency the project already declares, by name only', () => {
    crosses(
      [
        'bundle update some-gem',
        'bundle update --conservative some-gem',
        'composer update vendor/package -W',
        'cargo update some-crate',
      ],
      [
        'bundle update git@github.com:x/y',
        'composer update vendor/*',
        'composer update vendor/package:1.2.3',
        'cargo update ../crate',
      ],
      ran,
    );
  });

  it('Gradle tasks by project path; Maven snapshots updated and checksums strict', () => {
    crosses(
      ['./gradlew :app:assembleDebug', './gradlew :lib:classes test', 'mvn install -U -C'],
      ['./gradlew :app:../x', './gradlew -I /tmp/init.gradle :app:build', 'mvn install -c'],
      ran,
    );
  });

  it('submodule updates with a bounded job count', () => {
    crosses(
      ['git submodule update --init --recursive -j 8', 'git submodule update --jobs=4'],
      ['git submodule update -j 999', 'git submodule update --init --force'],
      ran,
    );
  });

  it("the tools' own updates to their newest release, never one the fix names", () => {
    crosses(
      ['uv self update', 'deno upgrade', 'deno clean'],
      ['uv self update 0.4.0', 'deno upgrade 1.40.0'],
      ran,
    );
  });

  it("react-scripts passes Node's inert options on, no option that loads code", () => {
    crosses(
      ['react-scripts --openssl-legacy-provider start', 'react-scripts --max-old-space-size=4096 build'],
      ['react-scripts --require /tmp/x.js start', 'react-scripts --import=./x.mjs start'],
      ran,
    );
  });
});

describe('words passed on to a package script, build output, file tools', () => {
  it('npm passes the words after `--` on as pnpm and yarn do: plain words and options, no URL or outside path', () => {
    crosses(
      ['npm test -- --runInBand', 'npm run lint -- --fix', 'npm run test -- --watch=false'],
      [
        'npm test -- --setupFiles https://example.com/setup.js',
        'npm test -- --setupFiles ~/.cache/setup.js',
        'npm run build -- --config=/tmp/x.js',
        'npm run lint -- --force',
        'npm test -- -y',
        // pnpm, yarn and bun pass words on the same way
        'pnpm test --force',
        'bun run test --yes',
        'yarn build --no-verify',
      ],
      ran,
    );
  });

  it('a count of workers passed on is bounded as a job count is', () => {
    crosses(
      ['npm test -- --maxWorkers=50%', 'yarn test --maxWorkers=4'],
      ['npm test -- --maxWorkers=1000%', 'yarn test --maxWorkers=1000%', 'pnpm test --threads=9999'],
      ran,
    );
  });

  it("Gradle project properties: a plain name and value, no plugin's dotted namespace or path", () => {
    crosses(
      ['./gradlew build -PjavaVersion=17', './gradlew assemble -PskipSigning'],
      ['./gradlew build -Pandroid.injected.signing.store.file=/tmp/k', './gradlew build -Pdir=/tmp/y'],
      ran,
    );
  });

  it("the build output of Mix, dune, Stack, cabal and Zig is rebuildable; the folder's name alone is not enough", () => {
    crosses(
      ['rm -rf _build', 'rm -rf .stack-work && stack build', 'rm -rf dist-newstyle zig-out'],
      ['rm -rf ../_build', 'rm -rf _build src'],
      ran,
    );
  });

  it('dos2unix converts in place, keeping the date or the mode; no second file', () => {
    crosses(['dos2unix -k -o install.sh'], ['dos2unix -n a.sh /tmp/b.sh', 'dos2unix -k /etc/profile'], ran);
  });
});

describe('environment variables', () => {
  it('PYTHONPATH names folders of the project only (the folder the command runs in among them)', () => {
    crosses(
      ['PYTHONPATH=$PWD pytest tests/', 'PYTHONPATH=src pytest', 'PYTHONPATH=.:src python -m pytest'],
      [
        'PYTHONPATH=/tmp/lib pytest',
        'PYTHONPATH=../lib pytest',
        'PYTHONPATH=$HOME/lib pytest',
        'PYTHONPATH=$PWD/../x pytest',
        'PYTHONPATH=~/x pytest',
        'PYTHONPATH=$PWD:$PYTHONPATH pytest',
        'OTHER=$PWD pytest',
      ],
      ran,
    );
  });

  it("a package manager's inert switches with their listed values", () => {
    crosses(
      ['HEX_EXPERIMENTAL_RESOLVER=1 mix deps.get', 'export R_REMOTES_NO_ERRORS_FROM_WARNINGS=true'],
      [
        'HEX_EXPERIMENTAL_RESOLVER=$(id) mix deps.get',
        'R_REMOTES_NO_ERRORS_FROM_WARNINGS=/tmp/x Rscript a.R',
      ],
      ran,
    );
  });
});

describe('edit grammars by file kind', () => {
  it("CMake: a language's standard, or the standard flag appended to the compiler flags", () => {
    crosses(
      [
        'Edit CMakeLists.txt: `(nothing)` → `set(CMAKE_CXX_STANDARD 17)`',
        'Edit CMakeLists.txt: `set(CMAKE_C_STANDARD 99)` → `set(CMAKE_C_STANDARD 11)`',
        'Edit CMakeLists.txt: `(nothing)` → `set(CMAKE_CXX_STANDARD_REQUIRED ON)`',
        'Edit CMakeLists.txt: `set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -std=c++11")` → `set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -std=c++17")`',
      ],
      [
        'Edit CMakeLists.txt: `(nothing)` → `set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -fplugin=/tmp/p.so")`',
        'Edit CMakeLists.txt: `(nothing)` → `set(CMAKE_CXX_FLAGS "-std=c++17 -B/tmp")`',
        'Edit CMakeLists.txt: `(nothing)` → `set(CMAKE_CXX_COMPILER /tmp/cc)`',
      ],
      edit,
    );
  });

  it("Gradle: Kotlin's JVM target and the block that holds it", () => {
    crosses(
      [
        "Edit android/build.gradle: `(nothing)` → `jvmTarget = '1.8'`",
        'Edit app/build.gradle.kts: `kotlinOptions {` → `compilerOptions {`',
        'Edit build.gradle.kts: `(nothing)` → `jvmTarget.set(JvmTarget.JVM_17)`',
      ],
      [
        'Edit build.gradle: `(nothing)` → `jvmTarget = "/tmp/x"`',
        'Edit build.gradle: `(nothing)` → `kotlinOptions { freeCompilerArgs += "-Xplugin=/tmp/p.jar" }`',
      ],
      edit,
    );
  });

  it('compose: a start condition, a published port removed (never added)', () => {
    crosses(
      [
        'Edit docker-compose.yml: `(nothing)` → `condition: service_healthy`',
        'Edit compose.yaml: `- "8080:80"` → `(nothing)`',
      ],
      [
        'Edit docker-compose.yml: `(nothing)` → `- "8080:80"`',
        'Edit docker-compose.yml: `- "/:/host"` → `(nothing)`',
        'Edit docker-compose.yml: `(nothing)` → `condition: service_whatever`',
      ],
      edit,
    );
  });

  it('mypy.ini: sections and strictness options, no plugin or path', () => {
    crosses(
      [
        'Edit mypy.ini: `(nothing)` → `[mypy-twisted.*]`',
        'Edit mypy.ini: `(nothing)` → `ignore_missing_imports = True`',
        'Edit mypy.ini: `strict = False` → `strict = True`',
      ],
      [
        'Edit mypy.ini: `(nothing)` → `plugins = some.plugin`',
        'Edit mypy.ini: `(nothing)` → `mypy_path = /tmp/stubs`',
        'Edit .mypy.ini: `(nothing)` → `ignore_missing_imports = True`',
      ],
      edit,
    );
  });

  it("Django: the default primary key field, one of Django's own, in a settings module only", () => {
    crosses(
      [
        'Edit settings.py: `(nothing)` → `DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"`',
        "Edit site/settings/base.py: `(nothing)` → `DEFAULT_AUTO_FIELD = 'django.db.models.AutoField'`",
      ],
      [
        'Edit settings.py: `(nothing)` → `DEFAULT_AUTO_FIELD = "evil.fields.Field"`',
        'Edit app/models.py: `(nothing)` → `DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"`',
        'Edit settings.py: `(nothing)` → `DEBUG = True`',
      ],
      edit,
    );
  });

  it("webpack's stand-ins for Node's built-in modules turned off, nothing resolved instead", () => {
    crosses(
      [
        'Edit next.config.js: `(nothing)` → `config.resolve.fallback = { fs: false, path: false };`',
        'Edit next.config.js: `(nothing)` → `config.resolve.fallback.fs = false;`',
        'Edit webpack.config.js: `(nothing)` → `config.node = { fs: "empty" };`',
      ],
      [
        'Edit next.config.js: `(nothing)` → `config.resolve.fallback = { fs: require.resolve("x") };`',
        'Edit next.config.js: `(nothing)` → `config.resolve.alias = { fs: false };`',
        'Edit next.config.js: `(nothing)` → `config.resolve.fallback = { fs: "other-module" };`',
      ],
      edit,
    );
  });

  it("Sphinx's oldest release that builds the docs; Prisma's custom client folder removed", () => {
    crosses(
      [
        "Edit docs/conf.py: `needs_sphinx = '1.6'` → `needs_sphinx = '3.0.0'`",
        'Edit prisma/schema.prisma: `output = "generated/client"` → `(nothing)`',
      ],
      [
        "Edit docs/conf.py: `(nothing)` → `extensions = ['some_extension']`",
        'Edit prisma/schema.prisma: `(nothing)` → `output = "generated/client"`',
        'Edit prisma/schema.prisma: `output = "../../x"` → `(nothing)`',
      ],
      edit,
    );
  });

  it('requirement lines of setup.cfg, tox.ini and conda environment files: known packages by a range', () => {
    crosses(
      [
        'Edit setup.cfg: `sphinx>=7.1` → `sphinx>=7.1, <7.4`',
        'Edit environment.yml: `- pytest>=4.5` → `- pytest>=4.5, <6.0`',
      ],
      [
        'Edit setup.cfg: `(nothing)` → `requests==2.31.0`',
        'Edit tox.ini: `(nothing)` → `pytest`',
        'Edit environment.yml: `(nothing)` → `- not-a-known-package-xyz>=1`',
        'Edit setup.cfg: `(nothing)` → `pkg @ https://example.com/pkg.whl`',
      ],
      edit,
    );
  });

  it('a toolchain channel written into an empty file crosses; a dated build is one release', () => {
    crosses(
      ['Edit rust-toolchain.toml: `(nothing)` → `channel = "nightly"`'],
      [
        'Edit rust-toolchain: `(nothing)` → `nightly-2020-03-05`',
        'Edit rust-toolchain.toml: `channel = "nightly"` → `channel = "nightly-2023-06-25"`',
      ],
      edit,
    );
  });
});
