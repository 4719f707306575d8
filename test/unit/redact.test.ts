// Secrets never reach disk: the redaction corpus.
import { describe, expect, it } from 'vitest';
import { redact, redactDeep, stripPrivate, truncate } from '../../src/shared/redact.js';
import { SECRET_CORPUS } from '../helpers/secrets.js';

describe('redact', () => {
  for (const c of SECRET_CORPUS) {
    it(`removes a ${c.name}`, () => {
      const out = redact(c.text);
      expect(out).not.toContain(c.secret);
      expect(out).toContain('REDACTED');
    });
  }

  it('keeps ordinary text, paths and error messages intact', () => {
    for (const s of [
      'Error: Cannot find module ./utils from /home/dev/proj/src/index.ts',
      'npm ERR! code ERESOLVE',
      'TypeError: token.split is not a function',
      'the password field is required (see docs)',
      'git commit -m "add secret rotation docs"',
    ]) {
      expect(redact(s)).toBe(s);
    }
  });

  it('strips <private> sections, also unclosed ones', () => {
    expect(stripPrivate('a <private>b</private> c <PRIVATE>d')).toBe('a [private] c [private]');
  });

  it('redactDeep covers nested strings and secret-named keys', () => {
    expect(redactDeep({ a: ['AKIAIOSFODNN7EXAMPLE'], password: 'plain', n: 1 })).toEqual({
      a: ['[REDACTED:aws-access-key]'],
      password: '[REDACTED]',
      n: 1,
    });
  });

  it('truncate never splits a surrogate pair', () => {
    const s = 'ab😀cd';
    expect(truncate(s, 4, '')).toBe('ab😀');
    const t = truncate(s, 3, '');
    expect(t).toBe('ab');
    expect(truncate('한국어 텍스트', 4, '…')).toBe('한국어…');
  });
});
