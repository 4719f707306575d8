// Issue #32.5: seed 001's search stays reachable. With config.json `"kbSearch": {"mode": "seed"}`
// searchErrorKB runs the seed's tiers exactly (REQ-RA-002): exact → the first 30 characters with a
// length ratio ≥ 0.7 → vector (accept < 0.76, keyword check < 0.85). The seed's scenarios, in that mode.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embed/embedder.js';
import { errorKey } from '../../src/error-kb/error-key.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { searchErrorKB, searchMode, type SearchTrace } from '../../src/error-kb/search.js';
import { putEmbedding } from '../../src/error-kb/vector.js';
import { closeDb, ensureVec, openDb, type DB } from '../../src/db/db.js';
import { paths } from '../../src/common/paths.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv('sg-kb-seed-');
  db = openDb({ env: t.env });
  const file = paths(t.env).config;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ kbSearch: { mode: 'seed' } }));
});
afterEach(() => {
  if (db.open) db.close();
  closeDb();
  t.cleanup();
});

/** A unit vector at L2 distance `distance` from e0 (the seed's metric). */
function atDistance(distance: number): Float32Array {
  const v = new Float32Array(384);
  const c = 1 - (distance * distance) / 2;
  v[0] = c;
  v[1] = Math.sqrt(1 - c * c);
  return v;
}
const embedder = (map: Record<string, Float32Array>): Embedder => ({
  name: 'test',
  async embed(texts: string[]) {
    return texts.map((x) => map[x] ?? null);
  },
});
const add = (key: string, resolution = 'fix it') =>
  recordResolution(db, key, { resolution, resolvedBy: 'Bash' }) as number;
const useCount = (id: number) =>
  (db.prepare('SELECT use_count FROM error_kb WHERE id = ?').get(id) as { use_count: number }).use_count;
async function embed(id: number, v: Float32Array) {
  expect(await ensureVec(db)).toBe(true);
  putEmbedding(db, id, v);
}
/** The search as hooks and `kb search` run it: the mode from config.json. */
const search = (q: string, opts: Parameters<typeof searchErrorKB>[2] = {}) =>
  searchErrorKB(db, q, { normalized: true, env: t.env, embedder: null, ...opts });

describe('config kbSearch.mode "seed": seed 001 REQ-RA-002 exactly', () => {
  it('the mode is read from config.json (default: matcher)', () => {
    expect(searchMode(t.env)).toBe('seed');
    writeFileSync(paths(t.env).config, '{}');
    expect(searchMode(t.env)).toBe('matcher');
  });

  it('RA-002-1: an exact text match returns the entry and bumps use_count', async () => {
    const id = add('Cannot find module <STR>', 'npm install 실행');
    const trace: SearchTrace = { tiers: [] };
    expect(await search('Cannot find module <STR>', { trace })).toMatchObject({ id, tier: 'exact' });
    expect(useCount(id)).toBe(2);
    expect(trace.tiers.map((x) => x.tier)).toEqual(['exact']);
  });

  it('RA-002-2: no exact match; the same first 30 characters with length ratio 0.8 → the prefix tier', async () => {
    const stored = 'Error: connect ECONNREFUSED <N> while fetching the registry index';
    const query = stored.slice(0, 30) + 'x'.repeat(Math.round(stored.length * 0.8) - 30);
    expect(Math.min(query.length, stored.length) / Math.max(query.length, stored.length)).toBeCloseTo(0.8, 1);
    const id = add(stored);
    const trace: SearchTrace = { tiers: [] };
    expect(await search(query, { trace })).toMatchObject({ id, tier: 'prefix' });
    expect(trace.tiers.map((x) => `${x.tier}:${x.result.split(' ')[0]}`)).toEqual([
      'exact:none',
      `prefix:#${id}`,
    ]);
  });

  it('RA-002-3: the prefix match has length ratio 0.5 → ignored; the vector match (distance 0.15) is returned', async () => {
    const query = 'ECONNRESET: socket hang up while fetching the registry';
    const prefixOnly = add(query.slice(0, 30) + 'x'.repeat(query.length * 2 - 30));
    const semantic = add('Network error: connection reset by peer during download');
    await embed(prefixOnly, atDistance(0.95));
    await embed(semantic, atDistance(0.15));
    const trace: SearchTrace = { tiers: [] };
    const m = await search(query, { embedder: embedder({ [query]: atDistance(0) }), trace });
    expect(m).toMatchObject({ id: semantic, tier: 'vector' });
    expect(trace.tiers.map((x) => `${x.tier}:${x.result.split(' ')[0]}`)).toEqual([
      'exact:none',
      'prefix:none',
      `vector:#${semantic}`,
    ]);
  });

  it('RA-002-4, 4b, 4c: the vector tier accepts < 0.76, needs a shared keyword up to 0.85', async () => {
    const query = "Module not found: Error: Can't resolve <STR>";
    const near = add('Cannot find module <STR> in the bundle');
    await embed(near, atDistance(0.15));
    expect(await search(query, { embedder: embedder({ [query]: atDistance(0) }) })).toMatchObject({
      id: near,
      tier: 'vector',
    });
    db.prepare('DELETE FROM error_kb WHERE id = ?').run(near);
    const shared = add('webpack: module was not found in the bundle graph <STR>');
    await embed(shared, atDistance(0.8));
    expect((await search(query, { embedder: embedder({ [query]: atDistance(0) }) }))?.id).toBe(shared);
    db.prepare('DELETE FROM error_kb WHERE id = ?').run(shared);
    const unrelated = add('Segmentation fault (core dumped)');
    await embed(unrelated, atDistance(0.82));
    expect(await search(query, { embedder: embedder({ [query]: atDistance(0) }) })).toBeNull();
  });

  it('RA-002-5: no database → null', async () => {
    expect(await searchErrorKB(null, 'Cannot find module <STR>', { env: t.env })).toBeNull();
  });

  it("issue #32: `reading 'map'` at renderList finds the entry stored for the `filter`/renderTable variant (prefix tier)", async () => {
    const stored =
      "Exit code 1\nTypeError: Cannot read properties of undefined (reading 'filter') at renderTable";
    const id = recordResolution(db, errorKey(stored).normalized, {
      errorRaw: stored,
      resolution: 'guard the list',
    })!;
    const m = await searchErrorKB(
      db,
      "Exit code 1\nTypeError: Cannot read properties of undefined (reading 'map') at renderList",
      { env: t.env, embedder: null },
    );
    expect(m).toMatchObject({ id, tier: 'prefix' });
  });

  it('the same key is enough in seed mode (no matcher): a path where a package was is still the exact match', async () => {
    const stored = "Exit code 1\nError: Cannot find module 'express'";
    const id = recordResolution(db, errorKey(stored).normalized, {
      errorRaw: stored,
      resolution: 'npm install express',
    })!;
    const q = "Exit code 1\nError: Cannot find module '/app/dist/server.js'";
    expect(await searchErrorKB(db, q, { env: t.env, embedder: null })).toMatchObject({ id, tier: 'exact' });
    expect(await searchErrorKB(db, q, { env: t.env, embedder: null, mode: 'matcher' })).toBeNull();
  });
});
