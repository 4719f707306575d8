// better-sqlite3 is given its addon file directly (src/db/sqlite.ts): the `bindings` package, which
// reads a stack trace and tries a dozen paths at every start, is never loaded. Read from this
// process's module cache, on a real database.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const req = createRequire(import.meta.url);
const bindings = req.resolve('bindings', { paths: [dirname(req.resolve('better-sqlite3/package.json'))] });

describe('the SQLite addon', () => {
  let t: TempEnv | null = null;
  afterEach(() => t?.cleanup());

  it('opens a database without the bindings package', () => {
    t = tempEnv('sg-sqlite-addon-');
    const db = openDb({ env: t.env });
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    db.close();
    expect(bindings in req.cache).toBe(false);
    expect(req.resolve('better-sqlite3') in req.cache).toBe(true);
  });
});
