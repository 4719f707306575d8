// The error-line model of the bench (bench/error-lines): its features of each line, its choice, and
// the seam it uses in the extraction (extractWith with a picker). The key itself keeps the rules.
import { describe, expect, it } from 'vitest';
import { extractErrorMessage, extractWith } from '../../src/error-kb/extract.js';
import { LINE_FEATURES, lineFeatures } from '../../bench/error-lines/features.js';
import { errorLineIndex } from '../../bench/error-lines/model.js';

const feature = (row: number[] | undefined, name: (typeof LINE_FEATURES)[number]) =>
  row?.[LINE_FEATURES.indexOf(name)];

const NODE = [
  '/app/server.js:3',
  '',
  "Error: Cannot find module 'express'",
  '    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)',
  '    at Object.<anonymous> (/app/server.js:3:17)',
  'Node.js v20.11.0',
].join('\n');

describe('line features', () => {
  const lines = NODE.split('\n').map((l) => l.trim());
  const rows = lineFeatures(lines);

  it('a blank line has no features; every other line has one value per feature', () => {
    expect(rows[1]).toEqual([]);
    for (const i of [0, 2, 3, 4, 5]) expect(rows[i]).toHaveLength(LINE_FEATURES.length);
  });

  it('says which line reads like an error and which is a stack frame', () => {
    expect(feature(rows[2], 'exceptionClass')).toBe(1);
    expect(feature(rows[2], 'firstLabelled')).toBe(1);
    expect(feature(rows[2], 'nextIsStack')).toBe(1);
    expect(feature(rows[3], 'stack')).toBe(1);
    expect(feature(rows[3], 'labelled')).toBe(0);
    expect(feature(rows[0], 'first')).toBe(1);
    expect(feature(rows[5], 'last')).toBe(1);
  });
});

describe('the model and the extraction seam', () => {
  it('the fitted weights choose the error over the frames and the footer', () => {
    expect(errorLineIndex(NODE.split('\n').map((l) => l.trim()))).toBe(2);
  });

  it('with a picker, its line is the message (completed like the rules complete theirs)', () => {
    const raw = 'npm error code ENOENT\nnpm error syscall open\nnpm error path /app/package.json';
    const first = (all: readonly string[]) => all.findIndex(Boolean);
    expect(extractWith(raw, first)).toBe('npm ERR! code ENOENT syscall open');
    expect(extractWith(NODE, () => 2)).toBe("Error: Cannot find module 'express'");
  });

  it('without a picker, the rules choose (the key is unchanged)', () => {
    expect(extractWith(NODE)).toBe(extractErrorMessage(NODE));
    expect(extractErrorMessage(NODE)).toBe("Error: Cannot find module 'express'");
  });

  it('a picker that points at a blank line falls back to the first line', () => {
    expect(extractWith('\n\nfatal: not a git repository', () => 0)).toBe('fatal: not a git repository');
  });
});
