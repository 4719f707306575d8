// The store of failing background jobs (src/db/job-failures.ts): each failure is told once, a
// success ends it, and a new failure after a success is told again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DB } from '../../src/db/db.js';
import {
  jobFailures,
  noteJobFailure,
  noteJobSuccess,
  takeUntoldJobFailures,
} from '../../src/db/job-failures.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

describe('job failures', () => {
  let t: TempEnv;
  let db: DB;
  beforeEach(() => {
    t = tempEnv();
    db = openDb({ env: t.env });
  });
  afterEach(() => {
    db.close();
    t.cleanup();
  });

  it('are told once per run of failures, and a success ends them', () => {
    noteJobFailure(
      db,
      'team sync',
      'ECONNREFUSED:\n connect',
      'check the server',
      new Date('2026-11-29T01:00:00Z'),
    );
    noteJobFailure(
      db,
      'analysis',
      'claude not found',
      'install Claude Code',
      new Date('2026-11-29T02:00:00Z'),
    );
    expect(takeUntoldJobFailures(db).map((f) => [f.job, f.message])).toEqual([
      ['team sync', 'ECONNREFUSED: connect'],
      ['analysis', 'claude not found'],
    ]);
    noteJobFailure(
      db,
      'team sync',
      'ECONNREFUSED again',
      'check the server',
      new Date('2026-11-29T03:00:00Z'),
    );
    expect(takeUntoldJobFailures(db)).toEqual([]);
    expect(jobFailures(db).find((f) => f.job === 'team sync')).toMatchObject({
      since: '2026-11-29T01:00:00.000Z',
      at: '2026-11-29T03:00:00.000Z',
      message: 'ECONNREFUSED again',
    });
    noteJobSuccess(db, 'team sync');
    expect(jobFailures(db).map((f) => f.job)).toEqual(['analysis']);
    noteJobFailure(db, 'team sync', 'timeout', 'check the server');
    expect(takeUntoldJobFailures(db).map((f) => f.job)).toEqual(['team sync']);
  });
});
