// #13.4 / #13.5 the lexical and prefix rules the retrieval data set led to (tuning part only).
import { describe, expect, it } from 'vitest';
import { errorKey } from '../../src/error-kb/error-key.js';
import { identTokens, similarity } from '../../src/error-kb/keywords.js';
import { accepts, searchLexical } from '../../src/error-kb/lexical.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { prefixAgrees } from '../../src/error-kb/search.js';
import { closeDb, openDb } from '../../src/db/db.js';
import { tempEnv } from '../helpers/env.js';

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

describe('#13 retrieval-tune: names, one-sided classes, ambiguity, headers', () => {
  it('identifiers left unmasked (qualified, camelCase, snake_case, hyphenated with a digit) are names, not words', () => {
    expect([...identTokens('curl: (6) Could not resolve host: registry.acme.local')].sort()).toEqual([
      'acme',
      'local',
      'registry',
    ]);
    expect([...identTokens('ReferenceError: structuredClone is not defined')]).toEqual(['structuredclone']);
    expect([...identTokens('Error response from daemon: No such container: web-1')]).toEqual(['web', '1']);
    // error codes and classes inside a qualified name stay; an ALL_CAPS code stays a word
    expect(identTokens('java.lang.NullPointerException').has('nullpointerexception')).toBe(false);
    expect(identTokens('Error: SQLITE_BUSY: database is locked').size).toBe(0);
    // a word that also occurs on its own is a word
    expect(identTokens('main class org.demo.main').has('main')).toBe(false);
  });
  it('two occurrences of a problem about different names match; the names weigh like common words', () => {
    expect(
      match(
        'Exit code 6\ncurl: (6) Could not resolve host: registry.acme.local',
        'curl: (6) Could not resolve host: api.internal.example',
      ),
    ).toBe(true);
    expect(
      match(
        'curl: (6) Could not resolve host: registry.acme.local',
        'curl: (7) Failed to connect to registry.acme.local port 443',
      ),
    ).toBe(false);
  });
  it('an error class on one side only is the runtime’s wording when two plain words agree; not when one does', () => {
    expect(
      match('Error: SQLITE_BUSY: database is locked', 'sqlite3.OperationalError: database is locked'),
    ).toBe(true);
    expect(match("E       assert 'a' == 'b'", 'E       AssertionError: assert 3 == 4')).toBe(false);
    // a specific code on one side only still needs the high overlap
    expect(match('npm ERR! code EACCES syscall mkdir', 'Error: permission denied, mkdir')).toBe(false);
  });
  it('a header ending with `:` is joined with the next line even across a blank line', () => {
    expect(K('Exit code 1\nActiveRecord::PendingMigrationError:\n\n  Migrations are pending.')).toBe(
      'ActiveRecord::PendingMigrationError: Migrations are pending.',
    );
  });
  it('no lexical answer when another entry with other advice fits as well (a miss beats a coin toss)', () => {
    const t = tempEnv('sg-kb-ambiguous-');
    const db = openDb({ env: t.env });
    try {
      const add = (e: string, fix: string) => recordResolution(db, K(e), { errorRaw: e, resolution: fix });
      add('TypeError: app.listen is not a function', 'check the export of the module');
      const other = add('TypeError: fooBar is not a function', 'rename the helper');
      const q = K('TypeError: router.use is not a function');
      expect(searchLexical(db, q)).toBeNull();
      // the same advice twice is no ambiguity
      db.prepare('UPDATE error_kb SET resolution = ? WHERE id = ?').run(
        'check the export of the module',
        other,
      );
      expect(searchLexical(db, q)?.entry.resolution).toBe('check the export of the module');
      // a margin below 0 turns the check off
      db.prepare('UPDATE error_kb SET resolution = ? WHERE id = ?').run('rename the helper', other);
      expect(searchLexical(db, q, { ambiguityMargin: -1 })).not.toBeNull();
    } finally {
      db.close();
      closeDb();
      t.cleanup();
    }
  });
});
