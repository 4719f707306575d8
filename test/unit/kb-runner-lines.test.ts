// Issue #32.1 "The key is the failing tool's own error": the lines a runner (package manager, shell,
// CI runner, logger) speaks below its error level are frame, chosen by the runner's grammar
// (src/error-kb/runner-lines.ts). One test per noise class, on real outputs
// (test/fixtures/runner-lines/README.md names their sources).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorKey } from '../../src/error-kb/error-key.js';
import { frameLines, isRunnerLine } from '../../src/error-kb/runner-lines.js';
import { ROOT } from '../helpers/env.js';

const fixture = (name: string) => readFileSync(join(ROOT, 'test', 'fixtures', 'runner-lines', name), 'utf8');
const key = (raw: string) => errorKey(raw).normalized;
const NPM_1 = fixture('npm11-run-build-warn-1.txt');
const NPM_2 = fixture('npm11-run-build-warn-2.txt');
const TSC_LINE = "src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.";
const TSC_KEY = 'error TS2322: Type <STR> is not assignable to type <STR>.';

describe('package-manager warnings and notices are not the error', () => {
  it('npm 11 `npm warn Unknown project config …` before `npm run build`: the key is the compiler line', () => {
    expect(NPM_1).toMatch(/^npm warn Unknown project config/);
    for (const out of [NPM_1, NPM_2]) {
      const k = errorKey(out);
      expect(k.message).toBe(TSC_LINE);
      expect(k.normalized).toBe(TSC_KEY);
      expect(k.signature.join('\n')).not.toMatch(/npm warn|npm WARN|^> /m);
    }
    // the same failure with other warn lines: one key
    expect(key(NPM_1)).toBe(key(NPM_2));
  });

  it('npm 6–9 `npm WARN` and npm’s closing `npm notice` block', () => {
    const old = NPM_1.replace(/^npm warn/gm, 'npm WARN');
    expect(key(old)).toBe(TSC_KEY);
    expect(key(`${NPM_1}${fixture('npm-notice.txt')}`)).toBe(TSC_KEY);
  });

  it('pnpm’s ` WARN  …` lines (its level word, two blanks)', () => {
    // https://github.com/msgbyte/tailchat/issues/229
    const warn =
      ' WARN  The field "pnpm" was found in /www/wwwroot/msgbyte/tailchat/server/package.json. This will not take effect. You should configure "pnpm" at the root of the workspace instead.';
    expect(isRunnerLine(warn.trim())).toBe(true);
    expect(key(`${warn}\n${TSC_LINE}`)).toBe(TSC_KEY);
  });

  it('yarn 1: `yarn run v…` banner, the `$ cmd` echo, `info Visit …` and the exit-code wrapper', () => {
    const k = errorKey(fixture('yarn1-run-tsc-not-found.txt'));
    expect(k.message).toBe('/bin/sh: line 1: tsc: command not found');
    expect(k.signature.join('\n')).not.toMatch(/yarn run v|info Visit|^\$ /m);
  });

  it('yarn berry’s `➤ YN0000:` step lines are the runner’s info level', () => {
    const berry = fixture('yarn-berry-actions.txt');
    const ynLines = berry.split('\n').filter((l) => l.startsWith('➤ YN0000:'));
    expect(ynLines.length).toBeGreaterThan(5);
    for (const l of ynLines) expect(isRunnerLine(l)).toBe(true);
    expect(key(`${berry}\n${TSC_LINE}`)).toBe(TSC_KEY);
  });
});

describe('script banners, echoes and prompts are the command, not its error', () => {
  it('the `> pkg@1.0.0 build` banner and the echoed command after it (npm, pnpm with its path)', () => {
    const lines = NPM_1.split('\n');
    const flags = frameLines(lines);
    expect(flags[lines.indexOf('> pkg@1.0.0 build')]).toBe(true);
    expect(flags[lines.indexOf('> tsc -p .')]).toBe(true);
    expect(flags[lines.indexOf(TSC_LINE)]).toBe(false);
    // pnpm's banner names the package folder; a nameless package prints `> @ dev`
    const pnpm = [
      '> @ dev /home/admin/srv/stockbot-on-groq',
      '> next dev --turbo',
      'ELIFECYCLE Command failed.',
    ];
    expect(frameLines(pnpm)).toEqual([true, true, false]);
  });

  it('a `> ` line without a banner before it is content (gradle’s causes)', () => {
    const gradle = [
      '* What went wrong:',
      'Execution failed for task :app:compileJava.',
      '> Compilation failed',
    ];
    expect(frameLines(gradle)).toEqual([false, false, false]);
  });

  it('shell prompts and an interactive question (bash-3.2$, user@host:dir$, $, PowerShell, [Y/n])', () => {
    // bench/retrieval/realworld/items/02-npm-ts.yaml (a real report)
    const ci = [
      'bash-3.2$ npm ci',
      'npm WARN prepare removing existing node_modules/ before installation',
      'npm ERR! cipm can only install packages when your package.json and package-lock.json are in sync.',
    ].join('\n');
    expect(errorKey(ci).message).toMatch(/^npm ERR! cipm can only install/);
    for (const p of ['dev@box:~/app$ npm run build', '$  sudo -i -u postgres', 'PS C:\\app> npm run build'])
      expect(isRunnerLine(p)).toBe(true);
    expect(isRunnerLine('? Do you want to continue? [Y/n]')).toBe(true);
    expect(key(`dev@box:~/app$ npm run build\n${NPM_1}`)).toBe(TSC_KEY);
  });

  it('root, zsh and venv prompts (`# cmd`, `% cmd`, `~# cmd`, `(py27) [host:/dir] $ cmd`)', () => {
    // bench/retrieval/realworld/items (real reports: a venv made as root, a push to a local registry)
    for (const p of [
      '# python3 -m venv /opt/app/venv',
      '% yarn install',
      '~# docker push 10.0.0.15:5000/ubuntu',
      '(py27) [whopper:/Users/me] $ brew link --force openssl',
    ])
      expect(isRunnerLine(p)).toBe(true);
    // not a prompt: go's package header, curl's progress header, a markdown title
    for (const l of ['# command-line-arguments', '% Total    % Received', '# Errors'])
      expect(isRunnerLine(l)).toBe(false);
    const venv = [
      '# python3 -m venv /opt/app/venv',
      'The virtual environment was not created successfully because ensurepip is not',
      'available.  On Debian/Ubuntu systems, you need to install the python3-venv',
    ].join('\n');
    expect(key(venv)).toBe('The virtual environment was not created successfully because ensurepip is not');
  });

  it('a `set -x` trace (`+ cmd`, `++ cmd`)', () => {
    expect(key(`+ npm run build\n++ pwd\n${NPM_1}`)).toBe(TSC_KEY);
  });
});

describe('CI footers, timing, timestamps and log prefixes are not the error', () => {
  it('GitHub Actions: step header, ISO timestamps on every line, the exit-code footer', () => {
    const ts = '2026-11-29T03:20:11.4650000Z ';
    const actions = ['Run npm run build', ...NPM_1.split('\n'), 'Error: Process completed with exit code 2.']
      .map((l) => ts + l)
      .join('\n');
    expect(errorKey(actions).message).toBe(TSC_LINE);
  });

  it('steps and progress: Homebrew’s `==>`, docker compose’s attach and exit lines, pnpm’s progress, bars', () => {
    for (const l of [
      '==> Downloading https://ghcr.io/v2/homebrew/core/openssl/3/manifests/3.2.1',
      'Attaching to api-1, db-1',
      'api-1 exited with code 1',
      'Progress: resolved 312, reused 298, downloaded 0, added 0',
      ' 45%|████▌     | 45/100 [00:01<00:01, 40.1it/s]'.trim(),
      '[=====>    ] 50%',
      '⠙ Installing dependencies',
    ])
      expect(isRunnerLine(l), l).toBe(true);
  });

  it('timing footers (yarn’s `Done in`, time(1)) are the runner’s', () => {
    for (const l of ['Done in 0.53s.', '✨  Done in 3.02s.', 'real\t0m1.204s', 'sys 0m0.010s'])
      expect(isRunnerLine(l)).toBe(true);
    expect(key(`${TSC_LINE}\nDone in 0.53s.\nreal\t0m1.204s`)).toBe(TSC_KEY);
  });

  it('a syslog prefix, a logger’s level prefix and a right-aligned time of day', () => {
    const k = errorKey(fixture('consola-nuxt-module-build.txt'));
    expect(k.message).toBe(
      'ERROR  failed to resolve "extends":"./.nuxt/tsconfig.json" in /home/lju/nuxt-toast/tsconfig.json',
    );
    expect(isRunnerLine('ℹ Building nuxt-toast')).toBe(true);
    expect(isRunnerLine('[INFO] Compiling 26 source files to C:\\Bot\\jbot\\jbot\\target\\classes')).toBe(
      true,
    );
    expect(
      isRunnerLine('WARNING: You are using pip version 21.0.1; however, version 24.0 is available.'),
    ).toBe(true);
    expect(isRunnerLine('INFO [main] o.s.b.SpringApplication: Starting')).toBe(true);
    // a tool's own report that starts with a level word is the tool speaking (webpack)
    expect(
      isRunnerLine(
        'WARNING in asset size limit: The following asset(s) exceed the recommended size limit (244 KiB).',
      ),
    ).toBe(false);
    // the syslog prefix is stripped first, then the pnpm banner is a banner
    const pnpm = errorKey(fixture('pnpm-syslog-elifecycle.txt'));
    expect(pnpm.message).toBe('ELIFECYCLE  Command failed with exit code -2.');
  });

  it('the runner’s error level stays content, and an output of frame lines only keeps its first', () => {
    expect(isRunnerLine('npm error code ERESOLVE')).toBe(false);
    expect(isRunnerLine('npm ERR! code ERESOLVE')).toBe(false);
    const only = 'npm warn deprecated inflight@1.0.6: This module is not supported';
    expect(errorKey(only).message).toBe(only.replace('npm warn', 'npm WARN'));
  });
});
