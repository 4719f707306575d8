// dist/cli.js loads the CLI bundle with a V8 code cache per command (src/bin/cli-boot.ts): the
// cache is written by a command that succeeded, in a data home of ours only (never one it made or
// one `uninstall --purge` emptied: test/integration/cli-purge.test.ts), and a command run
// from it answers exactly as one compiled afresh, including the fix policy's `import()` of a
// built-in and its `--liftoff-only` flag (`kb add`), which would otherwise make V8 reject the cache.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const caches = (home: string): string[] => {
  try {
    return readdirSync(join(home, 'cache')).filter((f) => f.startsWith('cli.'));
  } catch {
    return [];
  }
};

describe('the CLI code cache', () => {
  let t: TempEnv;
  beforeEach(() => {
    t = tempEnv('sg-cli-cache-');
  });
  afterEach(() => t.cleanup());

  it('never makes the data home: `--help` before any hook leaves nothing behind', () => {
    const r = cli(t, ['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: self-gen/);
    expect(caches(t.home)).toEqual([]);
  });

  it('one cache per command; a cached run prints what a fresh one does, kb add included', () => {
    // no refresh now and then: a cache rewritten below can only be one V8 rejected
    const env = { SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_CODE_CACHE_REFRESH: '0' };
    const add = (n: number) =>
      cli(t, ['kb', 'add', `Error: Cannot find module 'pkg-${n}'`, '-r', `npm install pkg-${n}`], {
        env,
        cwd: t.project,
      });
    // the first `kb add` makes the data home (its database); its cache is written at its end
    const written: string[] = [];
    for (const n of [1, 2, 3]) {
      const r = add(n);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^saved #\d+: Error: Cannot find module <STR>/);
      const f = caches(t.home).find((c) => c.startsWith('cli.kb-add.'));
      expect(f).toMatch(/^cli\.kb-add\.v[\d.]+-\w+-\d+-\d+\.v8$/);
      written.push(`${f}@${statSync(join(t.home, 'cache', f!)).mtimeMs}`);
    }
    // written once, by the first run; the next two ran from it (V8 accepted it)
    expect(new Set(written).size).toBe(1);
    const fresh = cli(t, ['--help'], { env });
    expect(caches(t.home).some((f) => f.startsWith('cli.help.'))).toBe(true);
    expect(cli(t, ['--help'], { env })).toEqual(fresh);
    // a command that failed (a typo) writes none
    expect(cli(t, ['statsu'], { env }).code).not.toBe(0);
    expect(caches(t.home).some((f) => f.startsWith('cli.statsu.'))).toBe(false);
    // the package's bin (CommonJS: dist/cli.cjs) answers the same, from the same caches (V8
    // accepts them: none is rewritten)
    expect(cli(t, ['--help'], { env, bin: true })).toEqual(fresh);
    const viaBin = cli(t, ['kb', 'add', "Error: Cannot find module 'pkg-4'", '-r', 'npm install pkg-4'], {
      env,
      cwd: t.project,
      bin: true,
    });
    expect(viaBin.stderr).toBe('');
    expect(viaBin.stdout).toMatch(/^saved #\d+: Error: Cannot find module <STR>/);
    const kbAdd = caches(t.home).find((c) => c.startsWith('cli.kb-add.'))!;
    expect(`${kbAdd}@${statSync(join(t.home, 'cache', kbAdd)).mtimeMs}`).toBe(written[0]);
    // and SELF_GEN_NO_CODE_CACHE=1 reads and writes none
    const before = caches(t.home);
    expect(cli(t, ['status'], { env: { ...env, SELF_GEN_NO_CODE_CACHE: '1' } }).code).toBe(0);
    expect(caches(t.home)).toEqual(before);
  });
});
