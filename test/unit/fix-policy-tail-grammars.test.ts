// Grammars of the long tail (src/fix-policy/grammars/tail.ts, langs.ts, kinds-tail.ts): Ansible
// Galaxy, vcpkg, minikube, .NET workloads and tools, Stack, Cabal, opam, Hex and rebar3 themselves,
// conda's own channel and caches, Terraform's provider lock, Meson's WrapDB, CocoaPods and pub
// caches, CMake's known cache variables and a source folder up from a `cd`, make's known
// variables. Their documented harmless forms cross projects; another server or channel, a path
// outside the project, a name off the lists, a chosen release or a variable that names a program
// keeps the fix in its project.
import { describe, expect, it } from 'vitest';
import { judgeFix } from '../helpers/fix-policy.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');

describe('long-tail forms that cross projects', () => {
  it.each([
    'ansible-galaxy collection install community.docker',
    'ansible-galaxy collection install -r collections/requirements.yml --upgrade',
    'ansible-galaxy role install -f geerlingguy.nginx',
    'ansible-galaxy install --role-file roles.yml',
    "ansible-galaxy collection install 'kubernetes.core:>=2.4'",
    'vcpkg install',
    'vcpkg install fmt zlib --triplet x64-linux',
    'vcpkg x-update-baseline --dry-run',
    'minikube start --memory=4g --cpus=2',
    'minikube status && minikube ip',
    'dotnet workload install wasm-tools',
    'dotnet workload update && dotnet workload list',
    'dotnet tool install -g dotnet-reportgenerator-globaltool',
    'dotnet tool update --local csharpier',
    'dotnet tool uninstall --global dotnet-trace',
    'stack setup --install-ghc && stack build',
    'stack init --force',
    'stack solver',
    'stack upgrade --binary-only',
    'stack build --resolver lts-22',
    'cabal install hlint ormolu',
    'cabal configure --enable-tests --allow-newer=base',
    'opam install . --deps-only -y',
    'opam exec -- dune runtest',
    'opam switch create . --deps-only --with-test --no-install',
    'mix local.hex --if-missing && mix local.rebar --force',
    'rebar3 local install',
    'conda install -c conda-forge --yes numpy',
    'conda create -n work --channel conda-forge python',
    'conda clean --tarballs -y',
    'terraform providers lock -platform=linux_arm64',
    'terraform providers',
    'meson wrap install gtest && meson setup build',
    'meson wrap status',
    'pod cache clean --all',
    'dart pub cache repair',
    'flutter pub cache clean -f && flutter upgrade --force',
    'mkdir -p out && cd out && cmake -DCMAKE_POLICY_VERSION_MINIMUM=3.5 -DCMAKE_CXX_STANDARD=20 .. && make -j8',
    'cd build/release && cmake ../.. -DCMAKE_BUILD_TYPE=Release',
    'cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_COLOR_DIAGNOSTICS=ON',
    'cd build && conan install .. --build missing',
    'make VERBOSE=1 test',
    'make -j4 DEBUG=1 all',
    'make ENABLE_ASAN=1',
    'cabal install ShellCheck',
  ])('safe: %s', (c) => {
    expect(ran(c).cls).toBe('safe');
  });
});

describe('near variants that stay in the project that proved them', () => {
  it.each([
    // names off the lists, chosen releases, other servers and paths
    'ansible-galaxy collection install someone.unknown',
    'ansible-galaxy collection install community.general:==9.0.1',
    'ansible-galaxy collection install -s https://galaxy.example.invalid community.general',
    'ansible-galaxy collection install -p /etc/ansible/collections community.general',
    'ansible-galaxy collection install ./vendor/ns-coll-1.0.0.tar.gz',
    'vcpkg install --overlay-ports=../ports zlib',
    'vcpkg integrate install',
    'minikube start --driver=none',
    'minikube start --mount --mount-string=/:/host',
    'minikube ssh',
    'dotnet tool install -g some-unknown-tool',
    'dotnet tool install -g dotnet-ef --version 8.0.1',
    'dotnet tool install --tool-path /usr/local/bin dotnet-ef',
    'dotnet workload install maui --from-rollback-file rollback.json',
    'stack init --resolver lts-21.7',
    'stack upgrade --git',
    'stack upgrade --binary-version 2.9.1',
    'cabal install some-unknown-hackage-thing',
    'cabal install pandoc-3.1',
    'cabal install Hlint',
    'opam install ../elsewhere',
    'opam switch create ../outside',
    'opam exec --switch=x -- dune build',
    'conda install -c some-channel numpy',
    'conda install --channel https://conda.example.invalid numpy',
    'terraform providers lock -fs-mirror=/srv/mirror',
    'terraform providers mirror ./mirror',
    'terraform init -backend-config=bucket=other-bucket',
    'meson wrap install ../zlib.wrap',
    'pod cache clean --all --verbose=x',
    // a source folder above the project, or above where a cd went
    'cmake ..',
    'cd build && cmake ../..',
    'cd build && cd .. && cmake ..',
    // a `cd` counts only in one `&&` chain: not in a subshell, a pipe, the background, or after ; || (it may not have run)
    '(cd build) && cmake ..',
    'cd build || cmake ..',
    'cd build; cmake ..',
    'cd build | cmake ..',
    'cd build & cmake ..',
    'true || cd build && cmake ..',
    'cd build && sh -c "cd x" && cmake ../..',
    'cd $DIR && cmake ..',
    'cmake -S .. -B build',
    // cache variables that name programs, code or paths outside
    'cmake -DCMAKE_CXX_COMPILER=/tmp/cc .',
    'cmake -DCMAKE_TOOLCHAIN_FILE=cmake/tc.cmake .',
    'cmake -DCMAKE_CXX_FLAGS=-fplugin=x .',
    'cmake -DCMAKE_PROJECT_INCLUDE=inject.cmake .',
    'cmake -DCMAKE_INSTALL_PREFIX=/usr .',
    // make variables that name a program or flags
    'make CC=clang',
    'make SHELL=/bin/sh test',
    'make LDFLAGS=-Wl,-rpath,/tmp',
    'make DEBUG=$(id)',
    'make VERBOSE="1; id"',
  ])('not safe: %s', (c) => {
    expect(ran(c).cls).not.toBe('safe');
  });
});
