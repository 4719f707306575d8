// Issue #32.2: two reports of one error are one log template with other variables. The alignment
// tells a recurrence (only variables differ) from another error (a constant word differs).
import { describe, expect, it } from 'vitest';
import { sameTemplate, templateDiff, templateTokens } from '../../src/error-kb/template.js';

const same = (a: string, b: string) => sameTemplate(templateDiff(a, b));

describe('template tokens: constants and variables', () => {
  it('marks paths, URLs, numbers, versions, hosts, quoted parts and names as variables; words and codes as constants', () => {
    const kinds = (s: string) => templateTokens(s).map((t) => `${t.text}:${t.kind}`);
    expect(
      kinds(
        "TypeError: Cannot read properties of undefined (reading 'map') at renderList (/app/src/List.tsx:12:5)",
      ),
    ).toEqual([
      'TypeError:code',
      'Cannot:word',
      'read:word',
      'properties:word',
      'of:word',
      'undefined:word',
      'reading:word',
      'map:quoted',
      'at:word',
      'renderList:name',
      '/app/src/List.tsx:path',
      '12:number',
      '5:number',
    ]);
    expect(kinds('connect ECONNREFUSED 127.0.0.1:5432 after 30s on v18.2.0 https://x.io/a')).toEqual([
      'connect:word',
      'ECONNREFUSED:code',
      '127.0.0.1:5432:number',
      'after:word',
      '30s:number',
      'on:word',
      'v18.2.0:number',
      'https://x.io/a:url',
    ]);
    expect(kinds('Exception in thread <STR> java.lang.NullPointerException at <PATH>:<N>')).toEqual([
      'Exception:word',
      'in:word',
      'thread:word',
      '<STR>:quoted',
      'java.lang.NullPointerException:code',
      'at:word',
      '<PATH>:path',
      '<N>:number',
    ]);
  });
});

describe('alignment: the same template with other variables is a recurrence', () => {
  it.each([
    [
      "TypeError: Cannot read properties of undefined (reading 'map') at renderList",
      "TypeError: Cannot read properties of undefined (reading 'filter') at renderTable",
    ],
    [
      'Error: listen EADDRINUSE: address already in use :::3000',
      'Error: listen EADDRINUSE: address already in use 127.0.0.1:8080',
    ],
    [
      'error[E0425]: cannot find value `x` in this scope',
      'error[E0425]: cannot find value `total` in this scope',
    ],
    [
      'fatal: could not read Username for <STR>: terminal prompts disabled',
      'fatal: could not read Username for <STR>: terminal prompts disabled',
    ],
  ])('%s ~ %s', (a, b) => {
    expect(same(a, b)).toBe(true);
  });
});

describe('alignment: a different constant word is another error', () => {
  it.each([
    [
      'Error: listen EADDRINUSE: address already in use :::3000',
      'Error: listen EACCES: permission denied 0.0.0.0:80',
    ],
    [
      "fatal: destination path 'foo' already exists and is not an empty directory.",
      "fatal: repository 'https://github.com/x/y.git/' not found",
    ],
    ['ssh-add: <PATH>: No such file or directory', '.venv/bin/activate: No such file or directory'],
    [
      'Exception in thread <STR> java.lang.NullPointerException',
      'Exception in thread <STR> java.lang.ClassNotFoundException: com.acme.Main',
    ],
  ])('%s ≁ %s', (a, b) => {
    expect(same(a, b)).toBe(false);
  });

  it('counts what differs: a replaced code, added words, variables of another kind', () => {
    const d = templateDiff(
      'Error: listen EADDRINUSE: address in use :::3000',
      'Error: listen EACCES: address in use :::80',
    );
    expect(d).toMatchObject({ constReplaced: 1, codeDiff: 1, constExtra: 0 });
    expect(
      templateDiff("Cannot find module 'express'", "Cannot find module '/app/dist/server.js'").varKindDiff,
    ).toBe(1);
    expect(templateDiff('No module named <STR>', 'No module named my_module').varKindDiff).toBe(1); // quotes are constants
    expect(templateDiff('Killed', 'Killed by signal 9')).toMatchObject({ constSame: 1, constExtra: 2 });
  });
});
