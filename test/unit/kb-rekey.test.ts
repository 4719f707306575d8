// Issue #32.1 the key has a version: a store written before KEY_VERSION 2 (schema 8, keys taken
// from npm's warning line) is migrated (key_version 1), and the session-end pass kb-rekey gives its
// entries and events the key of this version, recomputed from the stored raw error through errorKey.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DB } from '../../src/db/db.js';
import { paths } from '../../src/common/paths.js';
import { SCHEMA_VERSION } from '../../src/db/schema.js';
import { errorKey, KEY_VERSION } from '../../src/error-kb/error-key.js';
import { candidates } from '../../src/error-kb/candidates.js';
import { getEntry } from '../../src/error-kb/db.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { rekeyPass } from '../../src/error-kb/rekey.js';
import { searchErrorKB } from '../../src/error-kb/search.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { oldEntry as entryOf, oldStore } from '../helpers/old-store.js';

const oldEntry = (db: Parameters<typeof entryOf>[0], key: string, raw: string | null, fix: string) =>
  entryOf(db, { key, raw, fix, project: '/work/app', ts: TS });

const fixture = (name: string) => readFileSync(join(ROOT, 'test', 'fixtures', 'runner-lines', name), 'utf8');
const NPM_1 = fixture('npm11-run-build-warn-1.txt');
const NPM_2 = fixture('npm11-run-build-warn-2.txt');
/** The key version 1 gave NPM_1 (issue #32: "stored under the line `npm warn Unknown user config`"). */
const OLD_KEY =
  'npm WARN Unknown project config <STR>. This will stop working in the next major version of npm. See <STR> for supported config options.';
const TSC_KEY = 'error TS2322: Type <STR> is not assignable to type <STR>.';
const TS = '2026-11-28T10:00:00.000Z';

describe('KEY_VERSION: keys of an older version are re-keyed from the stored raw error', () => {
  let env: TempEnv;
  let db: DB | undefined;
  beforeEach(() => {
    env = tempEnv();
  });
  afterEach(() => {
    db?.close();
    env.cleanup();
  });

  it('a schema-8 store: migrated as version 1, then entry and events get the compiler line as key', async () => {
    expect(errorKey(NPM_1).normalized).toBe(TSC_KEY);
    expect(KEY_VERSION).toBeGreaterThan(1);
    let entryId = 0;
    oldStore(paths(env.env).db, 8, (o) => {
      entryId = oldEntry(o, OLD_KEY, NPM_1, 'fix the type of n in src/index.ts');
      const ev = (type: string, data: object) =>
        Number(
          o
            .prepare(`INSERT INTO events (type, ts, session_id, data) VALUES (?, ?, 's1', ?)`)
            .run(type, TS, JSON.stringify(data)).lastInsertRowid,
        );
      const err = ev('tool_error', { tool: 'Bash', error: OLD_KEY, errorRaw: NPM_1 });
      ev('resolution', { errorEventId: err, error: OLD_KEY, tool: 'Bash' });
    });
    db = openDb({ env: env.env });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    // before the pass: the old key, and the same failure one session later is not found by it
    expect(getEntry(db, entryId)?.error_normalized).toBe(OLD_KEY);

    const r = rekeyPass(db);
    expect(r).toMatchObject({ rekeyed: 1, merged: 0, kept: 0, events: 2 });
    const e = getEntry(db, entryId) as unknown as {
      error_normalized: string;
      key_version: number;
      error_lines: string;
    };
    expect(e.error_normalized).toBe(TSC_KEY);
    expect(e.key_version).toBe(KEY_VERSION);
    expect(e.error_lines).not.toMatch(/npm warn|npm WARN/);
    expect(candidates(db, entryId).map((c) => c.resolution)).toEqual(['fix the type of n in src/index.ts']);
    const events = db.prepare('SELECT type, data FROM events ORDER BY id').all() as {
      type: string;
      data: string;
    }[];
    for (const ev of events)
      expect(JSON.parse(ev.data)).toMatchObject({ error: TSC_KEY, keyVersion: KEY_VERSION });
    // the same failure, with other warn lines, finds the entry by its exact key
    const hit = await searchErrorKB(db, NPM_2, { embedder: null, bump: false });
    expect(hit?.id).toBe(entryId);
    expect(hit?.tier).toBe('exact');
    // a second pass has nothing left to do
    expect(rekeyPass(db)).toMatchObject({ rekeyed: 0, merged: 0, kept: 0, events: 0, eventsSeen: 0 });
  });

  it('an entry whose new key another entry has is merged into it, fixes of both kept', () => {
    let warnId = 0;
    let tscId = 0;
    oldStore(paths(env.env).db, 8, (o) => {
      warnId = oldEntry(o, OLD_KEY, NPM_1, 'fix A');
      tscId = oldEntry(
        o,
        TSC_KEY,
        "src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
        'fix B',
      );
    });
    db = openDb({ env: env.env });
    expect(rekeyPass(db)).toMatchObject({ rekeyed: 0, merged: 1, kept: 1 });
    expect(getEntry(db, warnId)).toBeNull();
    expect(
      candidates(db, tscId)
        .map((c) => c.resolution)
        .sort(),
    ).toEqual(['fix A', 'fix B']);
    // uses: 1 + 1 merged, + 1 as the shown fix changed to the older candidate (candidates.ts showBest)
    expect((getEntry(db, tscId) as unknown as { use_count: number }).use_count).toBe(3);
  });

  it('an entry without its raw error keeps its key; a new entry is stored with this version', () => {
    let id = 0;
    oldStore(paths(env.env).db, 8, (o) => {
      id = oldEntry(o, OLD_KEY, null, 'fix A');
    });
    db = openDb({ env: env.env });
    expect(rekeyPass(db)).toMatchObject({ rekeyed: 0, merged: 0, kept: 1 });
    const kept = getEntry(db, id) as unknown as { error_normalized: string; key_version: number };
    expect(kept).toMatchObject({ error_normalized: OLD_KEY, key_version: KEY_VERSION });
    const fresh = recordResolution(db, errorKey(NPM_2).normalized, { errorRaw: NPM_2, resolution: 'fix B' });
    expect((getEntry(db, fresh!) as unknown as { key_version: number }).key_version).toBe(KEY_VERSION);
  });

  it('key version 3: an entry keyed by a root prompt line under version 2 gets the error line as key', () => {
    const raw = [
      'Exit code 1',
      '# python3 -m venv /opt/app/venv',
      'The virtual environment was not created successfully because ensurepip is not',
      'available.  On Debian/Ubuntu systems, you need to install the python3-venv',
    ].join('\n');
    const v2Key = '# python3 -m venv <PATH>';
    expect(KEY_VERSION).toBeGreaterThanOrEqual(3);
    expect(errorKey(raw).normalized).toBe(
      'The virtual environment was not created successfully because ensurepip is not',
    );
    db = openDb({ env: env.env });
    const id = recordResolution(db, v2Key, { errorRaw: raw, resolution: 'apt install python3-venv' })!;
    db.prepare('UPDATE error_kb SET key_version = 2 WHERE id = ?').run(id);
    expect(rekeyPass(db)).toMatchObject({ rekeyed: 1, merged: 0 });
    expect(getEntry(db, id)).toMatchObject({ error_normalized: errorKey(raw).normalized });
  });
});
