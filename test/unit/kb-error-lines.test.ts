// Issue #26.1 "The key is the tool's own error": the error lines of an output are chosen by what
// they are, not by position. Log and CI decorations are stripped, the failing program's own lines
// win over a wrapper's or a stack frame, and the two or three most error-like lines are the entry's
// signature, stored with it. Outputs as real logs print them (CI, docker compose, set -x, Homebrew).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorKey } from '../../src/error-kb/error-key.js';
import { openDb, type DB } from '../../src/db/db.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { getEntry } from '../../src/error-kb/db.js';
import { searchErrorKB } from '../../src/error-kb/search.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const key = (raw: string) => errorKey(raw).normalized;

describe('log and CI decorations are not the error', () => {
  it('a leading timestamp (ISO, bracketed, time of day) is dropped', () => {
    const plain = 'ERROR: relation "users" does not exist at character 15';
    expect(key(`2024-05-01T10:20:30.1234567Z ${plain}`)).toBe(key(plain));
    expect(key(`[2024-05-01 10:20:30,123] ${plain}`)).toBe(key(plain));
    expect(key(`10:20:30.512 ${plain}`)).toBe(key(plain));
  });

  it("docker compose's `service  | ` prefix is dropped", () => {
    const plain = "Error: Cannot find module 'express'\nRequire stack:\n- /app/server.js";
    const composed = [
      'Attaching to api-1, db-1',
      "api-1  | Error: Cannot find module 'express'",
      'api-1  | Require stack:',
      'api-1  | - /app/server.js',
      'api-1 exited with code 1',
    ].join('\n');
    expect(key(composed)).toBe(key(plain));
  });

  it("GitHub Actions' `##[error]` marker and its closing `Error: Process completed with exit code N.` are not the error", () => {
    const log = [
      '2024-03-02T11:02:03.0000000Z ##[group]Run go build ./...',
      '2024-03-02T11:02:04.0000000Z go: github.com/acme/lib@v1.4.0: reading https://proxy.golang.org/github.com/acme/lib/@v/v1.4.0.mod: 410 Gone',
      '2024-03-02T11:02:04.1000000Z ##[error]Process completed with exit code 1.',
    ].join('\n');
    expect(key(log)).toMatch(/^go: github\.com/);
    const other = 'Run npm ci\nsh: 1: jest: not found\nError: Process completed with exit code 127.';
    expect(key(other)).toBe(key('sh: 1: jest: not found'));
    // two unrelated failures no longer share the closing line as their key
    expect(key(log)).not.toBe(key(other));
  });

  it('a `set -x` echo line (`+ cmd`) is the command, not its error', () => {
    const out = '+ ./scripts/check-missing-env.sh production\nDATABASE_URL is not set';
    expect(key(out)).toBe(key('DATABASE_URL is not set'));
  });

  it('a `==>` banner is a step header, not the error', () => {
    const brew = [
      '==> Fetching dependencies for openssl@3: unable to use the API, falling back',
      '==> Downloading https://ghcr.io/v2/homebrew/core/openssl/3/manifests/3.2.1',
      'curl: (22) The requested URL returned error: 404',
    ].join('\n');
    expect(key(brew)).toBe(key('curl: (22) The requested URL returned error: 404'));
  });

  it('progress lines are not the error', () => {
    const out = [
      'Progress: resolved 812, reused 790, downloaded 0, added 0, failed 1',
      ' 45% |████████▌         | 120/266 [00:02<00:03, 48.1it/s]',
      ' ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/lefpad: Not Found - 404',
    ].join('\n');
    expect(key(out)).toBe(key(' ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/lefpad: Not Found - 404'));
  });

  it('ANSI colours are not part of the key', () => {
    const plain = 'error[E0433]: failed to resolve: use of undeclared crate or module `tokio`';
    expect(
      key(
        `\x1b[0m\x1b[1m\x1b[38;5;9merror[E0433]\x1b[0m\x1b[0m\x1b[1m: failed to resolve: use of undeclared crate or module \`tokio\`\x1b[0m`,
      ),
    ).toBe(key(plain));
  });
});

describe("the failing program's own lines win", () => {
  it("over npm's wrapper (`npm error code 1`, `Lifecycle script … failed`)", () => {
    const out = [
      '> web@1.0.0 build',
      '> tsc -p .',
      '',
      "src/index.ts(3,21): error TS2307: Cannot find module './routes' or its corresponding type declarations.",
      'npm error code 1',
      'npm error path /home/dev/web',
      'npm error command failed',
      'npm error command sh -c tsc -p .',
    ].join('\n');
    expect(key(out)).toBe(
      key("error TS2307: Cannot find module './routes' or its corresponding type declarations."),
    );
  });

  it("over make's and yarn's closing lines", () => {
    const out = [
      'cc -c -o build/net.o src/net.c',
      'src/net.c:4:10: fatal error: openssl/ssl.h: No such file or directory',
      'compilation terminated.',
      'make: *** [Makefile:12: build/net.o] Error 1',
      'error Command failed with exit code 2.',
    ].join('\n');
    expect(key(out)).toBe(key('fatal error: openssl/ssl.h: No such file or directory'));
  });

  it('over a stack frame that happens to read like an error', () => {
    const out = [
      '    at ensureErrorHandlerRegistered (/app/node_modules/express/lib/router/index.js:45:11)',
      '    at Function.handle (/app/node_modules/express/lib/router/index.js:174:3)',
      'listen EADDRINUSE: address already in use :::3000',
    ].join('\n');
    expect(key(out)).toBe(key('listen EADDRINUSE: address already in use :::3000'));
  });

  it("over a parent's `Error: Command failed: …` line printed before the child's own error", () => {
    const out = [
      'Error: Command failed: npx prisma generate',
      'Error: Could not find Prisma Schema that is required for this command.',
      '    at Object.run (/app/node_modules/prisma/build/index.js:1:234)',
    ].join('\n');
    expect(key(out)).toBe(key('Error: Could not find Prisma Schema that is required for this command.'));
  });
});

describe('the signature: the two or three most error-like lines, stored with the entry', () => {
  let env: TempEnv;
  let db: DB;
  beforeEach(() => {
    env = tempEnv();
    db = openDb({ env: env.env });
  });
  afterEach(() => {
    db.close();
    env.cleanup();
  });

  it('keeps more than one line, without decorations, frames or wrappers', () => {
    const out = [
      '2024-03-02T11:02:03Z api-1  | Traceback (most recent call last):',
      '2024-03-02T11:02:03Z api-1  |   File "/app/db.py", line 3, in <module>',
      '2024-03-02T11:02:03Z api-1  | psycopg2.OperationalError: connection to server at "db" (172.18.0.2), port 5432 failed: Connection refused',
      '2024-03-02T11:02:03Z api-1  | \tIs the server running on that host and accepting TCP/IP connections?',
      '##[error]Process completed with exit code 1.',
    ].join('\n');
    const k = errorKey(out);
    expect(k.signature.length).toBeGreaterThanOrEqual(2);
    expect(k.signature.length).toBeLessThanOrEqual(3);
    expect(k.signature[0]).toMatch(/^psycopg2\.OperationalError: connection to server/);
    expect(k.signature.join('\n')).toMatch(/Is the server running/);
    expect(k.signature.join('\n')).not.toMatch(/File "|##\[error\]|api-1|2024-/);
  });

  it("is stored with the entry and given back with a search's match", async () => {
    const out =
      'npm error code ERESOLVE\nnpm error ERESOLVE unable to resolve dependency tree\nnpm error Found: react@18.2.0';
    const id = recordResolution(db, key(out), {
      errorRaw: out,
      resolution: 'npm install --legacy-peer-deps',
    });
    const e = getEntry(db, id!);
    expect(e?.error_lines?.split('\n').length).toBeGreaterThanOrEqual(2);
    expect(e?.error_lines).toMatch(/ERESOLVE unable to resolve dependency tree/);
    const m = await searchErrorKB(db, out, { embedder: null, bump: false });
    expect(m?.id).toBe(id);
    expect(m?.error_lines).toBe(e?.error_lines);
  });
});

describe('more log formats', () => {
  it("syslog's `Mon DD hh:mm:ss host prog[pid]: ` prefix is dropped", () => {
    const plain =
      'level=error msg="Attempting next endpoint for pull after error: Get https://registry:5000/v2/: http: server gave HTTP response to HTTPS client"';
    expect(key(`Nov 12 10:20:30 build-01 dockerd[812]: ${plain}`)).toBe(key(plain));
  });

  it("msbuild's `path : error CODE: …` location is dropped like gcc's `path:3:1: error …`", () => {
    expect(
      key(
        '/src/App/App.csproj : error NU1101: Unable to find package Foo.Bar. No packages exist with this id in source(s): offline',
      ),
    ).toBe(
      key(
        'error NU1101: Unable to find package Foo.Bar. No packages exist with this id in source(s): offline',
      ),
    );
  });
});
