import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordResolution, describeResolution } from '../../src/error-kb/record.js';
import { closeDb, ensureVec, getDb, openDb, type DB } from '../../src/db/db.js';
import { paths } from '../../src/common/paths.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let db: DB;

beforeEach(() => {
  t = tempEnv('sg-kb-record-');
  db = openDb({ env: t.env });
});
afterEach(() => {
  if (db.open) db.close();
  closeDb();
  t.cleanup();
});

const row = (key: string) =>
  db.prepare('SELECT * FROM error_kb WHERE error_normalized = ?').get(key) as Record<string, unknown>;

describe('recordResolution (REQ-RA-003)', () => {
  it('RA-003-1: a new resolved error is inserted with use_count 1 and no embedding', async () => {
    const id = recordResolution(db, 'Module not found <STR>', {
      errorRaw: "Module not found 'foo'",
      resolvedBy: 'Edit',
      toolSequence: ['Read', 'Edit'],
    });
    expect(id).toBeTypeOf('number');
    const r = row('Module not found <STR>');
    expect(r.id).toBe(id);
    expect(r.use_count).toBe(1);
    expect(r.error_raw).toBe("Module not found 'foo'");
    expect(r.resolved_by).toBe('Edit');
    expect(JSON.parse(r.tool_sequence as string)).toEqual(['Read', 'Edit']);
    // The seed stores the resolution as a JSON string; without a description it says how.
    expect(JSON.parse(r.resolution as string)).toEqual({
      resolvedBy: 'Edit',
      toolSequence: ['Read', 'Edit'],
    });
    expect(describeResolution(r as never)).toBe('resolved with Edit (Read → Edit)');
    expect(new Date(r.ts as string).toISOString()).toBe(r.ts);
    // No embedding at record time (the session-end batch makes it).
    expect(await ensureVec(db)).toBe(true);
    expect((db.prepare('SELECT count(*) AS n FROM vec_error_kb').get() as { n: number }).n).toBe(0);
  });

  it('RA-003-2: the same normalized error again updates the row and bumps use_count 3 → 4', () => {
    recordResolution(
      db,
      'Module not found <STR>',
      { resolution: 'old', resolvedBy: 'Bash', toolSequence: ['Bash'] },
      new Date('2026-01-01T00:00:00Z'),
    );
    db.prepare('UPDATE error_kb SET use_count = 3').run();
    const id = recordResolution(
      db,
      'Module not found <STR>',
      { resolution: 'npm install foo', resolvedBy: 'Edit', toolSequence: ['Read', 'Edit'] },
      new Date('2026-02-01T00:00:00Z'),
    );
    const rows = db.prepare('SELECT * FROM error_kb').all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(id);
    expect(rows[0]).toMatchObject({
      use_count: 4,
      resolution: 'npm install foo',
      resolved_by: 'Edit',
      tool_sequence: '["Read","Edit"]',
      ts: '2026-02-01T00:00:00.000Z',
    });
  });

  it('RA-003-3: with no database yet, opening creates the database and table and the entry is recorded', () => {
    const fresh = tempEnv('sg-kb-record-fresh-');
    try {
      expect(existsSync(paths(fresh.env).db)).toBe(false);
      const d = getDb({ env: fresh.env });
      const id = recordResolution(d, 'Cannot find module <STR>', {
        resolution: 'npm install',
        resolvedBy: 'Bash',
      });
      expect(id).toBe(1);
      expect(existsSync(paths(fresh.env).db)).toBe(true);
      expect((d.prepare('SELECT count(*) AS n FROM error_kb').get() as { n: number }).n).toBe(1);
    } finally {
      closeDb();
      fresh.cleanup();
    }
  });

  it('redacts secrets before they are stored', () => {
    recordResolution(db, 'auth failed <STR>', {
      errorRaw: 'curl -H "Authorization: Bearer sk-ant-abcdefghijklmnop1234" failed',
      resolution: 'export API_KEY=supersecretvalue123 and retry',
    });
    const r = row('auth failed <STR>');
    expect(JSON.stringify(r)).not.toContain('sk-ant-abcdefghijklmnop1234');
    expect(JSON.stringify(r)).not.toContain('supersecretvalue123');
  });

  it('never throws: a closed database or an empty error gives null', () => {
    expect(recordResolution(db, '', { resolution: 'x' })).toBeNull();
    db.close();
    expect(recordResolution(db, 'x <STR>', { resolution: 'x' })).toBeNull();
  });
});

describe('error_kb schema (REQ-RA-004)', () => {
  it('RA-004-1: an INSERT with a NULL error_normalized fails on the NOT NULL constraint', () => {
    expect(() =>
      db
        .prepare('INSERT INTO error_kb (ts, error_normalized, resolution) VALUES (?, NULL, ?)')
        .run(new Date().toISOString(), 'x'),
    ).toThrow(/NOT NULL constraint failed: error_kb\.error_normalized/);
    expect(() => db.prepare('INSERT INTO error_kb (error_normalized) VALUES (?)').run('no ts')).toThrow(
      /NOT NULL constraint failed: error_kb\.ts/,
    );
    db.prepare('INSERT INTO error_kb (ts, error_normalized) VALUES (?, ?)').run(
      new Date().toISOString(),
      'minimal',
    );
    expect(row('minimal')).toMatchObject({ use_count: 0, resolution: null, last_used: null });
    expect(() =>
      db.prepare('INSERT INTO error_kb (ts, error_normalized) VALUES (?, ?)').run('t', 'minimal'),
    ).toThrow(/UNIQUE/);
  });
});
