import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractErrorMessage, normalizeError } from '../../src/kb/normalize.js';
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
    expect(normalizeError("src/app.ts(12,5): error TS2307: Cannot find module 'react'")).toBe(
      '<PATH>(<N>,5): error TS2307: Cannot find module <STR>',
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
