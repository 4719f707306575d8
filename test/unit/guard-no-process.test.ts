// #24 unit tests run in-process: the unit project's setup file (test/helpers/no-process.ts) makes
// every way of starting a process throw with the fix, so a process-spawning test cannot hide in
// test/unit (it belongs in test/integration).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import childProcess from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('#24 the unit project starts no process', () => {
  it('spawn, spawnSync and execFileSync throw with a fix: line (named imports and the module object)', () => {
    expect(() => spawnSync('true')).toThrow(/fix: move the test file to test\/integration/);
    expect(() => spawn('true')).toThrow(/unit test started a process/);
    expect(() => execFileSync('true')).toThrow(/test\/integration/);
    expect(() => childProcess.fork('x.js')).toThrow(/test\/integration/);
  });
});
