import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorSignature, extractErrorMessage, normalizeError } from '../../src/error-kb/normalize.js';
import { FIXTURES } from '../helpers/env.js';

describe('normalizeError (REQ-RA-001)', () => {
  it('RA-001-1: a file path inside quotes becomes <PATH>, then the quoted string <STR>', () => {
    const out = normalizeError("Cannot find module '/Users/dev/project/src/index.ts'");
    expect(out).toBe('Cannot find module <STR>');
    expect(out).not.toContain('/Users');
    // The path rule runs first: unquoted, the same path stays a <PATH>.
    expect(normalizeError('Cannot find module /Users/dev/project/src/index.ts')).toBe(
      'Cannot find module <PATH>',
    );
  });

  it('RA-001-2: numbers of two or more digits become <N> and paths <PATH>', () => {
    expect(normalizeError('Error at line 42 in /src/app.js: unexpected token')).toBe(
      'Error at line <N> in <PATH>: unexpected token',
    );
    // a single digit is not a number to replace
    expect(normalizeError('exit status 1')).toBe('exit status 1');
  });

  it('RA-001-3: a 300-character message is cut to 200 characters and trimmed', () => {
    const msg = 'TypeError: ' + 'x'.repeat(180) + ' '.repeat(20) + 'y'.repeat(89);
    expect(msg).toHaveLength(300);
    const out = normalizeError(msg);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(out).toBe(out.trim());
    expect(out).toBe(('TypeError: ' + 'x'.repeat(180)).trim());
    expect(normalizeError('   padded error   ')).toBe('padded error');
    const long = normalizeError('E'.repeat(300));
    expect(long).toHaveLength(200);
  });

  it('keeps error codes that name the error (TS2307, E0308, E404) and replaces ids that vary', () => {
    // (the leading location `src/app.ts(12,5): ` is dropped, #13 retrieval generalisation)
    expect(normalizeError("src/app.ts(12,5): error TS2307: Cannot find module 'react'")).toBe(
      'error TS2307: Cannot find module <STR>',
    );
    expect(normalizeError('error[E0308]: mismatched types')).toBe('error[E0308]: mismatched types');
    expect(normalizeError('npm ERR! code E404')).toBe('npm ERR! code E404');
    expect(normalizeError('segfault at 0x7ffd1234 in build 1d781026-4b91-4581-b3a2-f91871abc842')).toBe(
      'segfault at <N> in build <N>',
    );
    expect(normalizeError('cannot open ./scripts/run.sh or ~/notes.txt')).toBe(
      'cannot open <PATH> or <PATH>',
    );
  });

  it('never throws: anything that is not a string gives an empty string', () => {
    expect(normalizeError(undefined)).toBe('');
    expect(normalizeError(null)).toBe('');
    expect(normalizeError(42)).toBe('');
    expect(normalizeError({})).toBe('');
    expect(normalizeError('')).toBe('');
  });
});

describe('extractErrorMessage', () => {
  it('takes the error line of a real PostToolUseFailure payload (Exit code line dropped)', () => {
    const p = JSON.parse(
      readFileSync(join(FIXTURES, 'hook-payloads', '04-PostToolUseFailure.json'), 'utf8'),
    ) as { error: string };
    const msg = extractErrorMessage(p.error);
    expect(msg).toBe('cat: /nonexistent/dir/file.txt: No such file or directory');
    expect(normalizeError(msg)).toBe('cat: <PATH>: No such file or directory');
  });

  it('takes the exception line of a Python traceback, not "Traceback (most recent call last)"', () => {
    const tb =
      'Traceback (most recent call last):\n  File "/app/x.py", line 3, in <module>\n    import numpy\nModuleNotFoundError: No module named \'numpy\'';
    expect(extractErrorMessage(tb)).toBe("ModuleNotFoundError: No module named 'numpy'");
  });

  it('prefers a line that starts like an error report', () => {
    expect(
      extractErrorMessage('remote: Invalid username or password.\nfatal: Authentication failed for x'),
    ).toBe('fatal: Authentication failed for x');
    expect(
      extractErrorMessage(
        '(node:1) Warning: something\n/app/a.js:1\nSyntaxError: Cannot use import statement outside a module',
      ),
    ).toBe('SyntaxError: Cannot use import statement outside a module');
    expect(extractErrorMessage('<tool_use_error>File has not been read yet.</tool_use_error>')).toBe(
      'File has not been read yet.',
    );
    expect(extractErrorMessage(123)).toBe('');
  });
});

describe('#13.4 normalisation bugs (seed rules kept)', () => {
  it("the apostrophe of a contraction never starts a quoted string: the seed's own example pair", () => {
    // seed 001, "벡터 검색 도입 배경": the pair the vector tier must bring together.
    expect(normalizeError("Module not found: Error: Can't resolve 'react' in '/app/src'")).toBe(
      "Module not found: Error: Can't resolve <STR> in <STR>",
    );
    expect(normalizeError("Module not found: Error: Can't resolve 'react'")).toBe(
      "Module not found: Error: Can't resolve <STR>",
    );
    expect(normalizeError("Cannot find module 'react'")).toBe('Cannot find module <STR>');
    expect(normalizeError("it doesn't exist: 'a' isn't 'b'")).toBe("it doesn't exist: <STR> isn't <STR>");
    // …and the variable part still varies away: another package, another folder, the same key.
    expect(normalizeError("Module not found: Error: Can't resolve 'lodash' in '/home/x/web/src/pages'")).toBe(
      normalizeError("Module not found: Error: Can't resolve 'react' in '/app/src'"),
    );
  });

  it("curly quotes (‘…’, “…”) and the GNU `…' form are quoted strings; a curly apostrophe is not", () => {
    expect(normalizeError('error: unknown type name ‘uint’; did you mean ‘uint8_t’?')).toBe(
      'error: unknown type name <STR>; did you mean <STR>?',
    );
    expect(normalizeError('“foo” is not defined')).toBe('<STR> is not defined');
    expect(normalizeError('Can’t open ‘x.txt’')).toBe('Can’t open <STR>');
    expect(normalizeError("make: *** No rule to make target `all', needed by `build'.  Stop.")).toBe(
      'make: *** No rule to make target <STR>, needed by <STR>. Stop.',
    );
  });

  it('IPs, versions and ports mask as whole tokens (never <N>.0.0.1)', () => {
    expect(normalizeError('connect ECONNREFUSED 127.0.0.1:5432')).toBe('connect ECONNREFUSED <N>:<N>');
    expect(normalizeError('connect ECONNREFUSED 10.0.0.12:3000')).toBe('connect ECONNREFUSED <N>:<N>');
    expect(normalizeError('react@18.2.0 needs node v20.1.0')).toBe(
      normalizeError('react@17.0.2 needs node v16.4.1'),
    );
    expect(normalizeError('Python 3.11 is required')).toBe('Python <N> is required');
    expect(normalizeError('Timeout of 2000ms exceeded')).toBe('Timeout of <N> exceeded');
    expect(normalizeError('at 2024-05-01T10:20:30.123Z: lock timeout')).toBe('at <N>: lock timeout');
    // single digits and error codes stay as the seed has them
    expect(normalizeError('exit status 1')).toBe('exit status 1');
    expect(normalizeError('error[E0308]: mismatched types')).toBe('error[E0308]: mismatched types');
  });

  it('Windows paths become <PATH>', () => {
    expect(
      normalizeError("ENOENT: no such file or directory, open 'C:\\Users\\dev\\app\\package.json'"),
    ).toBe('ENOENT: no such file or directory, open <STR>');
    expect(normalizeError('cannot read C:\\work\\a.txt now')).toBe('cannot read <PATH> now');
  });
});

describe('#13.4 more normalisation found with the retrieval data set', () => {
  it('line and column after a path mask whole, single digits included', () => {
    expect(normalizeError('src/main.c:3:10: fatal error: curl/curl.h: No such file or directory')).toBe(
      normalizeError('lib/http.c:12:10: fatal error: openssl/ssl.h: No such file or directory'),
    );
    expect(normalizeError('see src/a.ts(3,5): error TS2322: x')).toBe('see <PATH>(<N>,<N>): error TS2322: x');
    // at the start, the location is dropped (#13 retrieval generalisation)
    expect(normalizeError('src/a.ts(3,5): error TS2322: x')).toBe('error TS2322: x');
    expect(normalizeError('Error at line 4 in /src/app.js')).toBe(
      normalizeError('Error at line 42 in /src/b.js'),
    );
  });
});

describe('#13.4 extraction found with the retrieval data set', () => {
  it('webpack: the line after `ERROR in <file> l:c`', () => {
    expect(
      extractErrorMessage(
        "Exit code 1\nERROR in ./src/main.js 3:0-45\nModule not found: Error: Can't resolve 'x' in '/a'",
      ),
    ).toBe("Module not found: Error: Can't resolve 'x' in '/a'");
  });
  it('go: not the `# package` header', () => {
    expect(extractErrorMessage('Exit code 1\n# example.com/calc\ninternal/sum.go:30:1: missing return')).toBe(
      'internal/sum.go:30:1: missing return',
    );
  });
  it('CMake and Gradle: the message under the header, not the header every error shares', () => {
    expect(
      extractErrorMessage(
        'CMake Error at CMakeLists.txt:5 (project):\n  No CMAKE_C_COMPILER could be found.\n\n  Tell CMake where to find the compiler',
      ),
    ).toBe('No CMAKE_C_COMPILER could be found.');
    expect(
      extractErrorMessage(
        'FAILURE: Build failed with an exception.\n\n* What went wrong:\nCould not open cp_init generic class cache\n\n* Try:',
      ),
    ).toBe('Could not open cp_init generic class cache');
  });
  it('pytest banners are not the error; psql keeps the FATAL part; a `…:` header takes its next line', () => {
    expect(
      extractErrorMessage(
        "==================================== ERRORS ====================================\n____ ERROR collecting tests/test_x.py ____\nE   ModuleNotFoundError: No module named 'src'",
      ),
    ).toBe("ModuleNotFoundError: No module named 'src'");
    expect(
      extractErrorMessage(
        'psql: error: connection to server at "h" (10.0.0.1), port 5432 failed: FATAL:  password authentication failed for user "u"',
      ),
    ).toBe('FATAL:  password authentication failed for user "u"');
    expect(
      extractErrorMessage(
        'error: The following untracked working tree files would be overwritten by merge:\n\tdocs/a.md',
      ),
    ).toBe('error: The following untracked working tree files would be overwritten by merge: docs/a.md');
  });
  it('`Could not find …` reads like an error (not the `Run bundle install` hint below it)', () => {
    expect(
      extractErrorMessage(
        "Could not find gem 'pg (>= 1.1)' in locally installed gems.\nRun `bundle install` to install missing gems.",
      ),
    ).toBe("Could not find gem 'pg (>= 1.1)' in locally installed gems.");
  });

  it('pytest`s `ERROR at setup of <test>` banner frames the error; the line after the message joins the signature only when it is not a stack frame', () => {
    // bench/retrieval/realworld (real reports: a fixture scope mismatch, ts-node on a .ts file)
    const pytest = [
      'Exit code 1',
      '_______________________ ERROR at setup of test_fscopes ________________________',
      "ScopeMismatch: You tried to access the 'function' scoped fixture 'func_level' with a 'session' scoped request object, involved factories",
      'test_sess.py:12:  def sess_level(func_level)',
    ].join('\n');
    expect(extractErrorMessage(pytest)).toMatch(/^ScopeMismatch: You tried to access/);
    const tsNode = [
      'TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /app/scripts/build.ts',
      '    at new NodeError (node:internal/errors:405:5)',
      '    at Object.getFileProtocolModuleFormat [as file:] (node:internal/modules/esm/get_format:99:9)',
    ].join('\n');
    expect(errorSignature(tsNode)).toEqual([tsNode.split('\n')[0]]);
  });
});
