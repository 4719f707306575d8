// #13 retrieval, fewer false matches on fresh near misses: the names check (names.ts) and the
// wrapper lines of this round. Each case fails on the code before the round. The raw texts are
// written for these tests, not taken from the retrieval data set.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorKey } from '../../src/error-kb/error-key.js';
import { namesAgree, nameKind } from '../../src/error-kb/names.js';
import { maskedNames } from '../../src/error-kb/normalize.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { searchErrorKB, type SearchOptions } from '../../src/error-kb/search.js';
import { closeDb, openDb, type DB } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const K = (raw: string) => errorKey(raw).normalized;

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv('sg-kb-names-');
  db = openDb({ env: t.env });
});
afterEach(() => {
  db.close();
  closeDb();
  t.cleanup();
});

const store = (raw: string, resolution: string) =>
  recordResolution(db, K(raw), { errorRaw: raw, resolution, resolvedBy: 'Bash' });
const opts: SearchOptions = { embedder: null, lexical: true, bump: false };
/** As the hooks search: the normalized key plus the query's unmasked message. */
const hookSearch = (raw: string) => {
  const k = errorKey(raw);
  return searchErrorKB(db, k.normalized, { ...opts, normalized: true, message: k.message });
};

// the text tiers are what the hooks use by default; the lexical tier checks the names only
const textSearch = (raw: string) => {
  const k = errorKey(raw);
  return searchErrorKB(db, k.normalized, { ...opts, lexical: false, normalized: true, message: k.message });
};

describe('#13 maskedNames: the names the key masks, unmasked', () => {
  it('quoted names and paths in order; a leading source location is not part of the key', () => {
    expect(maskedNames("Error: Cannot find module 'express'")).toEqual(['express']);
    expect(maskedNames("src/a.ts(3,5): error TS2307: Cannot find module 'lodash' or its types")).toEqual([
      'lodash',
    ]);
    expect(maskedNames('fatal error: curl/curl.h: No such file or directory')).toEqual(['curl/curl.h']);
    expect(
      maskedNames("Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'chalk' imported from /app/x.mjs"),
    ).toEqual(['chalk', '/app/x.mjs']);
  });

  it('a path is not the same kind of name as a bare module name; a scoped package is a name', () => {
    expect(nameKind('/home/u/app/dist/server.js')).toBe('path');
    expect(nameKind('./routes')).toBe('path');
    expect(nameKind('src/version.h')).toBe('path');
    expect(nameKind('express')).toBe('name');
    expect(nameKind('@tanstack/react-query')).toBe('name');
    expect(nameKind('stdio.h')).toBe('name');
  });
});

describe('#13 the names check: a fix about another name is not advised', () => {
  it('the stored fix writes the stored name (`RETURNING`): the same key about `FROM` gets no advice (exact tier)', async () => {
    const stored = 'sqlite3.OperationalError: near "RETURNING": syntax error';
    store(stored, 'the linked SQLite is older than 3.35 (no RETURNING): upgrade SQLite');
    const query = 'sqlite3.OperationalError: near "FROM": syntax error';
    expect(K(query)).toBe(K(stored)); // one key by the seed's rule 3
    expect(await hookSearch(query)).toBeNull();
    // the same name again: advised
    expect((await hookSearch(`Exit code 1\n${stored}`))?.tier).toBe('exact');
  });

  it('`delete .git/index.lock` is not the fix of another lock file; the fix that names both names covers both', async () => {
    store(
      "fatal: Unable to create '/home/u/repo/.git/index.lock': File exists.",
      'make sure no git process runs, then delete .git/index.lock',
    );
    expect(
      await hookSearch("fatal: Unable to create '/srv/x/.git/refs/heads/main.lock': File exists."),
    ).toBeNull();
    expect((await hookSearch("fatal: Unable to create '/srv/x/.git/index.lock': File exists."))?.tier).toBe(
      'exact',
    );
    store(
      "AttributeError: module 'numpy' has no attribute 'float'",
      'NumPy 1.24 removed the np.float/np.int/np.bool aliases: use the builtin',
    );
    expect((await hookSearch("AttributeError: module 'numpy' has no attribute 'bool'"))?.tier).toBe('exact');
  });

  it("a path where the stored error had a bare package name: `Cannot find module '/app/dist/server.js'` is not `… 'express'`", async () => {
    store("Error: Cannot find module 'express'", 'npm install express');
    expect(await hookSearch("Error: Cannot find module '/home/omar/api/dist/server.js'")).toBeNull();
    expect((await hookSearch("Error: Cannot find module 'express'\nRequire stack:\n- /srv/a.js"))?.tier).toBe(
      'exact',
    );
  });

  it('the prefix and lexical tiers apply it too; a query without its message is judged on the key alone', async () => {
    store(
      "ERROR 1146 (42S02): Table 'shop.orders' doesn't exist in engine",
      "recreate shop.orders from the dump: the table's tablespace is gone",
    );
    const near = "ERROR 1146 (42S02): Table 'crm.users' doesn't exist in engine InnoDB";
    expect(await hookSearch(near)).toBeNull();
    // the key alone cannot tell (no names): the old behaviour
    expect(await searchErrorKB(db, K(near), { ...opts, normalized: true })).not.toBeNull();
  });

  it('namesAgree: no stored raw error or no names → no opinion', () => {
    const e = { error_raw: null, error_normalized: 'x <STR>', resolution: 'fix x' };
    expect(namesAgree("x 'a'", e)).toBe(true);
    expect(namesAgree(undefined, { ...e, error_raw: "x 'b'" })).toBe(true);
  });
});

describe('#13 the detail the key drops: a quoted sentence, what follows the 200-character cut (text tiers)', () => {
  it('a quoted sentence is the cause, not a name: one key, two problems, no advice', async () => {
    const err = (why: string) => `UploadError: push rejected by gateway ('${why}')`;
    store(err('certificate verify failed: hostname mismatch'), 'add the host to the certificate SAN list');
    const other = err('certificate verify failed: self signed certificate in chain');
    expect(K(other)).toBe(K(err('certificate verify failed: hostname mismatch')));
    expect(await textSearch(other)).toBeNull();
    expect((await textSearch(err('certificate verify failed: hostname mismatch')))?.tier).toBe('exact');
  });

  it('two messages cut alike at 200 characters: the uncut ends must agree', async () => {
    const wrapper =
      'DeployError: the release pipeline step of the workflow could not complete because the remote builder ' +
      'returned an error while it prepared the artifact bundle of the service for the upload to the registry:';
    store(`${wrapper} disk quota exceeded on the builder volume`, 'free space on the builder volume');
    const other = `${wrapper} signature verification failed for the bundle manifest`;
    expect(K(other)).toBe(K(`${wrapper} disk quota exceeded on the builder volume`));
    expect(await textSearch(other)).toBeNull();
    expect((await textSearch(`${wrapper} disk quota exceeded on the builder volume`))?.tier).toBe('exact');
    // a tail that shares a little (`on the builder volume`) is still another problem (DETAIL_TAIL_MIN_SCORE)
    store(`${wrapper} disk quota exceeded on the builder volume cache`, 'prune the builder cache');
    expect(await textSearch(`${wrapper} manifest signature missing on the builder volume`)).toBeNull();
  });
});

describe('#13 the reporter is not the error: shell, docker CLI, PHP CLI prefixes', () => {
  it('`docker: Error response from daemon…` = `Error response from daemon…`; `PHP Fatal error:` = `Fatal error:`', () => {
    expect(
      K('docker: Error response from daemon: Conflict. The container name "/db" is already in use.'),
    ).toBe(K('Error response from daemon: Conflict. The container name "/api" is already in use.'));
    expect(K('PHP Fatal error:  Allowed memory size of 134217728 bytes exhausted')).toBe(
      K('Fatal error: Allowed memory size of 268435456 bytes exhausted'),
    );
  });

  it("zsh's `zsh: command not found: tsc` is bash's `bash: tsc: command not found`", async () => {
    expect(K('zsh: command not found: tsc')).toBe('tsc: command not found');
    expect(K('bash: tsc: command not found')).toBe('tsc: command not found');
    expect(K('zsh: permission denied: ./run.sh')).toBe(K('bash: ./build.sh: Permission denied'));
    // an entry recorded before the rule keeps its key and is still found by the exact tier
    recordResolution(db, 'bash: tsc: command not found', {
      errorRaw: 'bash: tsc: command not found',
      resolution: 'npm i -D typescript',
    });
    expect((await textSearch('Exit code 127\nbash: tsc: command not found'))?.tier).toBe('exact');
    // a program's own prefix stays: it says which tool failed
    expect(K("git: 'stauts' is not a git command.")).toBe('git: <STR> is not a git command.');
  });
});

describe('#13 the label tier: the same message under another severity label or client exception class', () => {
  it("`error: sorry, too many clients already` finds `FATAL: …`; psycopg2's class finds psql's `ERROR: …`", async () => {
    store(
      'psql: error: connection to server failed: FATAL:  sorry, too many clients already',
      'raise max_connections',
    );
    store(
      'ERROR:  current transaction is aborted, commands ignored until end of transaction block',
      'ROLLBACK the failed transaction first',
    );
    const a = await textSearch('Error: sorry, too many clients already');
    expect(a?.resolution).toBe('raise max_connections');
    const b = await textSearch(
      'psycopg2.errors.InFailedSqlTransaction: current transaction is aborted, commands ignored until end of transaction block',
    );
    expect(b?.resolution).toBe('ROLLBACK the failed transaction first');
  });

  it('a label with an error code is not a label; a short body says too little', async () => {
    store('error[E0603]: function `parse` is private', 'make it pub');
    expect(await textSearch('error: function `parse` is private')).toBeNull();
    store('Error: timeout', 'retry');
    expect(await textSearch('fatal: timeout')).toBeNull();
  });
});

describe('#13 the hint tier: one key is the other plus a trailing hint sentence', () => {
  it('`File does not exist.` and `File does not exist. Did you mean <PATH>?` both ways; not any longer message', async () => {
    store('File does not exist.', 'Glob for the file first, then Read the path it gives');
    expect((await textSearch('File does not exist. Did you mean src/app.tsx?'))?.resolution).toMatch(/^Glob/);
    store(
      'ActiveRecord::PendingMigrationError: Migrations are pending. To resolve this issue, run: bin/rails db:migrate',
      'bin/rails db:migrate',
    );
    expect(
      (await textSearch('ActiveRecord::PendingMigrationError: Migrations are pending.'))?.resolution,
    ).toBe('bin/rails db:migrate');
    // what follows is not a hint: another problem
    expect(await textSearch('File does not exist. The volume is not mounted.')).toBeNull();
  });
});

describe('#13 the prefix tier: no coin toss between entries that begin alike', () => {
  it('two entries with other advice that agree as well with the query: no answer; the same advice: an answer', async () => {
    const head = 'Job failed: the nightly report export task';
    store(`${head} stopped: upstream quota window reached for tenant`, 'wait for the quota window');
    store(`${head} stopped: upstream quota window closed for tenant`, 'reopen the quota window');
    const q = `${head} stopped: upstream quota window exhausted for tenant`;
    expect(await textSearch(q)).toBeNull();
    store(`${head} halted: downstream archive volume is read-only now`, 'remount the archive volume rw');
    expect(
      (await textSearch(`${head} halted: downstream archive volume is read-only again`))?.resolution,
    ).toBe('remount the archive volume rw');
  });
});

describe('#13 extraction: more wrapper lines (they say that a step failed, not why)', () => {
  it('git: `Could not read from remote repository` gives way to the reason above it', () => {
    const tail =
      'fatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights';
    const timeout = K(
      `Exit code 128\nssh: connect to host github.com port 22: Connection timed out\n${tail}`,
    );
    const remote = K(`Exit code 128\nfatal: 'upstream' does not appear to be a git repository\n${tail}`);
    expect(timeout).toContain('Connection timed out');
    expect(remote).toContain('does not appear to be a git repository');
    expect(timeout).not.toBe(remote);
  });

  it("Spring Boot's banner gives way to the Description paragraph", () => {
    const spring = (d: string) =>
      `Exit code 1\n***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\n${d}\n\nAction:\n\nDo something.`;
    const port = K(spring('Web server failed to start. Port 8080 was already in use.'));
    const bean = K(spring("Field repo in a.B required a bean of type 'a.Repo' that could not be found."));
    expect(port).toBe('Web server failed to start. Port <N> was already in use.');
    expect(bean).not.toBe(port);
  });

  it("maven's COMPILATION ERROR header, pip's subprocess wrapper, vite's `x Build failed in`, composer's progress", () => {
    expect(
      K(
        '[ERROR] COMPILATION ERROR : \n[INFO] ------\n[ERROR] Source option 5 is no longer supported. Use 7 or later.',
      ),
    ).toBe('[ERROR] Source option 5 is no longer supported. Use 7 or later.');
    expect(
      K(
        'Exit code 1\n  error: subprocess-exited-with-error\n\n  × Getting requirements to build wheel did not run successfully.\n  │ exit code: 1\n  ╰─> [21 lines of output]\n      Error: pg_config executable not found.',
      ),
    ).toBe('Error: pg_config executable not found.');
    expect(K('Exit code 1\nx Build failed in 1.02s\nerror during build:\nError: Unexpected "}"')).toBe(
      'Error: Unexpected <STR>',
    );
    expect(
      K(
        'Exit code 2\nInstalling dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nYour lock file does not contain a compatible set of packages. Please run composer update.',
      ),
    ).toBe('Your lock file does not contain a compatible set of packages. Please run composer update.');
  });

  it("composer's `Problem 1`: its last `- ` line, the deepest reason", () => {
    expect(
      K(
        "Exit code 2\nInstalling dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nYour lock file does not contain a compatible set of packages. Please run composer update.\n\n  Problem 1\n    - acme/util is locked to version v2.1.0 and an update of this package was not requested.\n    - acme/util v2.1.0 requires ext-intl * -> it is missing from your system. Install or enable PHP's intl extension.",
      ),
    ).toBe(
      "acme/util <N> requires ext-intl * -> it is missing from your system. Install or enable PHP's intl extension.",
    );
  });

  it("Gradle's failed task without the `* What went wrong:` header: the deepest `> ` cause", () => {
    expect(
      K(
        "Exit code 1\nExecution failed for task ':app:processDebugMainManifest'.\n> Manifest merger failed : android:exported needs to be explicitly specified",
      ),
    ).toBe('Manifest merger failed : android:exported needs to be explicitly specified');
  });
});
