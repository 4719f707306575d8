// `status` runs SQLite's quick_check at most once per STATUS_CHECK_INTERVAL_MS (a passing check
// leaves data/status-checked); `doctor` checks every time. Real database, real files.
import { existsSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runChecks } from '../../src/cli/checks.js';
import { STATUS_CHECK_INTERVAL_MS } from '../../src/cli/db-checks.js';
import { openDb } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

describe('status: the integrity check once per interval', () => {
  let t: TempEnv;
  let stamp: string;
  beforeEach(() => {
    t = tempEnv('sg-status-stamp-');
    openDb({ env: t.env }).close();
    stamp = join(t.home, 'data', 'status-checked');
  });
  afterEach(() => t.cleanup());

  const status = () => runChecks({ env: t.env, projectDir: t.project });
  const dbLine = (r: Awaited<ReturnType<typeof runChecks>>) => r.find((c) => c.name === 'database');

  it('a passing check leaves the stamp; within the interval the next status takes it as is', async () => {
    expect(existsSync(stamp)).toBe(false);
    expect(dbLine(await status())?.level).toBe('ok');
    expect(existsSync(stamp)).toBe(true);
    const old = Math.floor((Date.now() - 60_000) / 1000); // whole seconds: exact as mtimeMs
    utimesSync(stamp, old, old);
    await status();
    expect(statSync(stamp).mtimeMs).toBe(old * 1000);
  });

  it('after the interval status checks again; doctor (deep) checks every time', async () => {
    await status();
    const old = Math.floor((Date.now() - STATUS_CHECK_INTERVAL_MS - 60_000) / 1000);
    utimesSync(stamp, old, old);
    await status();
    expect(statSync(stamp).mtimeMs).toBeGreaterThan(old * 1000);
    utimesSync(stamp, Date.now() / 1000 - 60, Date.now() / 1000 - 60);
    const before = statSync(stamp).mtimeMs;
    await runChecks({ env: t.env, projectDir: t.project, deep: true });
    expect(statSync(stamp).mtimeMs).toBeGreaterThan(before);
  });
});
