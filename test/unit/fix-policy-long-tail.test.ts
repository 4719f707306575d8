// The fix policy's grammars for the long tail of ecosystems (src/fix-policy/grammars/langs.ts and
// the additions to the others) and its toolchain version pins (src/fix-policy/pins.ts): the forms
// their programs document that stay in the project, or only read, cross projects; a glued or
// abbreviated option the grammar lacks, a foreign source, a path outside the project, a name off
// the known packages or an exact release keeps the fix in the project that proved it.
import { describe, expect, it } from 'vitest';
import { toolchainPin } from '../../src/fix-policy/pins.js';
import { judgeFix } from '../helpers/fix-policy.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');
const edit = (path: string, before: string, after: string) =>
  judgeFix(`Edit ${path}: ${before ? `\`${before}\`` : '(nothing)'} → \`${after}\``, 'same-file');

describe('long-tail grammars: allowed forms cross projects', () => {
  it.each([
    'mix deps.get && mix deps.compile',
    'mix deps.update hackney',
    'mix deps.unlock phoenix',
    'mix deps.clean --unused --unlock',
    'rebar3 upgrade hackney',
    'stack update && stack setup && stack build',
    'stack clean --full && stack build --fast -j4',
    'cabal update && cabal build --only-dependencies',
    'opam install -y dune lwt',
    'opam update && opam upgrade -y',
    'dune build @runtest --profile=release',
    'nimble install arraymancer',
    'nimble install -d',
    'zig build -Doptimize=ReleaseFast test',
    'zig fmt --check src',
    'luarocks --lua-version 5.1 install lapis',
    'luarocks install --local busted',
    'lein deps :tree',
    'conan install . --build missing',
    'bazel clean --expunge',
    'bazel test //src/... --test_output=errors',
    'helm dependency update charts/app',
    'helm dep build',
    'terraform init -upgrade --input=false',
    'flutter pub run build_runner build --delete-conflicting-outputs',
    'dart run build_runner build --delete-conflicting-outputs',
    'flutter precache --ios',
    'pod install --project-directory=ios --repo-update',
    'rustup target install wasm32-unknown-unknown',
    'go mod edit -go=1.22.0',
    'docker build --platform=linux/amd64 -t app:dev .',
    'DOCKER_BUILDKIT=1 docker build -f Dockerfile .',
    'git pull origin main --allow-unrelated-histories',
    'ng update @angular/cli @angular/core',
    'python manage.py migrate --fake accounts 0001_initial',
  ])('recognised: %s', (c) => {
    expect(ran(c)).toMatchObject({ cls: 'safe', rule: '' });
  });
});

describe('long-tail grammars: other forms stay in the project that proved them', () => {
  it.each([
    // abbreviations and glued forms the programs' grammars do not list
    ['an abbreviated option', 'mix deps.unlock --al'],
    [
      'a glued value of an option the grammar lacks',
      'luarocks install --server=https://rocks.example.dev lapis',
    ],
    ['a glued value the grammar does not list', 'cabal build -O3'],
    ['an unknown zig define', 'zig build -Dprefix=/usr/local'],
    // foreign sources, pins and fetches
    ['a package from a URL', 'nimble install https://github.com/gradha/argument_parser.git@#v0.2.0'],
    ['a git head', 'nimble install nimble@#head'],
    ['a pin to a source', 'opam pin add --dev utop'],
    ['a fetch from a URL', 'zig fetch --save https://example.dev/zig-cli/archive/main.tar.gz'],
    ['another server', 'luarocks install --server https://rocks.example.dev lapis'],
    ['a replace of a module by another', 'go mod edit -replace github.com/a/b=github.com/evil/b@v1.0.0'],
    ['helm install (changes a live cluster)', 'helm install app . --generate-name'],
    // exact releases and names off the known packages
    ['an exact release (opam)', 'opam install why3.0.88.3'],
    ['an exact release (nimble)', 'nimble install hts@0.3.13'],
    ['an exact release (luarocks)', 'luarocks install version 1.0.1-1'],
    ['a name off the known rocks', 'luarocks install Formatter'],
    ['a name off the known opam packages', 'opam install ocamlbuld'],
    // paths outside the project
    ['a path outside (conan)', 'conan install ../.. --build=missing'],
    ['a label outside the workspace', 'bazel build //src/../../etc:x'],
    ['a path outside (helm)', 'helm lint /etc/charts'],
  ])('not recognised (%s): %s', (_, c) => {
    expect(ran(c).cls).not.toBe('safe');
  });
});

describe('toolchain version pins cross projects by their file grammar', () => {
  it.each([
    ['.nvmrc', '18', '20'],
    ['.nvmrc', 'v24.18.0', 'lts/*'],
    ['.ruby-version', '3.2.0', '3.3'],
    ['rust-toolchain.toml', 'channel = "stable"', 'channel = "1.56"'],
    ['go.mod', 'go 1.21', 'go 1.22.7'],
    ['go.mod', 'toolchain go1.21', 'toolchain go1.23.6'],
    ['stack.yaml', 'resolver: nightly-2017-11-20', 'resolver: lts-10.3'],
  ])('a pin: %s `%s` → `%s`', (path, before, after) => {
    expect(toolchainPin(path, before, after)).toBe(true);
    expect(edit(path, before, after)).toMatchObject({ cls: 'safe', rule: '' });
  });

  it.each([
    ['.nvmrc', '18', '$(curl https://example.dev/x)'],
    ['go.mod', 'go 1.21', 'replace github.com/a/b => ../b'],
    ['go.mod', 'go 1.21', 'require github.com/evil/b v1.0.0'],
    ['rust-toolchain.toml', 'channel = "stable"', 'path = "/opt/toolchain"'],
    ['rust-toolchain.toml', 'channel = "stable"', 'components = ["rustfmt"]'],
    ['stack.yaml', 'resolver: lts-10.3', 'resolver: https://example.dev/snapshot.yaml'],
    ['project/build.properties', 'sbt.version=1.9.0', 'sbt.boot.properties=/tmp/boot'],
    ['package.json', '"node": "18"', '"node": "20"'],
    ['.claude/.nvmrc', '18', '20'],
    ['.git/go.mod', 'go 1.21', 'go 1.22'],
    // a chosen release (every component) is not a pin that crosses (versions.ts)
    ['.nvmrc', '20.11.1', '12.13.0'],
    ['.ruby-version', '3.2.0', '3.2.1'],
    ['project/build.properties', 'sbt.version=0.13.0', 'sbt.version=0.13.7'],
    ['rust-toolchain.toml', 'channel = "stable"', 'channel = "1.96.1"'],
  ])('not a pin: %s `%s` → `%s`', (path, before, after) => {
    expect(toolchainPin(path, before, after)).toBe(false);
    expect(edit(path, before, after).cls).not.toBe('safe');
  });

  it('a Write of a pin file is judged by its kind (its content is not shown)', () => {
    expect(judgeFix('Write .nvmrc (wrote 1 line(s))', 'same-file').cls).not.toBe('safe');
  });
});
