// #13.4 / #13.5 the lexical and prefix rules the retrieval data set led to (tuning part only).
import { describe, expect, it } from 'vitest';
import { errorKey } from '../../src/kb/error-key.js';
import { similarity } from '../../src/kb/keywords.js';
import { accepts } from '../../src/kb/lexical.js';
import { prefixAgrees } from '../../src/kb/search.js';

const K = (raw: string) => errorKey(raw).normalized;
const match = (a: string, b: string) => accepts(similarity(K(a), K(b)));

describe('#13.5 lexical acceptance', () => {
  it('a message with no word of its own is identified by the program it names', () => {
    expect(match('zsh: command not found: tsc', 'bash: tsc: command not found')).toBe(true);
    expect(match('zsh: command not found: yarn', 'bash: tsc: command not found')).toBe(false);
  });
  it('the reporting shell is not part of the problem', () => {
    expect(match('zsh: permission denied: ./scripts/build.sh', 'bash: ./deploy.sh: Permission denied')).toBe(
      true,
    );
    expect(match('ERROR:  permission denied for table users', 'bash: ./deploy.sh: Permission denied')).toBe(
      false,
    );
  });
  it('messages of common words only match on a high overlap', () => {
    expect(match('File does not exist. Did you mean src/index.tsx?', 'File does not exist.')).toBe(true);
    expect(match('FATAL:  role "root" does not exist', 'File does not exist.')).toBe(false);
  });
  it('different error classes with the same message are one problem; only a class in common is not', () => {
    expect(
      match(
        'SqliteError: attempt to write a readonly database',
        'sqlite3.OperationalError: attempt to write a readonly database',
      ),
    ).toBe(true);
    expect(match('TypeError: x is not a function', 'ReferenceError: x is not defined')).toBe(false);
    expect(match('AssertionError: expected 200 but got 404', 'E       AssertionError: assert 3 == 4')).toBe(
      false,
    );
  });
  it('npm 10 (`npm error`) and npm 6–9 (`npm ERR!`) give one key; the line after `code X` says which problem', () => {
    expect(K('npm error code ERESOLVE\nnpm error ERESOLVE could not resolve')).toBe(
      'npm ERR! code ERESOLVE ERESOLVE could not resolve',
    );
    expect(
      match(
        'npm error code ENOENT\nnpm error syscall spawn git',
        'npm ERR! code ENOENT\nnpm ERR! syscall open',
      ),
    ).toBe(false);
  });
});

describe('#13.5 prefix tier guard', () => {
  it('the same first 30 characters with different error classes is not a match', () => {
    expect(
      prefixAgrees(
        K('Exception in thread "main" java.lang.NullPointerException'),
        K('Exception in thread "main" java.lang.ClassNotFoundException: com.acme.Main'),
      ),
    ).toBe(false);
  });
  it('nor when what follows the common beginning has nothing in common', () => {
    expect(
      prefixAgrees(
        K(
          'psql: error: connection to server at "localhost" (127.0.0.1), port 5432 failed: Connection refused',
        ),
        K(
          'psql: error: connection to server at "db" (10.0.0.1), port 5432 failed: could not translate host name',
        ),
      ),
    ).toBe(false);
  });
  it('a variant with another name or number still agrees (RA-002-2 stays a prefix match)', () => {
    expect(
      prefixAgrees(
        K("TypeError: Cannot read properties of undefined (reading 'id') at handler"),
        K("TypeError: Cannot read properties of undefined (reading 'name') at render"),
      ),
    ).toBe(true);
    const stored = 'TypeError: Cannot read properties of undefined (reading <STR>) in handler'.padEnd(
      80,
      '!',
    );
    expect(prefixAgrees(stored.slice(0, 30) + 'Z'.repeat(34), stored)).toBe(true);
  });
});
