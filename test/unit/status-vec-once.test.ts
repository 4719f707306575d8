// `status` loads sqlite-vec (a native extension, a few ms) at most once per STATUS_CHECK_INTERVAL_MS:
// a passing check records in data/status-checked that it loaded; within the interval the next status
// reports it without loading it. `doctor` loads it every time. Real database, real files; whether
// the extension was loaded is read from this process's module cache.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runChecks } from '../../src/cli/checks.js';
import { STATUS_CHECK_INTERVAL_MS } from '../../src/cli/db-checks.js';
import { openDb } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const req = createRequire(import.meta.url);
const vecLoaded = () => req.resolve('sqlite-vec') in req.cache;

describe('status: sqlite-vec once per interval', () => {
  let t: TempEnv;
  let stamp: string;
  beforeEach(() => {
    t = tempEnv('sg-status-vec-');
    openDb({ env: t.env }).close();
    stamp = join(t.home, 'data', 'status-checked');
  });
  afterEach(() => t.cleanup());

  const vecLine = (r: Awaited<ReturnType<typeof runChecks>>) => r.find((c) => c.name === 'sqlite-vec');

  it('a fresh stamp that says it loaded: reported without loading; a stale one: loaded again', async () => {
    writeFileSync(stamp, 'sqlite-vec loaded');
    const fresh = await runChecks({ env: t.env, projectDir: t.project });
    expect(vecLine(fresh)?.level).toBe('ok');
    expect(vecLoaded()).toBe(false);
    const old = Math.floor((Date.now() - STATUS_CHECK_INTERVAL_MS - 60_000) / 1000);
    utimesSync(stamp, old, old);
    const stale = await runChecks({ env: t.env, projectDir: t.project });
    expect(vecLoaded()).toBe(true);
    expect(vecLine(stale)?.level).toBe('ok');
    expect(readFileSync(stamp, 'utf8')).toBe('sqlite-vec loaded');
  });

  it('a stamp without it (an older version, or it failed) loads it; doctor always does', async () => {
    writeFileSync(stamp, '');
    expect(vecLine(await runChecks({ env: t.env, projectDir: t.project }))?.message).toMatch(/loaded/);
    expect(vecLine(await runChecks({ env: t.env, projectDir: t.project, deep: true }))?.level).toBe('ok');
  });
});
