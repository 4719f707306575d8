// #13 retrieval generalisation round: general extraction and matching rules (none keyed to one
// message), each with a case that the previous code got wrong. The raw texts here are written for
// these tests, not taken from the retrieval data set.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorKey } from '../../src/error-kb/error-key.js';
import { similarity } from '../../src/error-kb/keywords.js';
import { accepts, lexicalFtsQuery } from '../../src/error-kb/lexical.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { prefixAgrees, searchErrorKB } from '../../src/error-kb/search.js';
import { ftsQuery } from '../../src/common/fts.js';
import { closeDb, openDb, type DB } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const K = (raw: string) => errorKey(raw).normalized;

describe('#13 extraction: the line that says why, not the one that says that', () => {
  it('a refused git push is keyed by the reason the remote gives, not by `failed to push some refs`', () => {
    const push = (reason: string[], repo: string) =>
      [
        'Exit code 1',
        ...reason.map((r) => `remote: error: ${r}`),
        `To github.com:${repo}.git`,
        ' ! [remote rejected] main -> main (pre-receive hook declined)',
        `error: failed to push some refs to 'github.com:${repo}.git'`,
      ].join('\n');
    const protectedA = K(push(['GH006: Protected branch update failed for refs/heads/main.'], 'a/b'));
    const protectedB = K(push(['GH006: Protected branch update failed for refs/heads/main.'], 'c/d'));
    const tooLarge = K(
      push(['Trace: 0123abcd4567ef89', 'GH001: Large files detected. You may want to try Git LFS.'], 'a/b'),
    );
    expect(protectedA).toBe(protectedB);
    expect(protectedA).toContain('GH006: Protected branch update failed');
    expect(tooLarge).toContain('GH001: Large files detected');
    expect(tooLarge).not.toBe(protectedA);
  });

  it('a gem native build failure is keyed by its cause, the same under `gem install` and `bundle install`', () => {
    const cause = "checking for sqlite3.h... no\nCan't find the 'sqlite3.h header\n*** extconf.rb failed ***";
    const bundler = K(
      `Installing sqlite3 1.7.0 with native extensions\nGem::Ext::BuildError: ERROR: Failed to build gem native extension.\n\n    current directory: /home/u/gems/sqlite3-1.7.0/ext\n${cause}\n\nAn error occurred while installing sqlite3 (1.7.0), and Bundler cannot continue.`,
    );
    const gem = K(
      `Building native extensions. This could take a while...\nERROR:  Error installing sqlite3:\n\tERROR: Failed to build gem native extension.\n\n${cause}`,
    );
    expect(bundler).toBe(gem);
    expect(bundler).toContain("Can't find");
    // alone, the wrapper line is still the key (nothing else says more)
    expect(K('Gem::Ext::BuildError: ERROR: Failed to build gem native extension.')).toContain(
      'Failed to build gem native extension',
    );
  });

  it('progress lines (go: downloading, object counts, docker pulls) are never the error', () => {
    expect(
      K(
        'go: downloading github.com/acme/lib v1.2.3\ngo: go.mod requires go >= 1.23.0 (running go 1.22.1; GOTOOLCHAIN=local)',
      ),
    ).toBe('go: go.mod requires go >= <N> (running go <N>; GOTOOLCHAIN=local)');
    expect(
      K(
        "Unable to find image 'acme/tool:7' locally\n7: Pulling from acme/tool\ndocker: no matching manifest for linux/arm64/v8 in the manifest list entries.",
      ),
    ).toContain('no matching manifest');
  });

  it("a relay's prefix (git `remote:`, buildkit `#12 0.812`) is not part of the message", () => {
    const inBuild = K(
      '#9 [app 3/6] RUN npm ci\n#9 1.204 npm error code EUSAGE\n#9 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1',
    );
    expect(inBuild).toBe(K('npm error code EUSAGE'));
  });

  it("pytest's short summary repeats the error in one line: the error above it is taken", () => {
    const raw = [
      '==================================== ERRORS ====================================',
      '_________________ ERROR collecting tests/test_a.py __________________',
      'import file mismatch:',
      "imported module 'test_a' has this __file__ attribute:",
      '  /repo/tests/x/test_a.py',
      '=========================== short test summary info ============================',
      'ERROR tests/test_a.py',
    ].join('\n');
    expect(K(raw)).toBe('import file mismatch: imported module <STR> has this __file__ attribute:');
  });

  it('a traceback ending in a qualified exception without `Error` in its name is keyed by it', () => {
    const raw =
      'Traceback (most recent call last):\n  File "/srv/a.py", line 9, in run\n    cur.execute(q)\npsycopg2.errors.InFailedSqlTransaction: current transaction is aborted';
    expect(K(raw)).toBe('psycopg2.errors.InFailedSqlTransaction: current transaction is aborted');
  });

  it("Gradle's nested causes: the deepest one is the problem", () => {
    const raw = [
      '* What went wrong:',
      "Execution failed for task ':app:compileJava'.",
      "> Could not resolve all files for configuration ':app:compileClasspath'.",
      '   > Could not resolve org.acme:lib:1.0.',
      '      > PKIX path building failed: unable to find valid certification path to requested target',
    ].join('\n');
    expect(K(raw)).toBe(
      'PKIX path building failed: unable to find valid certification path to requested target',
    );
  });

  it("webpack's `Module not found` with a `BREAKING CHANGE:` line says which of its causes", () => {
    const polyfill = K(
      "Module not found: Error: Can't resolve 'os' in '/app/src'\n\nBREAKING CHANGE: webpack < 5 used to include polyfills for node.js core modules by default.",
    );
    const fullySpecified = K(
      "Module not found: Error: Can't resolve './util' in '/app/src'\nDid you mean 'util.js'?\nBREAKING CHANGE: The request './util' failed to resolve only because it was resolved as fully specified",
    );
    expect(polyfill).not.toBe(fullySpecified);
    expect(polyfill).toContain('BREAKING CHANGE: webpack < 5 used to include polyfills');
  });

  it('a leading source location is not part of the key (tsc’s two formats, gcc, ruby, bash)', () => {
    const msg = "error TS2304: Cannot find name 'foo'.";
    expect(K(`src/a.ts(3,5): ${msg}`)).toBe('error TS2304: Cannot find name <STR>.');
    expect(K(`src/lib/b.ts:12:7 - ${msg}`)).toBe('error TS2304: Cannot find name <STR>.');
    expect(K('main.c:4:10: fatal error: foo.h: No such file or directory')).toBe(
      'fatal error: foo.h: No such file or directory',
    );
    expect(K('./deploy.sh: line 7: TAG: unbound variable')).toBe('TAG: unbound variable');
    expect(K('bash: line 12: TAG: unbound variable')).toBe('TAG: unbound variable');
    expect(K('./ci/run.sh: 3: yq: not found')).toBe(K('sh: 1: yq: not found'));
    expect(K('  4:10  error  "x" is defined but never used  no-unused-vars')).toBe(
      'error <STR> is defined but never used no-unused-vars',
    );
    expect(K("/app/lib/job.rb:3:in `run': uninitialized constant Job::Api (NameError)")).toBe(
      'uninitialized constant Job::Api (NameError)',
    );
  });
});

describe('#13 matching: agreement of the whole message, substitutions', () => {
  it('the prefix guard ignores the words of the common beginning', () => {
    expect(
      prefixAgrees(
        K('curl: (60) SSL certificate problem: unable to get local issuer certificate'),
        K('curl: (60) SSL certificate problem: certificate has expired'),
      ),
    ).toBe(false);
  });

  it('a word replaced on each side needs a high overlap (near misses), names excepted', () => {
    const m = (a: string, b: string) => accepts(similarity(K(a), K(b)));
    expect(
      m(
        "ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'req.txt'",
        'ERROR:  could not open extension control file "/usr/share/pg/vector.control": No such file or directory',
      ),
    ).toBe(false);
    expect(
      m('RuntimeError: Event loop is closed', 'RuntimeError: Event loop stopped before Future completed.'),
    ).toBe(false);
    // another name in the same message is not a replaced word
    expect(
      m(
        'Error: The following dependencies are imported but could not be resolved: zod (imported by /a/b.ts)',
        'Error: The following dependencies are imported but could not be resolved: dayjs (imported by /c/d.ts)',
      ),
    ).toBe(true);
  });
});

describe('#13 prefix tier: several entries that begin alike', () => {
  let t: TempEnv;
  let db: DB;
  beforeEach(() => {
    t = tempEnv('sg-kb-generalise-');
    db = openDb({ env: t.env });
  });
  afterEach(() => {
    db.close();
    closeDb();
    t.cleanup();
  });

  it('the entry whose whole message agrees is returned, not the most used one; none when none agrees', async () => {
    const head = '[ERROR] Failed to execute goal on project ';
    const add = (msg: string, fix: string, uses: number) => {
      const id = recordResolution(db, K(msg), { errorRaw: msg, resolution: fix })!;
      db.prepare('UPDATE error_kb SET use_count = ? WHERE id = ?').run(uses, id);
      return id;
    };
    add(`${head}api: Compilation failure: cannot find symbol`, 'fix the import', 50);
    const artifact = add(
      `${head}api: Could not resolve dependencies for project com.acme:api:jar:1.0: Could not find artifact com.acme:core:jar:1.0 in central`,
      'mvn install the sibling module first',
      1,
    );
    const q = `${head}web: Could not resolve dependencies for project org.shop:web:war:2.1: Could not find artifact org.shop:util:jar:2.1 in central`;
    const r = await searchErrorKB(db, q, { embedder: null, lexical: false, bump: false });
    expect(r).toMatchObject({ id: artifact, tier: 'prefix' });
    const none = await searchErrorKB(db, `${head}web: There are test failures.`, {
      embedder: null,
      lexical: false,
      bump: false,
    });
    expect(none).toBeNull();
  });
});

describe('#16 one ftsQuery; no kb/lexical ↔ kb/search cycle', () => {
  it('ftsQuery quotes every word (no FTS5 syntax gets through), AND by default, OR and a column on request', () => {
    expect(ftsQuery('connect ECONNREFUSED "x" OR y*')).toBe('"connect" "ECONNREFUSED" "x" "OR" "y"');
    expect(ftsQuery('a b c', { op: 'OR', max: 2, column: 'error_normalized' })).toBe(
      'error_normalized : ("a" OR "b")',
    );
    expect(ftsQuery('  -- ()')).toBe('');
    expect(lexicalFtsQuery('Error: EACCES: permission denied, mkdir <PATH>')).toBe(
      'error_normalized : ("eacces" OR "mkdir")',
    );
  });
  it('kb/lexical.ts does not import kb/search.ts', () => {
    const src = readFileSync(join(import.meta.dirname, '../../src/error-kb/lexical.ts'), 'utf8');
    expect(src).not.toMatch(/from '\.\/search\.js'/);
  });
});
