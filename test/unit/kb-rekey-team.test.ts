// Keys stored by other versions: a teammate's fix pulled with the key their KEY_VERSION computed is
// stored stale, and the rekey pass gives it this version's key, merging it into the local entry of
// the same error with the teammate's confirmation kept (real SQLite).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DB } from '../../src/db/db.js';
import { errorKey, KEY_VERSION } from '../../src/error-kb/error-key.js';
import { recordProvenFix, recordTeamFix, type PulledFix } from '../../src/error-kb/candidates.js';
import { entryIdOf, fixRows, fixTeamRows, getEntry } from '../../src/error-kb/db.js';
import { rekeyPass } from '../../src/error-kb/rekey.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';

const NPM_1 = readFileSync(
  join(ROOT, 'test', 'fixtures', 'runner-lines', 'npm11-run-build-warn-1.txt'),
  'utf8',
);
/** The key version 1 gave NPM_1 (what a teammate on an older release pushes). */
const OLD_KEY =
  'npm WARN Unknown project config <STR>. This will stop working in the next major version of npm. See <STR> for supported config options.';
const FIX = { fixKey: 'edit:index.ts:n: number', resolution: 'Edit src/index.ts: n: number' };

const pulled = (over: Partial<PulledFix> = {}): PulledFix => ({
  errorKey: OLD_KEY,
  errorRaw: NPM_1,
  ...FIX,
  resolvedBy: 'Edit',
  toolSequence: null,
  proof: 'same-file',
  firstTs: '2026-11-20T10:00:00.000Z',
  member: 'bob',
  machine: 'm2',
  projectId: 'P',
  projectName: 'app',
  confirmations: 1,
  lastTs: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

describe('pulled team rows keyed by another KEY_VERSION are re-keyed by the rekey pass', () => {
  let env: TempEnv;
  let db: DB;
  beforeEach(() => {
    env = tempEnv();
    db = openDb({ env: env.env });
  });
  afterEach(() => {
    db.close();
    env.cleanup();
  });

  it('a teammate row with an old key joins the local entry of the same error, confirmation kept', () => {
    const key = errorKey(NPM_1).normalized;
    expect(key).not.toBe(OLD_KEY);
    const local = recordProvenFix(db, key, {
      errorRaw: NPM_1,
      ...FIX,
      proof: 'same-file',
      projectPath: '/work/app',
    });
    expect(db.transaction(() => recordTeamFix(db, pulled())).immediate()).toBe(true);
    const stale = entryIdOf(db, OLD_KEY)!;
    expect((getEntry(db, stale) as unknown as { key_version: number }).key_version).toBe(0);

    expect(rekeyPass(db)).toMatchObject({ merged: 1 });
    expect(entryIdOf(db, OLD_KEY)).toBeUndefined();
    expect(entryIdOf(db, key)).toBe(local);
    const fixes = fixRows<{ id: number; fix_key: string; confirmations: number }>(db, local!);
    expect(fixes.map((f) => f.fix_key)).toEqual([FIX.fixKey]);
    expect(fixes[0]!.confirmations).toBe(1);
    expect(fixTeamRows(db, fixes[0]!.id).map((r) => r.member)).toEqual(['bob']);
    expect((getEntry(db, local!) as unknown as { key_version: number }).key_version).toBe(KEY_VERSION);
  });

  it("a teammate row with no local entry gets this version's key; a row keyed as here stays current", () => {
    db.transaction(() => recordTeamFix(db, pulled())).immediate();
    const raw = "TypeError: Cannot read properties of undefined (reading 'id')";
    const current = pulled({ errorKey: errorKey(raw).normalized, errorRaw: raw });
    db.transaction(() => recordTeamFix(db, current)).immediate();
    const here = entryIdOf(db, current.errorKey)!;
    expect((getEntry(db, here) as unknown as { key_version: number }).key_version).toBe(KEY_VERSION);

    expect(rekeyPass(db)).toMatchObject({ rekeyed: 1, merged: 0 });
    const id = entryIdOf(db, errorKey(NPM_1).normalized)!;
    expect(fixTeamRows(db, fixRows<{ id: number }>(db, id)[0]!.id).map((r) => r.member)).toEqual(['bob']);
    // the shown fix changing later keeps the key's version (candidates.ts showBest)
    expect((getEntry(db, id) as unknown as { key_version: number }).key_version).toBe(KEY_VERSION);
  });
});
