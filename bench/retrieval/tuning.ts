// TUNING part of the retrieval data set (bench/kb-quality.mjs, test/unit/kb-quality.test.ts): the
// lexical tier, the keywords and the normalisation are tuned on these cases and on tuning-2.ts (the
// former held-out set). The held-out set (bench/retrieval/holdout-v2.ts) is never used for tuning.
// Each pair: the raw error that was resolved and stored, and a later raw error of the same problem
// as a tool prints it another time (other file, other name, other tool version or wording).
// Unrelated: errors that are not in the KB, many sharing words or tools with stored ones.
import { pair as P, type KbPair } from './types.js';

export type { KbPair };

const FIRST_PAIRS: KbPair[] = [
  // npm
  {
    id: 'npm-eresolve',
    tool: 'npm',
    stored:
      'npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\nnpm ERR! Found: react@18.2.0',
    query:
      'npm error code ERESOLVE\nnpm error ERESOLVE could not resolve\nnpm error While resolving: my-app@0.1.0',
    resolution: 'npm install --legacy-peer-deps, then align the peer versions',
  },
  {
    id: 'npm-404',
    tool: 'npm',
    stored: 'npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fwidgets - Not found',
    query:
      "npm error 404 Not Found - GET https://registry.npmjs.org/lodahs - Not found\nnpm error 404  'lodahs@*' is not in this registry.",
    resolution: 'the package name is misspelled or private: fix the name or log in to the registry',
  },
  {
    id: 'npm-eacces',
    tool: 'npm',
    stored:
      'npm ERR! code EACCES\nnpm ERR! syscall mkdir\nnpm ERR! path /usr/local/lib/node_modules/typescript',
    query: 'npm error code EACCES\nnpm error syscall rename\nnpm error path /usr/lib/node_modules/pnpm',
    resolution: 'set an npm prefix in the home folder (npm config set prefix ~/.npm-global) instead of sudo',
  },
  {
    id: 'node-engine',
    tool: 'npm',
    stored:
      'error vite@5.0.0: The engine "node" is incompatible with this module. Expected version "^18.0.0 || >=20.0.0". Got "16.20.0"',
    query:
      'error @angular/core@17.0.0: The engine "node" is incompatible with this module. Expected version ">=18.13.0". Got "16.14.2"',
    resolution: 'nvm use 20',
  },
  // tsc
  {
    id: 'ts2322',
    tool: 'tsc',
    stored:
      "src/components/Button.tsx(12,5): error TS2322: Type 'string' is not assignable to type 'number'.",
    query: "src/pages/index.tsx(40,11): error TS2322: Type 'undefined' is not assignable to type 'string'.",
    resolution: 'narrow or convert the value before assigning it',
  },
  {
    id: 'ts2307',
    tool: 'tsc',
    stored: "error TS2307: Cannot find module '@/utils/date' or its corresponding type declarations.",
    query:
      "src/app.ts(3,22): error TS2307: Cannot find module 'lodash' or its corresponding type declarations.",
    resolution: 'install the types (npm i -D @types/…) or fix the paths alias in tsconfig.json',
  },
  {
    id: 'ts18048',
    tool: 'tsc',
    stored: "error TS18048: 'user' is possibly 'undefined'.",
    query: "src/api/client.ts(9,3): error TS18048: 'res.data' is possibly 'undefined'.",
    resolution: 'add a guard or optional chaining before use',
  },
  {
    id: 'ts2339',
    tool: 'tsc',
    stored: "error TS2339: Property 'foo' does not exist on type 'Bar'.",
    query: "lib/store.ts(1,2): error TS2339: Property 'map' does not exist on type '{}'.",
    resolution: 'type the object (interface or generic) so the property is declared',
  },
  {
    id: 'ts7006',
    tool: 'tsc',
    stored: "error TS7006: Parameter 'e' implicitly has an 'any' type.",
    query: "src/handlers.ts(4,18): error TS7006: Parameter 'req' implicitly has an 'any' type.",
    resolution: 'annotate the parameter type',
  },
  // node
  {
    id: 'node-cannot-find-module',
    tool: 'node',
    stored: "Error: Cannot find module 'express'\nRequire stack:\n- /app/server.js",
    query:
      "node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module '/home/u/proj/dist/index.js'",
    resolution: 'npm install (or build first when the missing file is in dist/)',
  },
  {
    id: 'node-esm-not-found',
    tool: 'node',
    stored: "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'chalk' imported from /app/index.mjs",
    query: "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/src/util' imported from /app/src/index.js",
    resolution: 'ESM needs full specifiers: add the .js extension or install the package',
  },
  {
    id: 'node-read-undefined',
    tool: 'node',
    stored: "TypeError: Cannot read properties of undefined (reading 'map')",
    query: "TypeError: Cannot read properties of null (reading 'length')",
    resolution: 'the value was not loaded yet: guard it or give it a default',
  },
  {
    id: 'node-eaddrinuse',
    tool: 'node',
    stored: 'Error: listen EADDRINUSE: address already in use :::3000',
    query: 'Error: listen EADDRINUSE: address already in use 127.0.0.1:8080',
    resolution: 'another server holds the port: kill it (lsof -i :PORT) or use another port',
  },
  {
    id: 'node-esm-import',
    tool: 'node',
    stored: 'SyntaxError: Cannot use import statement outside a module',
    query:
      '(node:48211) Warning: To load an ES module, set "type": "module" in the package.json or use the .mjs extension.\n/app/index.js:1\nimport fs from "fs";\n^^^^^^\n\nSyntaxError: Cannot use import statement outside a module',
    resolution: 'add "type": "module" to package.json',
  },
  {
    id: 'node-fetch-undefined',
    tool: 'node',
    stored: 'ReferenceError: fetch is not defined',
    query: 'ReferenceError: structuredClone is not defined\n    at Object.<anonymous> (/app/x.js:2:1)',
    resolution: 'the Node.js version is too old: use Node 18 or newer',
  },
  {
    id: 'node-heap',
    tool: 'node',
    stored: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
    query:
      'FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory',
    resolution: 'NODE_OPTIONS=--max-old-space-size=8192',
  },
  {
    id: 'node-enoent',
    tool: 'node',
    stored: "Error: ENOENT: no such file or directory, open '/app/config.json'",
    query: "Error: ENOENT: no such file or directory, scandir '/home/u/p/templates'",
    resolution: 'create the file/folder or run the command from the project root',
  },
  {
    id: 'node-unknown-ext',
    tool: 'node',
    stored: 'TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /app/src/index.ts',
    query:
      'TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".tsx" for /home/u/p/scripts/seed.tsx',
    resolution: 'run TypeScript through tsx (npx tsx file.ts), not node',
  },
  // python / pip / pytest
  {
    id: 'py-no-module',
    tool: 'python',
    stored:
      'Traceback (most recent call last):\n  File "/app/main.py", line 1, in <module>\n    import numpy\nModuleNotFoundError: No module named \'numpy\'',
    query:
      'Traceback (most recent call last):\n  File "/home/u/p/run.py", line 3, in <module>\n    from requests.adapters import HTTPAdapter\nModuleNotFoundError: No module named \'requests.adapters\'',
    resolution: 'activate the venv, then pip install -r requirements.txt',
  },
  {
    id: 'py-import-name',
    tool: 'python',
    stored:
      "ImportError: cannot import name 'soft_unicode' from 'markupsafe' (/usr/lib/python3/dist-packages/markupsafe/__init__.py)",
    query:
      "ImportError: cannot import name 'url_quote' from 'werkzeug.urls' (/venv/lib/python3.11/site-packages/werkzeug/urls.py)",
    resolution: 'pin the older version of the library the code was written for',
  },
  {
    id: 'py-indent',
    tool: 'python',
    stored: '  File "app.py", line 14\n    print(x)\nIndentationError: unexpected indent',
    query:
      '  File "/home/u/p/tools/report.py", line 88\n    return rows\nIndentationError: unexpected indent',
    resolution: 'fix the indentation (mixed tabs and spaces)',
  },
  {
    id: 'py-operand',
    tool: 'python',
    stored: "TypeError: unsupported operand type(s) for +: 'int' and 'str'",
    query: "TypeError: unsupported operand type(s) for -: 'NoneType' and 'int'",
    resolution: 'convert the operands (int()/str()) or handle None first',
  },
  {
    id: 'pip-no-version',
    tool: 'pip',
    stored:
      'ERROR: Could not find a version that satisfies the requirement torch==2.9.0 (from versions: none)',
    query:
      'ERROR: Could not find a version that satisfies the requirement tensorflow>=2.16 (from versions: 2.12.0, 2.13.0)',
    resolution: 'the Python version is not supported by that release: use Python 3.11',
  },
  {
    id: 'py-unicode',
    tool: 'python',
    stored: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x89 in position 0: invalid start byte",
    query: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 1024: invalid start byte",
    resolution: 'open the file in binary mode or with the right encoding',
  },
  {
    id: 'pip-externally-managed',
    tool: 'pip',
    stored: 'error: externally-managed-environment\n\n× This environment is externally managed',
    query:
      'error: externally-managed-environment\n\n× This environment is externally managed\n╰─> To install Python packages system-wide, try apt install\n    python3-xyz, where xyz is the package you are trying to\n    install.',
    resolution: 'python3 -m venv .venv && . .venv/bin/activate, then pip install',
  },
  {
    id: 'pytest-fixture',
    tool: 'pytest',
    stored: "E       fixture 'db_session' not found",
    query:
      "file /home/u/p/tests/test_users.py, line 12\n  def test_create(client):\nE       fixture 'client' not found",
    resolution: 'add the fixture to conftest.py (or install the plugin that provides it)',
  },
  {
    id: 'pytest-not-found',
    tool: 'pytest',
    stored: 'ERROR: file or directory not found: tests/test_x.py',
    query: 'ERROR: file or directory not found: test_api.py::test_login',
    resolution: 'run pytest from the project root with the right path',
  },
  {
    id: 'py-nonetype-attr',
    tool: 'python',
    stored: "AttributeError: 'NoneType' object has no attribute 'get'",
    query:
      "Traceback (most recent call last):\n  File \"/srv/app/views.py\", line 31, in index\n    name = user.profile.get('name')\nAttributeError: 'NoneType' object has no attribute 'get'",
    resolution: 'the lookup returned None: check it before use',
  },
  // git
  {
    id: 'git-push-rejected',
    tool: 'git',
    stored: "error: failed to push some refs to 'github.com:acme/api.git'",
    query:
      " ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'https://github.com/me/site.git'",
    resolution: 'git pull --rebase, then push',
  },
  {
    id: 'git-not-repo',
    tool: 'git',
    stored: 'fatal: not a git repository (or any of the parent directories): .git',
    query: "fatal: not a git repository: '/home/u/p/.git'",
    resolution: 'run it inside the repository (or git init)',
  },
  {
    id: 'git-merge-conflict',
    tool: 'git',
    stored:
      'CONFLICT (content): Merge conflict in src/index.ts\nAutomatic merge failed; fix conflicts and then commit the result.',
    query: 'Auto-merging package-lock.json\nCONFLICT (content): Merge conflict in package-lock.json',
    resolution: 'resolve the markers, git add, git commit',
  },
  {
    id: 'git-local-changes',
    tool: 'git',
    stored: 'error: Your local changes to the following files would be overwritten by merge:\n\tsrc/app.ts',
    query: 'error: Your local changes to the following files would be overwritten by checkout:\n\tREADME.md',
    resolution: 'git stash, then retry (git stash pop after)',
  },
  {
    id: 'git-auth',
    tool: 'git',
    stored: "fatal: Authentication failed for 'https://github.com/acme/app.git/'",
    query:
      "remote: Invalid username or password.\nfatal: Authentication failed for 'https://gitlab.com/x/y.git/'",
    resolution: 'use a personal access token (git credential helper), not the account password',
  },
  {
    id: 'ssl-issuer',
    tool: 'git',
    stored: 'curl: (60) SSL certificate problem: unable to get local issuer certificate',
    query:
      "fatal: unable to access 'https://github.com/x/y.git/': SSL certificate problem: unable to get local issuer certificate",
    resolution: 'install the corporate CA bundle (NODE_EXTRA_CA_CERTS / http.sslCAInfo)',
  },
  // cargo
  {
    id: 'rust-e0308',
    tool: 'cargo',
    stored: 'error[E0308]: mismatched types\n --> src/main.rs:14:9',
    query:
      'error[E0308]: mismatched types\n  --> src/lib.rs:88:20\n   |\n88 |     let x: u32 = "a";\n   |            ---   ^^^ expected `u32`, found `&str`',
    resolution: 'convert the value to the expected type',
  },
  {
    id: 'rust-e0382',
    tool: 'cargo',
    stored: 'error[E0382]: borrow of moved value: `config`',
    query: 'error[E0382]: use of moved value: `v`\n --> src/main.rs:7:20',
    resolution: 'clone it or borrow (&) instead of moving',
  },
  {
    id: 'rust-e0425',
    tool: 'cargo',
    stored: 'error[E0425]: cannot find value `foo` in this scope',
    query: 'error[E0425]: cannot find function `bar` in this scope\n --> src/lib.rs:3:5',
    resolution: 'import it (use …) or fix the name',
  },
  {
    id: 'rust-linker',
    tool: 'cargo',
    stored: 'error: linker `cc` not found\n  |\n  = note: No such file or directory (os error 2)',
    query: 'error: linker `link.exe` not found',
    resolution: 'install the C toolchain (build-essential / Visual Studio Build Tools)',
  },
  {
    id: 'rust-build-script',
    tool: 'cargo',
    stored: 'error: failed to run custom build command for `openssl-sys v0.9.102`',
    query:
      "error: failed to run custom build command for `ring v0.17.8`\n\nCaused by:\n  process didn't exit successfully",
    resolution: 'install the native dev packages (pkg-config, libssl-dev)',
  },
  // docker
  {
    id: 'docker-name-in-use',
    tool: 'docker',
    stored:
      'docker: Error response from daemon: Conflict. The container name "/web" is already in use by container "4f3c2a1b9d8e".',
    query:
      'Error response from daemon: Conflict. The container name "/db" is already in use by container "a1b2c3d4e5f6". You have to remove (or rename) that container to be able to reuse that name.',
    resolution: 'docker rm -f the old container (or use --rm)',
  },
  {
    id: 'docker-daemon-down',
    tool: 'docker',
    stored:
      'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
    query:
      'docker: Cannot connect to the Docker daemon at unix:///run/user/1000/docker.sock. Is the docker daemon running?',
    resolution: 'start Docker (systemctl start docker / open Docker Desktop)',
  },
  {
    id: 'docker-build-step',
    tool: 'docker',
    stored: 'ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1',
    query:
      'ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 2',
    resolution: 'read the failing RUN step output above; fix that command',
  },
  {
    id: 'docker-pull-denied',
    tool: 'docker',
    stored:
      "Error response from daemon: pull access denied for myapp, repository does not exist or may require 'docker login'",
    query:
      "Error response from daemon: pull access denied for acme/worker, repository does not exist or may require 'docker login': denied: requested access to the resource is denied",
    resolution: 'docker login, or build the image locally first',
  },
  {
    id: 'disk-full',
    tool: 'docker',
    stored: 'failed to register layer: write /usr/lib/x86_64-linux-gnu/libLLVM.so: no space left on device',
    query: 'Error: write /var/lib/docker/tmp/GetImageBlob123: no space left on device',
    resolution: 'docker system prune -af',
  },
  // shell, lint, services, java
  {
    id: 'sh-jq-missing',
    tool: 'bash',
    stored: 'bash: line 1: jq: command not found',
    query: '/bin/sh: 1: jq: command not found',
    resolution: 'apt-get install -y jq',
  },
  {
    id: 'script-not-executable',
    tool: 'bash',
    stored: 'bash: ./deploy.sh: Permission denied',
    query: 'zsh: permission denied: ./scripts/build.sh',
    resolution: 'chmod +x the script',
  },
  {
    id: 'eslint-unused',
    tool: 'eslint',
    stored: "  12:5  error  'foo' is assigned a value but never used  @typescript-eslint/no-unused-vars",
    query: "  3:10  error  'Bar' is defined but never used  @typescript-eslint/no-unused-vars",
    resolution: 'remove it or prefix it with _',
  },
  {
    id: 'psql-refused',
    tool: 'psql',
    stored:
      'psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: No such file or directory',
    query:
      'psql: error: connection to server at "localhost" (127.0.0.1), port 5432 failed: Connection refused',
    resolution: 'start PostgreSQL (docker compose up -d db)',
  },
  {
    id: 'java-npe',
    tool: 'java',
    stored:
      'Exception in thread "main" java.lang.NullPointerException: Cannot invoke "String.length()" because "<local1>" is null',
    query: 'Exception in thread "main" java.lang.NullPointerException\n\tat com.acme.App.main(App.java:14)',
    resolution: 'initialise the field before use',
  },
];

/** Errors that must not match anything in a KB made of the pairs' stored errors. */
const FIRST_UNRELATED: string[] = [
  'fatal: remote origin already exists.',
  "error: pathspec 'feature/login' did not match any file(s) known to git",
  'npm ERR! code ENOTEMPTY\nnpm ERR! syscall rename',
  'TypeError: fetch failed\n    at node:internal/deps/undici/undici:13185:13',
  'SyntaxError: Unexpected token \'<\', "<!DOCTYPE "... is not valid JSON',
  'Error: connect ETIMEDOUT 10.0.0.5:443',
  'error[E0599]: no method named `foo` found for struct `Bar` in the current scope',
  'RecursionError: maximum recursion depth exceeded while calling a Python object',
  'docker: Error response from daemon: driver failed programming external connectivity on endpoint web: Bind for 0.0.0.0:80 failed: port is already allocated.',
  "fatal: ambiguous argument 'main': unknown revision or path not in the working tree.",
  'warning: LF will be replaced by CRLF in src/app.ts.',
  'Killed',
  'error: src refspec main does not match any',
  'ImportError: attempted relative import with no known parent package',
  'npm WARN deprecated inflight@1.0.6: This module is not supported, and leaks memory.',
  'error: no such command: `nextest`',
  "ValueError: invalid literal for int() with base 10: 'abc'",
  "PermissionError: [Errno 13] Permission denied: '/var/log/app.log'",
  "error TS2304: Cannot find name 'process'. Do you need to install type definitions for node?",
  'fatal: the remote end hung up unexpectedly',
  'Segmentation fault (core dumped)',
  'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space',
  'yarn: command not found',
  'error: could not compile `app` (bin "app") due to 2 previous errors',
  'KeyError: 0',
  'AssertionError: expected 200 but got 404',
  "E   assert 'admin' == 'user'",
  "Error: socket hang up\n    at connResetException (node:internal/errors:720:14) {\n  code: 'ECONNRESET'\n}",
];

/**
 * The earlier project's held-out cases (15 pairs, 14 unrelated): looked at since, so they are
 * tuning cases now.
 */
const EARLIER_PAIRS: KbPair[] = [
  {
    id: 'go-undefined-pkg',
    tool: 'go',
    stored: './main.go:12:2: undefined: http.NewServeMux2',
    query: 'pkg/api/router.go:88:9: undefined: http.NewServeMux2',
    resolution: 'the symbol does not exist in this Go version',
  },
  {
    id: 'go-missing-module',
    tool: 'go',
    stored:
      'main.go:5:2: no required module provides package github.com/spf13/cobra; to add it:\n\tgo get github.com/spf13/cobra',
    query:
      'cmd/root.go:7:2: no required module provides package github.com/spf13/viper; to add it:\n\tgo get github.com/spf13/viper',
    resolution: 'go get the package (or go mod tidy)',
  },
  {
    id: 'gradle-java-version',
    tool: 'gradle',
    stored: 'Unsupported class file major version 65',
    query:
      "BUG! exception in phase 'semantic analysis' in source unit '_BuildScript_' Unsupported class file major version 66",
    resolution: 'run Gradle with a JDK it supports (JAVA_HOME to JDK 17)',
  },
  {
    id: 'ruby-gem-missing',
    tool: 'ruby',
    stored: "Could not find gem 'rails (~> 7.0)' in locally installed gems.",
    query:
      "Could not find gem 'pg (>= 1.1)' in locally installed gems.\nRun `bundle install` to install missing gems.",
    resolution: 'bundle install',
  },
  {
    id: 'kubectl-context',
    tool: 'kubectl',
    stored: 'error: You must be logged in to the server (Unauthorized)',
    query:
      "E0312 10:21:33.123456   12345 memcache.go:265] couldn't get current server API group list: the server has asked for the client to provide credentials\nerror: You must be logged in to the server (the server has asked for the client to provide credentials)",
    resolution: 'refresh the cluster credentials (aws eks update-kubeconfig / gcloud get-credentials)',
  },
  {
    id: 'terraform-lock',
    tool: 'terraform',
    stored:
      'Error: Error acquiring the state lock\n\nError message: ConditionalCheckFailedException: The conditional request failed',
    query:
      'Error: Error acquiring the state lock\n\nError message: resource temporarily unavailable\nLock Info:\n  ID:        5c1f7c2e-0f0a-4f7e-9a43-2b1f6d0f7f11',
    resolution: 'wait for the other run, or terraform force-unlock ID',
  },
  {
    id: 'php-memory',
    tool: 'php',
    stored:
      'PHP Fatal error:  Allowed memory size of 134217728 bytes exhausted (tried to allocate 20480 bytes) in /var/www/vendor/x.php on line 12',
    query:
      'Fatal error: Allowed memory size of 536870912 bytes exhausted (tried to allocate 4096 bytes) in /app/src/Kernel.php on line 301',
    resolution: 'php -d memory_limit=-1 (or raise memory_limit)',
  },
  {
    id: 'vite-port',
    tool: 'vite',
    stored: 'error when starting dev server:\nError: Port 5173 is already in use',
    query:
      'error when starting dev server:\nError: Port 3000 is already in use\n    at Server.onError (file:///app/node_modules/vite/dist/node/chunks/dep.js:1:1)',
    resolution: 'stop the other dev server or pass --port',
  },
  {
    id: 'jest-timeout',
    tool: 'jest',
    stored:
      'thrown: "Exceeded timeout of 5000 ms for a test.\nAdd a timeout value to this test to increase the timeout, if this is a long-running test."',
    query: '  ● api › creates a user\n\n    thrown: "Exceeded timeout of 10000 ms for a hook.',
    resolution: 'await the promise (or raise the timeout with jest.setTimeout)',
  },
  {
    id: 'pip-build-wheel',
    tool: 'pip',
    stored: 'ERROR: Failed building wheel for psycopg2',
    query:
      'ERROR: Failed building wheel for lxml\nFailed to build lxml\nERROR: Could not build wheels for lxml, which is required to install pyproject.toml-based projects',
    resolution: 'install the -binary package or the system headers (libpq-dev, libxml2-dev)',
  },
  {
    id: 'git-detached',
    tool: 'git',
    stored:
      'fatal: You are not currently on a branch.\nTo push the history leading to the current (detached HEAD)\nstate now, use\n\n    git push origin HEAD:<name-of-remote-branch>',
    query: 'fatal: You are not currently on a branch.',
    resolution: 'git switch -c a-branch, then push',
  },
  {
    id: 'cargo-lock-version',
    tool: 'cargo',
    stored:
      'error: failed to parse lock file at: /app/Cargo.lock\n\nCaused by:\n  lock file version 4 requires `-Znext-lockfile-bump`',
    query: 'error: failed to parse lock file at: /home/u/p/Cargo.lock',
    resolution: 'rustup update (the lock file was written by a newer cargo)',
  },
  {
    id: 'node-openssl',
    tool: 'node',
    stored: 'Error: error:0308010C:digital envelope routines::unsupported',
    query:
      "opensslErrorStack: [ 'error:03000086:digital envelope routines::initialization error' ],\nError: error:0308010C:digital envelope routines::unsupported\n    at new Hash (node:internal/crypto/hash:69:19)",
    resolution: 'NODE_OPTIONS=--openssl-legacy-provider (or upgrade webpack)',
  },
  {
    id: 'dotnet-sdk',
    tool: 'dotnet',
    stored: 'error NETSDK1045: The current .NET SDK does not support targeting .NET 8.0.',
    query:
      '/app/App.csproj : error NETSDK1045: The current .NET SDK does not support targeting .NET 9.0.  Either target .NET 8.0 or lower, or use a version of the .NET SDK that supports .NET 9.0.',
    resolution: 'install the newer .NET SDK (global.json)',
  },
  {
    id: 'docker-compose-v1',
    tool: 'docker',
    stored: 'docker-compose: command not found',
    query: 'bash: docker-compose: command not found',
    resolution: 'use `docker compose` (v2 plugin)',
  },
];

const EARLIER_UNRELATED: string[] = [
  './main.go:9:2: "fmt" imported and not used',
  'error: You have not concluded your merge (MERGE_HEAD exists).',
  'Error: Invalid value for input variable',
  'PHP Warning:  Undefined array key "id" in /var/www/index.php on line 4',
  "ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements-dev.txt'",
  'Error: Port must be a number',
  'Cannot find gem for the platform x86_64-linux',
  'error: failed to load manifest for workspace member `/app/crates/core`',
  'fatal: You are in the middle of an am session.',
  'error NU1101: Unable to find package Newtonsoft.Jsonx. No packages exist with this id in source(s): nuget.org',
  'Jest did not exit one second after the test run has completed.',
  'kubectl: command not found',
  'TypeError: Cannot convert undefined or null to object',
  'Error: getaddrinfo ENOTFOUND registry.example.com',
];

/** Added with the 150-pair set: the ecosystems the first cases covered thinly. */
const MORE_PAIRS: KbPair[] = [
  // webpack / vite
  P(
    't-webpack-not-exported',
    'webpack',
    'Module not found: Error: Package path ./client is not exported from package /app/node_modules/react-dom (see exports field in /app/node_modules/react-dom/package.json)',
    'Exit code 1\nERROR in ./src/main.js 3:0-45\nModule not found: Error: Package path ./lib/utils is not exported from package /home/u/site/node_modules/uuid (see exports field in /home/u/site/node_modules/uuid/package.json)',
    'import the entry point the package exports (see its exports field), or upgrade the package',
  ),
  P(
    't-vite-optimize-dep',
    'webpack',
    'Error: The following dependencies are imported but could not be resolved:\n\n  dayjs (imported by /app/src/utils/date.ts)\n\nAre they installed?',
    'Exit code 1\nError: The following dependencies are imported but could not be resolved:\n\n  zod (imported by /home/x/site/src/forms/schema.ts)\n\nAre they installed?',
    'npm install the listed dependencies',
  ),
  P(
    't-webpack-config-invalid',
    'webpack',
    "[webpack-cli] Invalid configuration object. Webpack has been initialized using a configuration object that does not match the API schema.\n - configuration has an unknown property 'devserver'.",
    "Exit code 2\n[webpack-cli] Invalid configuration object. Webpack has been initialized using a configuration object that does not match the API schema.\n - configuration.module.rules[2] has an unknown property 'loaders'.",
    'fix the property name in webpack.config.js to what the schema lists',
  ),
  // ssl / curl
  P(
    't-ssl-expired',
    'ssl',
    'curl: (60) SSL certificate problem: certificate has expired',
    'Exit code 60\ncurl: (60) SSL certificate problem: certificate has expired\nMore details here: https://curl.se/docs/sslcerts.html',
    'renew the server certificate (or fix the machine clock)',
  ),
  P(
    't-curl-timeout',
    'ssl',
    'curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received',
    'Exit code 28\ncurl: (28) Operation timed out after 10000 milliseconds with 0 out of 0 bytes received',
    'the server does not answer: check it is up and reachable (firewall, proxy)',
  ),
  P(
    't-ssl-wrong-version',
    'ssl',
    'curl: (35) error:0A00010B:SSL routines::wrong version number',
    "Exit code 1\nrequests.exceptions.SSLError: HTTPSConnectionPool(host='localhost', port=8000): Max retries exceeded with url: /api (Caused by SSLError(SSLError(1, '[SSL: WRONG_VERSION_NUMBER] wrong version number (_ssl.c:1006)')))",
    'the server speaks plain HTTP on that port: use http:// (or the TLS port)',
  ),
  // databases
  P(
    't-pg-db-missing',
    'db',
    'psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: FATAL:  database "app_dev" does not exist',
    'Exit code 2\nFATAL:  database "shop_test" does not exist',
    'createdb <name> (or fix the database name in the connection string)',
  ),
  P(
    't-sqlite-readonly',
    'db',
    'sqlite3.OperationalError: attempt to write a readonly database',
    'Exit code 1\nSqliteError: attempt to write a readonly database\n    at Statement.run (/app/node_modules/better-sqlite3/lib/methods/wrappers.js:4:12)',
    'give the process write access to the database file and its folder',
  ),
  P(
    't-pg-column-missing',
    'db',
    'ERROR:  column "created_at" does not exist\nLINE 1: SELECT id, created_at FROM posts',
    'Exit code 1\nerror: column "updatedAt" does not exist\n    at Parser.parseErrorMessage (/srv/node_modules/pg-protocol/dist/parser.js:283:98)',
    'run the migration that adds the column, or quote/rename it to what the table has',
  ),
  // shells
  P(
    't-sh-event-not-found',
    'shell',
    'bash: !Secret1: event not found',
    'Exit code 1\nzsh: event not found: world"',
    'quote the text with single quotes (history expansion of !)',
  ),
  P(
    't-sh-cmd-not-found',
    'shell',
    'bash: tsc: command not found',
    'Exit code 127\nzsh: command not found: tsc',
    'use npx tsc (the binary lives in node_modules/.bin)',
  ),
  P(
    't-sh-cr-interpreter',
    'shell',
    '/bin/bash^M: bad interpreter: No such file or directory',
    'Exit code 126\nbash: ./deploy.sh: /bin/bash^M: bad interpreter: No such file or directory',
    'convert the script to LF line endings (dos2unix)',
  ),
  // make / cmake / gcc
  P(
    't-make-no-rule',
    'c',
    "make: *** No rule to make target 'install'.  Stop.",
    "Exit code 2\nmake: *** No rule to make target `test'.  Stop.",
    'the Makefile has no such target: run make help or pick an existing one',
  ),
  P(
    't-gcc-no-such-header',
    'c',
    'src/main.c:3:10: fatal error: curl/curl.h: No such file or directory\ncompilation terminated.',
    'Exit code 1\nlib/http.c:12:10: fatal error: openssl/ssl.h: No such file or directory\n   12 | #include <openssl/ssl.h>\n      |          ^~~~~~~~~~~~~~~\ncompilation terminated.',
    'install the -dev package of the library (libcurl4-openssl-dev, libssl-dev)',
  ),
  P(
    't-cmake-compiler',
    'c',
    'CMake Error at CMakeLists.txt:2 (project):\n  No CMAKE_CXX_COMPILER could be found.',
    'Exit code 1\nCMake Error at CMakeLists.txt:5 (project):\n  No CMAKE_C_COMPILER could be found.\n\n  Tell CMake where to find the compiler by setting either the environment\n  variable "CC" or the CMake cache entry CMAKE_C_COMPILER',
    'install a compiler (build-essential / xcode-select --install)',
  ),
  // ruby
  P(
    't-bundler-version',
    'ruby',
    "Could not find 'bundler' (2.4.10) required by your /app/Gemfile.lock. (Gem::GemNotFoundException)",
    "Exit code 1\n/usr/lib/ruby/3.1.0/rubygems.rb:265:in `find_spec_for_exe': Could not find 'bundler' (2.5.3) required by your /home/u/site/Gemfile.lock. (Gem::GemNotFoundException)",
    'gem install bundler -v <the version in Gemfile.lock>',
  ),
  P(
    't-ruby-uninitialized-constant',
    'ruby',
    'NameError: uninitialized constant UsersController::UserSerializer',
    "Exit code 1\napp/jobs/sync_job.rb:4:in `perform': uninitialized constant SyncJob::ApiClient (NameError)",
    'require the file or fix the class name/namespace (autoload path)',
  ),
  // claude code tools
  P(
    't-cc-not-read',
    'claude',
    '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
    'File has not been read yet. Read it first before writing to it.',
    'Read the file, then Edit/Write it',
  ),
  P(
    't-cc-timeout',
    'claude',
    'Command timed out after 2m 0.0s',
    'Command timed out after 10m 0s\n> jest --watch',
    'run it in the background (run_in_background) or without watch mode, or raise the timeout',
  ),
  P(
    't-cc-file-missing',
    'claude',
    '<tool_use_error>File does not exist.</tool_use_error>',
    'File does not exist. Did you mean src/index.tsx?',
    'Glob for the file first; the path is wrong',
  ),
  // java / gradle
  P(
    't-gradle-daemon-jvm',
    'java',
    'FAILURE: Build failed with an exception.\n\n* What went wrong:\nCould not open init generic class cache for initialization script',
    "Exit code 1\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nCould not open cp_init generic class cache for initialization script '/home/u/.gradle/init.gradle'",
    'the Gradle version is too old for this JDK: upgrade the wrapper (gradle wrapper --gradle-version …)',
  ),
  P(
    't-mvn-java-release',
    'java',
    '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile (default-compile) on project api: Fatal error compiling: error: invalid target release: 17',
    'Exit code 1\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.8.1:compile (default-compile) on project shop: Fatal error compiling: error: release version 21 not supported',
    'build with a JDK at least as new as the target release (JAVA_HOME)',
  ),
  // go
  P(
    't-go-missing-return',
    'go',
    './calc.go:12:1: missing return',
    'Exit code 1\n# example.com/calc/internal/sum\ninternal/sum/sum.go:30:1: missing return',
    'return a value on every path of the function',
  ),
  P(
    't-go-nil-pointer',
    'go',
    'panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]',
    'Exit code 2\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x2 addr=0x18 pc=0x10293f4]\n\ngoroutine 1 [running]:',
    'a pointer is nil where it is used: initialise it or check it first',
  ),
  // docker
  P(
    't-docker-permission',
    'docker',
    'permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Get "http://%2Fvar%2Frun%2Fdocker.sock/v1.24/containers/json": dial unix /var/run/docker.sock: connect: permission denied',
    'Exit code 1\npermission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Post "http://%2Fvar%2Frun%2Fdocker.sock/v1.45/build?buildargs=%7B%7D": dial unix /var/run/docker.sock: connect: permission denied',
    'add the user to the docker group (then log in again)',
  ),
  // python / pytest / cargo / git / npm / tsc
  P(
    't-py-attr-module',
    'python',
    "AttributeError: module 'numpy' has no attribute 'float'",
    "Exit code 1\nTraceback (most recent call last):\n  File \"/app/train.py\", line 8, in <module>\n    x = np.int(3)\nAttributeError: module 'numpy' has no attribute 'int'.",
    'numpy removed the aliases: use the builtin (float, int) or np.float64',
  ),
  P(
    't-pytest-fixture-scope',
    'pytest',
    'ScopeMismatch: You tried to access the function scoped fixture tmp_path with a session scoped request object',
    'Exit code 1\nE       ScopeMismatch: You tried to access the function scoped fixture monkeypatch with a module scoped request object. Requesting fixture stack:',
    'use a fixture of the same or wider scope (tmp_path_factory, MonkeyPatch.context)',
  ),
  P(
    't-cargo-edition',
    'cargo',
    'error: failed to parse manifest at `/app/Cargo.toml`\n\nCaused by:\n  feature `edition2021` is required',
    'Exit code 101\nerror: failed to parse manifest at `/home/b/tool/Cargo.toml`\n\nCaused by:\n  feature `edition2024` is required',
    'update the Rust toolchain (rustup update)',
  ),
  P(
    't-git-would-clobber',
    'git',
    'error: The following untracked working tree files would be overwritten by checkout:\n\tsrc/config.json\nPlease move or remove them before you switch branches.',
    'Exit code 1\nerror: The following untracked working tree files would be overwritten by merge:\n\tdocs/setup.md\n\tdocs/api.md\nPlease move or remove them before you merge.',
    'move the untracked files aside (or commit them), then retry',
  ),
  P(
    't-npm-peer-override',
    'npm',
    'npm WARN ERESOLVE overriding peer dependency\nnpm WARN While resolving: eslint-plugin-react@7.33.2',
    'npm warn ERESOLVE overriding peer dependency\nnpm warn While resolving: @typescript-eslint/parser@6.21.0\nnpm warn Found: typescript@5.4.5',
    'align the peer versions (or accept the override if the build works)',
  ),
];

const MORE_UNRELATED: string[] = [
  'Exit code 1\nnpm error code ETARGET\nnpm error notarget No matching version found for left-pad@^9.0.0.',
  'curl: (22) The requested URL returned error: 403',
  'ERROR:  syntax error at or near "FROM"\nLINE 1: SELECT , FROM t',
  "bash: syntax error near unexpected token `)'",
  'CMake Warning:\n  Manually-specified variables were not used by the project:\n\n    CMAKE_TOOLCHAIN_FILE',
];

/**
 * Added after the first held-out measurement showed the lexical tier too permissive (held-out false
 * matches 13 %, tuning 0 %): more near-miss errors for tuning, written without looking at the
 * held-out cases (only their aggregate figures were seen).
 */
// (An unrelated error never has the normalised key of a stored one: by the seed's definition that
// is the same error. Five near misses written that way were dropped; bench/kb-quality.mjs checks.)
const NEAR_MISS_UNRELATED: string[] = [
  'npm error code ENOENT\nnpm error syscall spawn git\nnpm error path git\nnpm error errno -2\nnpm error enoent An unknown git error occurred',
  'npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! app@1.0.0 start: `node server.js`',
  'npm error code EBADENGINE\nnpm error engine Unsupported engine',
  'npm ERR! code ECONNRESET\nnpm ERR! network aborted',
  // (replaced "TypeError: Cannot read properties of null (reading 'addEventListener')": it has the
  // key of pair node-read-undefined's query, so it was the same error by the seed's definition)
  "TypeError: Cannot destructure property 'data' of 'undefined' as it is undefined.",
  'TypeError: Assignment to constant variable.',
  'RangeError: Maximum call stack size exceeded',
  "src/store.ts(9,3): error TS2531: Object is possibly 'null'.",
  "src/a.ts(1,10): error TS2305: Module '\"./types\"' has no exported member 'User'.",
  "error TS5023: Unknown compiler option 'moduleResolutionX'.",
  '[vite] hmr update failed: SyntaxError: Unexpected token',
  'ERROR in ./src/index.ts\nModule build failed (from ./node_modules/ts-loader/index.js):\nError: TypeScript emitted no output for /app/src/index.ts.',
  'webpack 5.90.0 compiled with 2 warnings in 3412 ms',
  "NameError: name 'pd' is not defined",
  'IndexError: list index out of range',
  "FileNotFoundError: [Errno 2] No such file or directory: 'config.yaml'",
  "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed.",
  'FAILED tests/test_api.py::test_login - AssertionError: 401 != 200',
  'E   SyntaxError: invalid syntax',
  './server.go:14:6: main redeclared in this block',
  'panic: runtime error: index out of range [5] with length 5',
  'go: cannot find main module, but found .git/config in /home/u/x',
  'error[E0599]: no method named `unwrap_or_default` found for enum `Result` in the current scope',
  'error: package `clap v4.5.0` cannot be built because it requires rustc 1.74 or newer',
  "fatal: not a valid object name: 'main'",
  "fatal: destination path 'app' already exists and is not an empty directory.",
  'CONFLICT (modify/delete): src/a.ts deleted in HEAD and modified in feature.',
  'curl: (56) Recv failure: Connection reset by peer',
  'curl: (3) URL using bad/illegal format or missing URL',
  'ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: Hostname mismatch',
  'ERROR:  permission denied for table users',
  'sqlite3.OperationalError: near "FROM": syntax error',
  'psql: error: connection to server on socket "/tmp/.s.PGSQL.5432" failed: FATAL:  role "root" does not exist',
  "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
  'bash: line 1: cd: /opt/app: No such file or directory',
  'zsh: no matches found: *.log',
  '/bin/sh: 1: [[: not found',
  'Error response from daemon: No such container: web-1',
  'docker: invalid reference format.',
  'Error response from daemon: Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection',
  '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.2:test (default-test) on project api: No tests matching pattern were executed!',
  'Exception in thread "main" java.lang.IllegalArgumentException: port out of range:70000',
  "* What went wrong:\nExecution failed for task ':app:compileJava'.\n> invalid source release: 21",
  'make: *** [Makefile:12: all] Error 2',
  "gcc: error: unrecognized command-line option '-std=c++23'",
  'CMake Error: The source directory "/home/u/app/build" does not appear to contain CMakeLists.txt.',
  "undefined method `each' for an instance of Integer (NoMethodError)",
  'Bundler::GemfileNotFound: Could not locate Gemfile',
  "rake aborted!\nDon't know how to build task 'db:seed_fu'",
  '<tool_use_error>InputValidationError: Edit failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>',
  'This command requires approval',
  'EISDIR: illegal operation on a directory, read',
];

/** Third batch (after the second held-out run; the held-out cases were still never looked at). */
const THIRD_PAIRS: KbPair[] = [
  P(
    't3-pip-not-found-cmd',
    'python',
    'bash: pip: command not found',
    'Exit code 127\nzsh: command not found: pip',
    'use python3 -m pip (or install pip / activate the virtualenv)',
  ),
  P(
    't3-go-build-constraints',
    'go',
    'package example.com/app/cmd: build constraints exclude all Go files in /home/u/app/cmd',
    'Exit code 1\npackage ./internal/win: build constraints exclude all Go files in /Users/k/src/tool/internal/win',
    'the files are for another OS/arch or behind a build tag: set GOOS/-tags or build another package',
  ),
  P(
    't3-git-ssh-denied',
    'git',
    'git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.',
    'Exit code 128\nERROR: Permission to acme/site.git denied to bot-user.\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.',
    'add the SSH key to the account (ssh -T git@github.com) or use a token with access',
  ),
  P(
    't3-ssl-handshake',
    'ssl',
    'curl: (35) OpenSSL/3.0.2: error:0A000410:SSL routines::sslv3 alert handshake failure',
    'Exit code 35\ncurl: (35) error:0A000410:SSL routines::ssl/tls alert handshake failure',
    'the server needs another TLS version/cipher or a client certificate',
  ),
  P(
    't3-pg-too-many-clients',
    'db',
    'FATAL:  sorry, too many clients already',
    'Exit code 1\nerror: sorry, too many clients already\n    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:287:98)',
    'use a connection pool with a limit (or raise max_connections)',
  ),
  P(
    't3-docker-build-context',
    'docker',
    'ERROR: failed to solve: failed to read dockerfile: open Dockerfile: no such file or directory',
    'Exit code 1\nERROR: failed to solve: failed to read dockerfile: open /var/lib/docker/tmp/buildkit-mount123/Dockerfile.prod: no such file or directory',
    'run docker build from the folder with the Dockerfile, or pass -f path/to/Dockerfile',
  ),
  P(
    't3-java-no-main-manifest',
    'java',
    'no main manifest attribute, in target/app-1.0.jar',
    'Exit code 1\nno main manifest attribute, in /home/u/svc/build/libs/svc-0.3.1-SNAPSHOT.jar',
    'set Main-Class in the jar manifest (maven-jar-plugin / gradle jar { manifest })',
  ),
  P(
    't3-gcc-multiple-definition',
    'c',
    "/usr/bin/ld: obj/b.o:(.bss+0x0): multiple definition of `counter'; obj/a.o:(.bss+0x0): first defined here",
    "Exit code 1\n/usr/bin/ld: build/util.o:/home/u/c/util.h:3: multiple definition of `config'; build/main.o:/home/u/c/util.h:3: first defined here\ncollect2: error: ld returned 1 exit status",
    'declare it extern in the header and define it in one .c file',
  ),
  P(
    't3-ruby-syntax-end',
    'ruby',
    "app/models/order.rb:42: syntax error, unexpected end-of-input, expecting `end'",
    "Exit code 1\nlib/tasks/import.rake:17: syntax error, unexpected end-of-input, expecting `end' (SyntaxError)",
    'a block is not closed: add the missing end',
  ),
  P(
    't3-webpack-export-not-found',
    'webpack',
    "export 'useQuery' (imported as 'useQuery') was not found in 'react-query' (possible exports: QueryClient, QueryClientProvider)",
    "Exit code 1\nWARNING in ./src/hooks/data.js 4:9-17\nexport 'default' (imported as 'axios') was not found in 'axios' (module has no exports)",
    'import a name the module exports (named vs default), or fix the package version',
  ),
  P(
    't3-npm-ci-lock',
    'npm',
    'npm ERR! `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.',
    'Exit code 1\nnpm error code EUSAGE\nnpm error\nnpm error `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.\nnpm error\nnpm error Missing: zod@3.23.8 from lock file',
    'run npm install to update package-lock.json, commit it, then npm ci',
  ),
  P(
    't3-tsc-cannot-write',
    'tsc',
    "error TS5055: Cannot write file '/app/dist/index.d.ts' because it would overwrite input file.",
    "Exit code 2\nerror TS5055: Cannot write file '/home/u/lib/build/types.d.ts' because it would overwrite input file.\n  Adding a tsconfig.json file will help organize projects that contain both TypeScript and JavaScript files.",
    'exclude the output folder in tsconfig.json (exclude: ["dist"]) or set outDir/declarationDir elsewhere',
  ),
];

export const PAIRS: KbPair[] = [...FIRST_PAIRS, ...EARLIER_PAIRS, ...MORE_PAIRS, ...THIRD_PAIRS];
export const UNRELATED: string[] = [
  ...FIRST_UNRELATED,
  ...EARLIER_UNRELATED,
  ...MORE_UNRELATED,
  ...NEAR_MISS_UNRELATED,
];
