// Labelled sessions for the learning replay benchmark (bench/learning-replay.mjs, issue #13.5).
// Each session is a sequence of tool calls as Claude Code reports them to the hooks (turned into
// payloads shaped exactly like test/fixtures/claude-code-2.1.197/hook-payloads by the
// replayer). Ground truth per failing call:
//   cls      the error's class (same problem = same class, across sessions and projects)
//   learn    true: this session proves a fix for it, and that fix is one of FIXES[cls];
//            false: nothing may be learned from it (abandoned, junk follow-up, unsafe fix,
//            interrupt, rejection)
//   noAdvice true: no fix may be shown for it (another project without enough confirmations,
//            or only unsafe fixes known)
// Sessions are replayed in order; `holdout` sessions were written after the detection code and
// never used to tune it: their figures are printed separately.

export interface ReplayCall {
  tool: string;
  input: Record<string, unknown>;
  /** Present: the call failed with this error text (PostToolUseFailure). */
  error?: string;
  interrupt?: boolean;
  cls?: string;
  learn?: boolean;
  noAdvice?: boolean;
}

export interface ReplaySession {
  id: string;
  project: string;
  eco: string;
  prompt: string;
  holdout?: boolean;
  /** Also start a code subagent at the end (SubagentStart context is checked for junk too). */
  subagent?: boolean;
  calls: ReplayCall[];
}

/** Good fixes per class: a learned fix is correct when it contains one of these. */
export const FIXES: Record<string, string[]> = {
  'auth-import': ["require('./auth.js')"],
  'react-dom': ['install react-dom', 'i react-dom'],
  'eslint-undef': ["{ useState } from 'react'"],
  'py-requests': ['pip install requests'],
  'py-conftest': ['PYTHONPATH=.'],
  'py-assert': ['return a + b`'],
  pep668: ['venv'],
  'go-mux': ['go get github.com/gorilla/mux', 'go mod tidy'],
  'go-unused': ['_, err := client.Do(req)'],
  'rs-e0425': ['let config = load()'],
  nextest: ['cargo install cargo-nextest'],
  'push-rejected': ['git pull --rebase'],
  'port-alloc': ['docker stop', 'docker compose down'],
  'dockerfile-missing': ['-f docker/Dockerfile'],
  'make-separator': ['Edit Makefile'],
  'perm-denied': ['chmod +x deploy.sh'],
  protoc: ['protobuf-compiler'],
  'cc-not-read': ['Read the file first'],
  'cc-old-string': ['old_string'],
  'npm-ci-sync': ['npm install'],
  'go-vet': ['%s'],
  'serde-version': ['serde = "1.0"'],
  'py-fixture-file': ['cp fixtures/sample.csv data/'],
  'ts-config': ['"moduleResolution": "bundler"'],
  'pnpm-lock': ['pnpm install --no-frozen-lockfile'],
};

const P = (name: string) => `/home/dev/${name}`;
const bash = (command: string, description = 'run'): Pick<ReplayCall, 'tool' | 'input'> => ({
  tool: 'Bash',
  input: { command, description },
});
const ok = (c: Pick<ReplayCall, 'tool' | 'input'>): ReplayCall => ({ ...c });
const fail = (
  c: Pick<ReplayCall, 'tool' | 'input'>,
  error: string,
  label: Pick<ReplayCall, 'cls' | 'learn' | 'noAdvice' | 'interrupt'>,
): ReplayCall => ({ ...c, error, ...label });
const read = (file: string): ReplayCall => ({ tool: 'Read', input: { file_path: file } });
const edit = (file: string, old_string: string, new_string: string): ReplayCall => ({
  tool: 'Edit',
  input: { file_path: file, old_string, new_string, replace_all: false },
});
const grep = (pattern: string, path?: string): ReplayCall => ({
  tool: 'Grep',
  input: { pattern, ...(path ? { path } : {}), output_mode: 'content' },
});
const glob = (pattern: string): ReplayCall => ({ tool: 'Glob', input: { pattern } });

// --- error texts (as the CLI reports them: "Exit code N" then the output) ---------------------
const AUTH = (proj: string) =>
  `Exit code 1\nnode:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module './dist/auth.js'\nRequire stack:\n- ${P(proj)}/src/index.js\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15) {\n  code: 'MODULE_NOT_FOUND'\n}`;
const REACT_DOM = (proj: string) =>
  `Exit code 1\nModule not found: Error: Can't resolve 'react-dom' in '${P(proj)}/src'\nwebpack compiled with 1 error`;
const ESLINT_UNDEF = `Exit code 1\n\n${P('web-a')}/src/app.js\n  12:5  error  'useState' is not defined  no-undef\n\n✖ 1 problem (1 error, 0 warnings)`;
const PY_REQUESTS = (proj: string) =>
  `Exit code 1\nTraceback (most recent call last):\n  File "${P(proj)}/app.py", line 3, in <module>\n    import requests\nModuleNotFoundError: No module named 'requests'`;
const PY_CONFTEST = `Exit code 4\nImportError while loading conftest '${P('py-a')}/tests/conftest.py'.\ntests/conftest.py:2: in <module>\n    from app import create_app\nE   ModuleNotFoundError: No module named 'app'`;
const PY_ASSERT = `Exit code 1\n============================= test session starts ==============================\ncollected 3 items\n\ntests/test_calc.py .F.                                                   [100%]\n\n=================================== FAILURES ===================================\nFAILED tests/test_calc.py::test_add - assert 4 == 3\n========================= 1 failed, 2 passed in 0.04s =========================`;
const PEP668 = `Exit code 1\nerror: externally-managed-environment\n\n× This environment is externally managed\n╰─> To install Python packages system-wide, try apt install\n    python3-xyz, where xyz is the package you are trying to\n    install.`;
const GO_MUX = (proj: string) =>
  `Exit code 1\nmain.go:5:2: no required module provides package github.com/gorilla/mux; to add it:\n\tgo get github.com/gorilla/mux\n(in ${P(proj)})`;
const GO_UNUSED = `Exit code 1\n# example.com/go-a\n./handler.go:14:2: declared and not used: resp\nFAIL\texample.com/go-a [build failed]`;
const RS_E0425 = `Exit code 101\n   Compiling rs-a v0.1.0 (${P('rs-a')})\nerror[E0425]: cannot find value \`config\` in this scope\n  --> src/main.rs:12:5\n   |\n12 |     config.validate()?;\n   |     ^^^^^^ not found in this scope\n\nerror: could not compile \`rs-a\` (bin "rs-a") due to 1 previous error`;
const NEXTEST =
  'Exit code 101\nerror: no such command: `nextest`\n\n\tView all installed commands with `cargo --list`';
const PUSH_REJECTED = (proj: string) =>
  `Exit code 1\nTo github.com:dev/${proj}.git\n ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'github.com:dev/${proj}.git'\nhint: Updates were rejected because the remote contains work that you do\nhint: not have locally.`;
const PORT = `Exit code 1\n Container ops-db-1  Starting\nError response from daemon: driver failed programming external connectivity on endpoint ops-db-1 (3f1c0c2d9b1e): Bind for 0.0.0.0:5432 failed: port is already allocated`;
const DOCKERFILE =
  'Exit code 1\nERROR: failed to solve: failed to read dockerfile: open Dockerfile: no such file or directory';
const MAKE_SEP = 'Exit code 2\nMakefile:12: *** missing separator.  Stop.';
const PERM = 'Exit code 126\nbash: ./deploy.sh: Permission denied';
const PROTOC = (n: number) => `Exit code 127\n./scripts/gen.sh: line ${n}: protoc: command not found`;
const CC_NOT_READ =
  '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>';
const CC_OLD = (s: string) =>
  `<tool_use_error>String to replace not found in file.\nString: ${s}</tool_use_error>`;
const REJECT =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
const DENIED = (cmd: string) => `Permission to use Bash with command ${cmd} has been denied.`;
const PLAYWRIGHT = `Exit code 1\nError: browserType.launch: Executable doesn't exist at /root/.cache/ms-playwright/chromium-1091/chrome-linux/chrome\n╔═════════════════════════════════════════════════════════════════════════╗\n║ Looks like Playwright Test or Playwright was just installed or updated. ║\n║ Please run the following command to download new browsers:              ║\n║     npx playwright install                                              ║\n╚═════════════════════════════════════════════════════════════════════════╝`;
const NPM_CI = `Exit code 1\nnpm ERR! code EUSAGE\nnpm ERR!\nnpm ERR! \`npm ci\` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with \`npm install\` before continuing.`;
const GO_VET =
  'Exit code 1\n# example.com/go-a\n./main.go:20:2: fmt.Printf format %d has arg name of wrong type string';
const SERDE = `Exit code 101\n    Updating crates.io index\nerror: failed to select a version for the requirement \`serde = "^2.0"\`\ncandidate versions found which didn't match: 1.0.210, 1.0.209, 1.0.208, ...\nlocation searched: crates.io index\nrequired by package \`rs-b v0.1.0 (${P('rs-b')})\``;
const ESLINT_AIRBNB = `Exit code 2\n\nOops! Something went wrong! :(\n\nESLint: 8.57.0\n\nESLint couldn't find the config "airbnb" to extend from. Please check that the name of the config is correct.`;
const PY_FIXTURE = `Exit code 1\nFAILED tests/test_io.py::test_read - FileNotFoundError: [Errno 2] No such file or directory: 'data/sample.csv'\n1 failed, 6 passed in 0.21s`;
const HUSKY =
  'Exit code 1\nhusky - pre-commit hook exited with code 1 (error)\n✖ eslint --fix:\n  src/app.js  3:1  error  Unexpected console statement  no-console';
const TS_CONFIG = `Exit code 2\nsrc/main.ts(1,21): error TS2307: Cannot find module '@app/utils' or its corresponding type declarations.`;
const PNPM_LOCK = `Exit code 1\n ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is not up to date with package.json`;

export const SESSIONS: ReplaySession[] = [
  // ---------------------------------------------------------------- npm / node
  {
    id: 's01-auth-import',
    project: 'web-a',
    eco: 'npm',
    prompt: 'npm test fails, fix it',
    calls: [
      fail(bash('npm test', 'run tests'), AUTH('web-a'), { cls: 'auth-import', learn: true }),
      ok(bash('git status')),
      read(`${P('web-a')}/src/index.js`),
      grep('dist/auth', `${P('web-a')}/src`),
      edit(
        `${P('web-a')}/src/index.js`,
        "const auth = require('./dist/auth.js');",
        "const auth = require('./auth.js');",
      ),
      ok(bash('npm test', 'run tests')),
    ],
  },
  {
    id: 's02-react-dom',
    project: 'web-a',
    eco: 'npm',
    prompt: 'the build is broken',
    calls: [
      fail(bash('npm run build'), REACT_DOM('web-a'), { cls: 'react-dom', learn: true }),
      ok(bash('ls node_modules | head -20')),
      ok(bash('cat package.json')),
      ok(bash('npm install react-dom')),
      ok(bash('npm run build 2>&1 | tail -5')),
      ok(bash('npm run build')),
    ],
  },
  {
    id: 's03-eslint-undef',
    project: 'web-a',
    eco: 'npm',
    prompt: 'lint errors',
    calls: [
      fail(bash('npx eslint src'), ESLINT_UNDEF, { cls: 'eslint-undef', learn: true }),
      read(`${P('web-a')}/src/app.js`),
      edit(
        `${P('web-a')}/src/app.js`,
        "import React from 'react';",
        "import React, { useState } from 'react';",
      ),
      ok(bash('npx eslint src')),
      ok(bash('git diff --stat')),
    ],
  },
  {
    id: 's04-react-dom-again',
    project: 'web-a',
    eco: 'npm',
    prompt: 'build after a fresh clone',
    calls: [
      fail(bash('npm run build'), REACT_DOM('web-a'), { cls: 'react-dom', learn: true }),
      ok(bash('git status')),
      ok(bash('npm install react-dom')),
      ok(bash('npm run build')),
    ],
  },
  {
    id: 's05-playwright-abandoned',
    project: 'web-a',
    eco: 'npm',
    prompt: 'run the e2e tests',
    calls: [
      fail(bash('npm run e2e'), PLAYWRIGHT, { cls: 'playwright', learn: false }),
      ok(bash('git log --oneline -5')),
      read(`${P('web-a')}/README.md`),
      edit(`${P('web-a')}/README.md`, '## Tests', '## Tests\n\nE2E tests need browsers.'),
    ],
  },
  {
    id: 's06-auth-junk-web-b',
    project: 'web-b',
    eco: 'npm',
    prompt: 'tests?',
    calls: [
      fail(bash('npm test'), AUTH('web-b'), { cls: 'auth-import', learn: false, noAdvice: true }),
      ok(bash('git status')),
      ok(bash('git diff')),
    ],
  },
  {
    id: 's07-react-dom-web-b',
    project: 'web-b',
    eco: 'npm',
    prompt: 'build web-b',
    subagent: true,
    calls: [
      // learned twice in web-a: may be offered here, labelled as from another project
      fail(bash('npm run build'), REACT_DOM('web-b'), { cls: 'react-dom', learn: true }),
      ok(bash('npm i react-dom')),
      ok(bash('npm run build')),
    ],
  },
  {
    id: 's08-user-rejects',
    project: 'web-a',
    eco: 'shell',
    prompt: 'clean and rebuild',
    calls: [
      fail(bash('rm -rf build'), REJECT, { cls: 'rejected', learn: false, noAdvice: true }),
      fail(bash('git clean -fdx'), DENIED('git clean -fdx'), { cls: 'denied', learn: false, noAdvice: true }),
      ok(bash('npm run build')),
      ok(bash('rm -rf build')),
      ok(bash('git clean -fdx')),
    ],
  },
  // ---------------------------------------------------------------- python
  {
    id: 's09-py-requests',
    project: 'py-a',
    eco: 'pip',
    prompt: 'run the app',
    calls: [
      fail(bash('python app.py'), PY_REQUESTS('py-a'), { cls: 'py-requests', learn: true }),
      ok(bash('pip list | grep -i requests')),
      ok(bash('pip install requests')),
      ok(bash('python app.py')),
    ],
  },
  {
    id: 's10-py-conftest',
    project: 'py-a',
    eco: 'pytest',
    prompt: 'tests fail to import',
    calls: [
      fail(bash('pytest tests'), PY_CONFTEST, { cls: 'py-conftest', learn: true }),
      read(`${P('py-a')}/tests/conftest.py`),
      ok(bash('ls')),
      ok(bash('PYTHONPATH=. pytest tests')),
    ],
  },
  {
    id: 's11-py-assert',
    project: 'py-a',
    eco: 'pytest',
    prompt: 'fix the failing test',
    calls: [
      fail(bash('pytest tests/test_calc.py'), PY_ASSERT, { cls: 'py-assert', learn: true }),
      read(`${P('py-a')}/calc.py`),
      edit(`${P('py-a')}/calc.py`, '    return a + b + 1', '    return a + b'),
      ok(bash('pytest tests/test_calc.py -q')),
    ],
  },
  {
    id: 's12-py-interrupt',
    project: 'py-a',
    eco: 'pytest',
    prompt: 'run everything',
    calls: [
      fail(bash('pytest'), 'Exit code 130\nKeyboardInterrupt', {
        cls: 'interrupt',
        learn: false,
        interrupt: true,
      }),
      ok(bash('pip install pytest-timeout')),
      ok(bash('pytest')),
    ],
  },
  {
    id: 's13-py-requests-py-b',
    project: 'py-b',
    eco: 'pip',
    prompt: 'start the service',
    calls: [
      // fixed once in py-a only: not offered here yet
      fail(bash('python app.py'), PY_REQUESTS('py-b'), { cls: 'py-requests', learn: true, noAdvice: true }),
      ok(bash('which python')),
      ok(bash('pip install requests')),
      ok(bash('python app.py')),
    ],
  },
  {
    id: 's14-pep668',
    project: 'py-b',
    eco: 'pip',
    prompt: 'install flask',
    calls: [
      fail(bash('pip install flask'), PEP668, { cls: 'pep668', learn: true }),
      ok(bash('python3 --version')),
      ok(bash('python3 -m venv .venv')),
      ok(bash('.venv/bin/pip install flask')),
    ],
  },
  // ---------------------------------------------------------------- go
  {
    id: 's15-go-mux',
    project: 'go-a',
    eco: 'go',
    prompt: 'build the server',
    calls: [
      fail(bash('go build ./...'), GO_MUX('go-a'), { cls: 'go-mux', learn: true }),
      ok(bash('cat go.mod')),
      ok(bash('go get github.com/gorilla/mux')),
      ok(bash('go build ./...')),
    ],
  },
  {
    id: 's16-go-unused',
    project: 'go-a',
    eco: 'go',
    prompt: 'tests do not compile',
    calls: [
      fail(bash('go test ./...'), GO_UNUSED, { cls: 'go-unused', learn: true }),
      read(`${P('go-a')}/handler.go`),
      edit(`${P('go-a')}/handler.go`, '\tresp, err := client.Do(req)', '\t_, err := client.Do(req)'),
      ok(bash('go vet ./...')),
      ok(bash('go test ./...')),
    ],
  },
  {
    id: 's17-go-mux-go-b',
    project: 'go-b',
    eco: 'go',
    prompt: 'build go-b',
    calls: [
      fail(bash('go build ./...'), GO_MUX('go-b'), { cls: 'go-mux', learn: true, noAdvice: true }),
      ok(bash('go mod tidy')),
      ok(bash('go build ./...')),
    ],
  },
  // ---------------------------------------------------------------- cargo
  {
    id: 's18-rs-e0425',
    project: 'rs-a',
    eco: 'cargo',
    prompt: 'cargo build fails',
    calls: [
      fail(bash('cargo build'), RS_E0425, { cls: 'rs-e0425', learn: true }),
      read(`${P('rs-a')}/src/main.rs`),
      edit(`${P('rs-a')}/src/main.rs`, '    let cfg = load();', '    let config = load();'),
      ok(bash('cargo build 2>&1 | tail -3')),
      ok(bash('cargo build')),
    ],
  },
  {
    id: 's19-nextest',
    project: 'rs-a',
    eco: 'cargo',
    prompt: 'run tests with nextest',
    calls: [
      fail(bash('cargo nextest run'), NEXTEST, { cls: 'nextest', learn: true }),
      ok(bash('cargo --list | grep test')),
      ok(bash('cargo install cargo-nextest --locked')),
      ok(bash('cargo nextest run')),
    ],
  },
  // ---------------------------------------------------------------- git
  {
    id: 's20-push-rejected',
    project: 'web-a',
    eco: 'git',
    prompt: 'push my work',
    calls: [
      fail(bash('git push'), PUSH_REJECTED('web-a'), { cls: 'push-rejected', learn: true }),
      ok(bash('git log --oneline origin/main..main')),
      ok(bash('git pull --rebase')),
      ok(bash('git push')),
    ],
  },
  {
    id: 's21-push-force-web-b',
    project: 'web-b',
    eco: 'git',
    prompt: 'push',
    calls: [
      // the force-push "fix" is never stored nor offered
      fail(bash('git push'), PUSH_REJECTED('web-b'), { cls: 'push-rejected', learn: false, noAdvice: true }),
      ok(bash('git push --force')),
    ],
  },
  {
    id: 's22-push-rejected-again',
    project: 'web-a',
    eco: 'git',
    prompt: 'push again',
    calls: [
      fail(bash('git push origin main'), PUSH_REJECTED('web-a'), { cls: 'push-rejected', learn: true }),
      ok(bash('git pull --rebase origin main')),
      ok(bash('git push origin main')),
    ],
  },
  // ---------------------------------------------------------------- docker / make / shell
  {
    id: 's23-port',
    project: 'ops-a',
    eco: 'docker',
    prompt: 'start the stack',
    calls: [
      fail(bash('docker compose up -d'), PORT, { cls: 'port-alloc', learn: true }),
      ok(bash('docker ps')),
      ok(bash('docker stop legacy-postgres')),
      ok(bash('docker compose up -d')),
    ],
  },
  {
    id: 's24-dockerfile',
    project: 'ops-a',
    eco: 'docker',
    prompt: 'build the image',
    calls: [
      fail(bash('docker build -t app .'), DOCKERFILE, { cls: 'dockerfile-missing', learn: true }),
      ok(bash('ls')),
      glob('**/Dockerfile'),
      ok(bash('docker build -t app -f docker/Dockerfile .')),
    ],
  },
  {
    id: 's25-make-separator',
    project: 'ops-a',
    eco: 'make',
    prompt: 'make fails',
    calls: [
      fail(bash('make'), MAKE_SEP, { cls: 'make-separator', learn: true }),
      read(`${P('ops-a')}/Makefile`),
      edit(`${P('ops-a')}/Makefile`, 'build:\n    go build -o bin/app .', 'build:\n\tgo build -o bin/app .'),
      ok(bash('make')),
    ],
  },
  {
    id: 's26-perm',
    project: 'ops-a',
    eco: 'shell',
    prompt: 'deploy',
    calls: [
      fail(bash('./deploy.sh'), PERM, { cls: 'perm-denied', learn: true }),
      ok(bash('ls -la deploy.sh')),
      ok(bash('chmod +x deploy.sh')),
      ok(bash('./deploy.sh')),
    ],
  },
  {
    id: 's27-protoc-curl',
    project: 'ops-a',
    eco: 'shell',
    prompt: 'generate the protobuf code',
    calls: [
      fail(bash('./scripts/gen.sh'), PROTOC(3), { cls: 'protoc', learn: false }),
      ok(bash('curl -sSL https://get.example.dev/protoc.sh | sh')),
      ok(bash('./scripts/gen.sh')),
    ],
  },
  // ---------------------------------------------------------------- Claude Code tool usage
  {
    id: 's28-cc-not-read',
    project: 'web-a',
    eco: 'claude-code',
    prompt: 'rename the handler',
    calls: [
      fail(edit(`${P('web-a')}/src/app.js`, 'function handler(', 'function onRequest('), CC_NOT_READ, {
        cls: 'cc-not-read',
        learn: true,
      }),
      read(`${P('web-a')}/src/app.js`),
      edit(`${P('web-a')}/src/app.js`, 'function handler(', 'function onRequest('),
    ],
  },
  {
    id: 's29-cc-old-string',
    project: 'py-a',
    eco: 'claude-code',
    prompt: 'change the return',
    calls: [
      fail(
        edit(`${P('py-a')}/calc.py`, '  return total', '  return round(total, 2)'),
        CC_OLD('  return total'),
        {
          cls: 'cc-old-string',
          learn: true,
        },
      ),
      read(`${P('py-a')}/calc.py`),
      edit(`${P('py-a')}/calc.py`, '    return total', '    return round(total, 2)'),
    ],
  },
  {
    id: 's30-cc-not-read-web-b',
    project: 'web-b',
    eco: 'claude-code',
    prompt: 'edit the config',
    calls: [
      fail(edit(`${P('web-b')}/config.js`, 'port: 3000', 'port: 8080'), CC_NOT_READ, {
        cls: 'cc-not-read',
        learn: true,
        noAdvice: true,
      }),
      read(`${P('web-b')}/config.js`),
      edit(`${P('web-b')}/config.js`, 'port: 3000', 'port: 8080'),
    ],
  },
  {
    id: 's31-ts-paths',
    project: 'web-b',
    eco: 'tsc',
    prompt: 'typecheck',
    calls: [
      fail(bash('npx tsc --noEmit'), TS_CONFIG, { cls: 'ts-config', learn: true }),
      read(`${P('web-b')}/tsconfig.json`),
      edit(
        `${P('web-b')}/tsconfig.json`,
        '    "moduleResolution": "node",',
        '    "moduleResolution": "bundler",',
      ),
      ok(bash('npx tsc --noEmit')),
    ],
  },

  // ================================================================ held out (never tuned on)
  {
    id: 'h01-npm-ci',
    project: 'web-c',
    eco: 'npm',
    prompt: 'ci install',
    holdout: true,
    calls: [
      fail(bash('npm ci'), NPM_CI, { cls: 'npm-ci-sync', learn: true }),
      ok(bash('git status --short')),
      ok(bash('npm install')),
      ok(bash('npm ci')),
    ],
  },
  {
    id: 'h02-py-requests-py-c',
    project: 'py-c',
    eco: 'pip',
    prompt: 'run it',
    holdout: true,
    subagent: true,
    calls: [
      // confirmed in py-a and py-b: offered here, labelled as from other projects
      fail(bash('python3 app.py'), PY_REQUESTS('py-c'), { cls: 'py-requests', learn: true }),
      ok(bash('pip install requests')),
      ok(bash('python3 app.py')),
    ],
  },
  {
    id: 'h03-go-vet',
    project: 'go-a',
    eco: 'go',
    prompt: 'vet',
    holdout: true,
    calls: [
      fail(bash('go vet ./...'), GO_VET, { cls: 'go-vet', learn: true }),
      read(`${P('go-a')}/main.go`),
      edit(`${P('go-a')}/main.go`, '\tfmt.Printf("%d\\n", name)', '\tfmt.Printf("%s\\n", name)'),
      ok(bash('go vet ./...')),
    ],
  },
  {
    id: 'h04-serde',
    project: 'rs-b',
    eco: 'cargo',
    prompt: 'add serde',
    holdout: true,
    calls: [
      fail(bash('cargo build'), SERDE, { cls: 'serde-version', learn: true }),
      read(`${P('rs-b')}/Cargo.toml`),
      edit(`${P('rs-b')}/Cargo.toml`, 'serde = "2.0"', 'serde = "1.0"'),
      ok(bash('cargo build')),
    ],
  },
  {
    id: 'h05-protoc-ops-b',
    project: 'ops-b',
    eco: 'shell',
    prompt: 'gen code in ops-b',
    holdout: true,
    calls: [
      // only an unsafe fix was ever seen: nothing to offer
      fail(bash('./scripts/gen.sh'), PROTOC(7), { cls: 'protoc', learn: true, noAdvice: true }),
      ok(bash('apt-get install -y protobuf-compiler')),
      ok(bash('./scripts/gen.sh')),
    ],
  },
  {
    id: 'h06-eslint-airbnb-abandoned',
    project: 'web-a',
    eco: 'npm',
    prompt: 'lint',
    holdout: true,
    calls: [
      fail(bash('npm run lint'), ESLINT_AIRBNB, { cls: 'eslint-airbnb', learn: false }),
      ok(bash('cat .eslintrc.json')),
      ok(bash('npm ls eslint-config-airbnb')),
      ok(bash('npm run format')),
    ],
  },
  {
    id: 'h07-auth-web-b',
    project: 'web-b',
    eco: 'npm',
    prompt: 'fix the tests in web-b',
    holdout: true,
    calls: [
      fail(bash('npm test'), AUTH('web-b'), { cls: 'auth-import', learn: true, noAdvice: true }),
      read(`${P('web-b')}/src/index.js`),
      edit(
        `${P('web-b')}/src/index.js`,
        "const auth = require('./dist/auth.js');",
        "const auth = require('./auth.js');",
      ),
      ok(bash('npm test')),
    ],
  },
  {
    id: 'h08-py-fixture',
    project: 'py-a',
    eco: 'pytest',
    prompt: 'test suite',
    holdout: true,
    calls: [
      fail(bash('pytest -q'), PY_FIXTURE, { cls: 'py-fixture-file', learn: true }),
      ok(bash('ls fixtures')),
      ok(bash('mkdir -p data && cp fixtures/sample.csv data/')),
      ok(bash('pytest -q')),
    ],
  },
  {
    id: 'h09-port-again',
    project: 'ops-a',
    eco: 'docker',
    prompt: 'stack up',
    holdout: true,
    calls: [
      fail(bash('docker compose up -d'), PORT, { cls: 'port-alloc', learn: true }),
      ok(bash('docker compose down')),
      ok(bash('docker compose up -d')),
    ],
  },
  {
    id: 'h10-husky-no-verify',
    project: 'web-c',
    eco: 'git',
    prompt: 'commit',
    holdout: true,
    calls: [
      fail(bash('git commit -m "wip"'), HUSKY, { cls: 'husky', learn: false }),
      ok(bash('git commit --no-verify -m "wip"')),
    ],
  },
  {
    id: 'h11-pnpm-lock',
    project: 'web-c',
    eco: 'pnpm',
    prompt: 'install deps',
    holdout: true,
    calls: [
      fail(bash('pnpm install --frozen-lockfile'), PNPM_LOCK, { cls: 'pnpm-lock', learn: true }),
      ok(bash('git diff package.json')),
      ok(bash('pnpm install --no-frozen-lockfile')),
    ],
  },
  {
    id: 'h12-cc-old-string-web-c',
    project: 'web-c',
    eco: 'claude-code',
    prompt: 'tweak',
    holdout: true,
    calls: [
      fail(
        edit(`${P('web-c')}/src/util.ts`, 'export const x = 1', 'export const x = 2'),
        CC_OLD('export const x = 1'),
        {
          cls: 'cc-old-string',
          learn: true,
          noAdvice: true,
        },
      ),
      edit(`${P('web-c')}/src/util.ts`, 'export const x = 1;', 'export const x = 2;'),
    ],
  },
];
