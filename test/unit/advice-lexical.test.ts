// Keyword (lexical-tier) matches are not offered as advice by default (#13: wrong advice is worse
// than none — on a fresh held-out set the lexical tier matched 12 % of unrelated errors); the
// orchestrator's memory search shows only fixes the advice filter would give.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/hook/runtime/deps.js';
import { errorAdvice } from '../../src/error-kb/handlers.js';
import { errorKey } from '../../src/error-kb/error-key.js';
import { searchErrorKB } from '../../src/error-kb/search.js';
import { closeDb, getDb, type DB } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { failure, seedKb, writeConfig } from '../helpers/pre-tool-guide.js';

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv('sg-advlex-');
  db = getDb({ env: t.env });
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

const STORED =
  'Exit code 1\nError: pool exhausted: could not acquire a database connection for tenant billing within the acquire timeout';
const QUERY =
  'Exit code 1\nError: acquire timeout reached: pool exhausted, no database connection for tenant reports could be acquired';

describe('#13 lexical-tier matches and advice', () => {
  it('a match found only by keywords is not offered by default; `advice.lexicalTier: true` offers it', async () => {
    seedKb(db, STORED, 'raise pool.max in config/db.yml');
    // precondition: the two errors differ in key and meet only in the lexical tier
    const q = errorKey(QUERY).normalized;
    expect(q).not.toBe(errorKey(STORED).normalized);
    const hit = await searchErrorKB(db, q, { normalized: true, bump: false, lexical: true });
    expect(hit?.tier).toBe('lexical');

    const input = failure(t.project, 'Bash', { command: 'npm start' }, QUERY);
    expect((await errorAdvice(input, createDeps(input, t.env)))?.additionalContext ?? null).toBeNull();

    closeDb();
    writeConfig(t.home, { advice: { lexicalTier: true } });
    db = getDb({ env: t.env });
    const ctx = (await errorAdvice(input, createDeps(input, t.env)))?.additionalContext ?? '';
    expect(ctx).toContain('raise pool.max in config/db.yml');
  });
});
