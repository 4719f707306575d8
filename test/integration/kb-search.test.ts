import { createServer, type Server, type Socket } from 'node:net';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embed/embedder.js';
import { daemonPaths } from '../../src/common/sockets.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { searchErrorKB, type SearchTrace } from '../../src/error-kb/search.js';
import { putEmbedding } from '../../src/error-kb/vector.js';
import { closeDb, ensureVec, hasVec, openDb, type DB } from '../../src/db/db.js';
import { paths } from '../../src/common/paths.js';
import { loadConfig } from '../../src/common/config.js';
import { cli } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let db: DB;

beforeEach(() => {
  t = tempEnv('sg-kb-search-');
  db = openDb({ env: t.env });
});
afterEach(() => {
  if (db.open) db.close();
  closeDb();
  t.cleanup();
});

/**
 * A unit vector at exactly `distance` from the query vector e0, in the seed's metric: the L2
 * distance between unit vectors (the seed's vec_error_kb has no distance_metric, so sqlite-vec
 * measures L2). Its cosine similarity is 1 − distance² / 2.
 */
function atDistance(distance: number): Float32Array {
  const v = new Float32Array(384);
  const c = 1 - (distance * distance) / 2;
  v[0] = c;
  v[1] = Math.sqrt(1 - c * c);
  return v;
}
const QUERY_VEC = atDistance(0);

/** Embeds the known query texts to chosen vectors; counts calls. */
function testEmbedder(map: Record<string, Float32Array>): Embedder & { calls: number } {
  const e = {
    name: 'test',
    calls: 0,
    async embed(texts: string[]) {
      e.calls++;
      return texts.map((x) => map[x] ?? null);
    },
  };
  return e;
}

const add = (key: string, resolution: string | undefined = 'fix it') =>
  recordResolution(db, key, { resolution, resolvedBy: 'Bash' }) as number;
const useCount = (id: number) =>
  db.prepare('SELECT use_count, last_used FROM error_kb WHERE id = ?').get(id) as {
    use_count: number;
    last_used: string | null;
  };

async function embed(id: number, v: Float32Array) {
  expect(await ensureVec(db)).toBe(true);
  putEmbedding(db, id, v);
}

describe('searchErrorKB (REQ-RA-002)', () => {
  it('RA-002-1: an exact text match returns the entry, bumps use_count by 1 and sets last_used', async () => {
    const id = add('Cannot find module <STR>', 'npm install 실행');
    const before = useCount(id).use_count;
    const now = new Date('2026-03-01T12:00:00Z');
    const m = await searchErrorKB(db, 'Cannot find module <STR>', { normalized: true, now, embedder: null });
    expect(m).toMatchObject({ id, tier: 'exact', resolution: 'npm install 실행' });
    expect(useCount(id)).toEqual({ use_count: before + 1, last_used: now.toISOString() });
    // Raw text is normalized first: the same entry.
    expect((await searchErrorKB(db, "Cannot find module 'react'", { embedder: null }))?.id).toBe(id);
  });

  it('RA-002-3: a prefix match with length ratio 0.5 is ignored and the vector match (distance 0.15) is returned', async () => {
    const query = 'ECONNRESET: socket hang up while fetching the registry';
    const prefixOnly = add(query.slice(0, 30) + 'x'.repeat(query.length * 2 - 30));
    const semantic = add('Network error: connection reset by peer during download');
    await embed(prefixOnly, atDistance(0.95));
    await embed(semantic, atDistance(0.15));
    const trace: SearchTrace = { tiers: [] };
    const m = await searchErrorKB(db, query, {
      normalized: true,
      embedder: testEmbedder({ [query]: QUERY_VEC }),
      trace,
    });
    expect(m).toMatchObject({ id: semantic, tier: 'vector' });
    expect(m?.distance).toBeCloseTo(0.15, 3);
    expect(trace.tiers.map((x) => `${x.tier}:${x.result.split(' ')[0]}`)).toEqual([
      'similar:none',
      `vector:#${semantic}`,
    ]);
  });

  it('RA-002-4: no text match; an embedded entry at cosine distance 0.15 is returned by the vector tier', async () => {
    const id = add("Module not found: Error: Can't resolve <STR>");
    await embed(id, atDistance(0.15));
    const query = 'Cannot find module <STR>';
    const m = await searchErrorKB(db, query, {
      normalized: true,
      embedder: testEmbedder({ [query]: QUERY_VEC }),
    });
    expect(m).toMatchObject({ id, tier: 'vector' });
    expect(m?.distance).toBeCloseTo(0.15, 3);
    expect(useCount(id).use_count).toBe(2);
  });

  it('RA-002-4b: low-confidence distance 0.80 with shared keywords (module, not, found) is accepted', async () => {
    const id = add('webpack: module was not found in the bundle graph <STR>');
    await embed(id, atDistance(0.8));
    const query = "Module not found: Error: Can't resolve <STR>";
    const m = await searchErrorKB(db, query, {
      normalized: true,
      embedder: testEmbedder({ [query]: QUERY_VEC }),
    });
    expect(m).toMatchObject({ id, tier: 'vector' });
    expect(m?.distance).toBeCloseTo(0.8, 3);
  });

  it('RA-002-4c: low-confidence distance 0.82 without any shared keyword gives null', async () => {
    const id = add('Segmentation fault (core dumped)');
    await embed(id, atDistance(0.82));
    const query = "Module not found: Error: Can't resolve <STR>";
    const m = await searchErrorKB(db, query, {
      normalized: true,
      embedder: testEmbedder({ [query]: QUERY_VEC }),
    });
    expect(m).toBeNull();
    expect(useCount(id).use_count).toBe(1);
  });

  it('distance ≥ 0.85 is no match, even with shared keywords', async () => {
    const id = add('module not found in the registry cache <STR>');
    await embed(id, atDistance(0.86));
    const query = "Module not found: Error: Can't resolve <STR>";
    expect(
      await searchErrorKB(db, query, { normalized: true, embedder: testEmbedder({ [query]: QUERY_VEC }) }),
    ).toBeNull();
  });

  it('RA-002-5: no database file → null (and no file is created); an empty KB → null', async () => {
    const none = tempEnv('sg-kb-nodb-');
    try {
      let missing: DB | null = null;
      try {
        missing = openDb({ env: none.env, mustExist: true });
      } catch {
        missing = null;
      }
      expect(await searchErrorKB(missing, 'Cannot find module <STR>')).toBeNull();
      expect(existsSync(paths(none.env).db)).toBe(false);
    } finally {
      none.cleanup();
    }
    expect(await searchErrorKB(db, 'Cannot find module <STR>', { embedder: null })).toBeNull();
  });

  it('only entries with a resolution are returned', async () => {
    db.prepare('INSERT INTO error_kb (ts, error_normalized, use_count) VALUES (?, ?, 0)').run(
      new Date().toISOString(),
      'Cannot find module <STR>',
    );
    expect(
      await searchErrorKB(db, 'Cannot find module <STR>', { normalized: true, embedder: null }),
    ).toBeNull();
    const id = db.prepare('SELECT id FROM error_kb').pluck().get() as number;
    await embed(id, atDistance(0.05));
    const q = 'totally different words here';
    expect(
      await searchErrorKB(db, q, { normalized: true, embedder: testEmbedder({ [q]: QUERY_VEC }) }),
    ).toBeNull();
  });

  it('never throws: a failing embedder falls through to the text tiers; a closed or broken database gives null', async () => {
    const id = add('error TS2307: Cannot find module <STR> or its corresponding type declarations.');
    await embed(id, atDistance(0.1));
    const throwing: Embedder = {
      embed: async () => {
        throw new Error('boom');
      },
    };
    const m = await searchErrorKB(
      db,
      "src/a.ts(3,14): error TS2307: Cannot find module './b' or its corresponding type declarations.",
      { embedder: throwing },
    );
    expect(m).toMatchObject({ id, tier: 'exact' });
    db.exec('DROP TABLE error_kb_fts');
    await expect(searchErrorKB(db, 'something else entirely', { embedder: throwing })).resolves.toBeNull();
    db.close();
    await expect(searchErrorKB(db, 'Cannot find module <STR>')).resolves.toBeNull();
    await expect(searchErrorKB(db, undefined as unknown as string)).resolves.toBeNull();
  });
});

describe('hot path', () => {
  it('does not load sqlite-vec nor ask the embedder when no entry has an embedding', async () => {
    add('npm ERR! code ERESOLVE unable to resolve dependency tree');
    const e = testEmbedder({});
    await searchErrorKB(db, 'completely unrelated failure text', { embedder: e });
    await searchErrorKB(db, 'npm error code ERESOLVE could not resolve the dependency tree', { embedder: e });
    expect(e.calls).toBe(0);
    expect(hasVec(db)).toBe(false);
  });

  it('does not load sqlite-vec when the embedder gives no vector', async () => {
    const id = add('npm ERR! code ERESOLVE unable to resolve dependency tree');
    const v = await (async () => {
      // embed through a second connection so this one has not loaded the extension
      const other = openDb({ env: t.env });
      await ensureVec(other);
      putEmbedding(other, id, atDistance(0.1));
      other.close();
    })();
    expect(v).toBeUndefined();
    const e = testEmbedder({});
    expect(await searchErrorKB(db, 'some other failure', { embedder: e })).toBeNull();
    expect(e.calls).toBe(1);
    expect(hasVec(db)).toBe(false);
  });

  it('default embedder: with no daemon running the search skips the vector tier and starts none', async () => {
    const id = add('npm ERR! code ERESOLVE unable to resolve dependency tree');
    const other = openDb({ env: t.env });
    await ensureVec(other);
    putEmbedding(other, id, atDistance(0.1));
    other.close();
    const m = await searchErrorKB(db, 'npm error code ERESOLVE could not resolve the dependency tree', {
      env: t.env,
    });
    expect(m).toBeNull(); // a paraphrase is the vector tier's job
    expect(hasVec(db)).toBe(false);
    expect(existsSync(daemonPaths(t.env).socket)).toBe(false);
  });

  it('a daemon that accepts but never answers: the search hangs up on it after daemonTimeoutMs and answers', async () => {
    const id = add('npm ERR! code ERESOLVE unable to resolve dependency tree');
    const other = openDb({ env: t.env });
    await ensureVec(other);
    putEmbedding(other, id, atDistance(0.1));
    other.close();
    mkdirSync(paths(t.env).runDir, { recursive: true });
    const conns: Socket[] = [];
    const hung: Server = createServer((c) => {
      conns.push(c);
      c.resume(); // read (and drop) the request, so the hang-up is seen
    });
    await new Promise<void>((r) => hung.listen(daemonPaths(t.env).socket, r));
    try {
      const m = await searchErrorKB(db, 'npm error code ERESOLVE could not resolve the dependency tree', {
        env: t.env,
        daemonTimeoutMs: 40,
      });
      expect(m).toBeNull(); // a paraphrase is the vector tier's job
      // It did ask the daemon, then gave up on it: its end of the connection is closed.
      expect(conns).toHaveLength(1);
      await new Promise<void>((r) => (conns[0]!.closed ? r() : conns[0]!.once('close', () => r())));
    } finally {
      for (const c of conns) c.destroy();
      await new Promise((r) => hung.close(r));
    }
  });
});

describe('#13.4 vector thresholds in the seed metric (L2 on unit vectors), configurable', () => {
  const query = "Module not found: Error: Can't resolve <STR>";
  const withKeyword = 'webpack: module was not found in the bundle graph <STR>';
  const noKeyword = 'Segmentation fault (core dumped)';
  const search = (th?: { accept: number; reject: number }, env = t.env) =>
    searchErrorKB(db, query, {
      normalized: true,
      embedder: testEmbedder({ [query]: QUERY_VEC }),
      bump: false,
      env,
      ...(th ? { thresholds: th } : {}),
    });
  const cases: [label: string, l2: number, text: string, match: boolean][] = [
    ['L2 0.75 (cosine 0.281), no shared keyword: accepted', 0.75, noKeyword, true],
    ['L2 0.77 (cosine 0.296), no shared keyword: refused', 0.77, noKeyword, false],
    ['L2 0.77 with a shared keyword: accepted', 0.77, withKeyword, true],
    ['L2 0.84 (cosine 0.353) with a shared keyword: accepted', 0.84, withKeyword, true],
    ['L2 0.86 (cosine 0.370) with a shared keyword: refused', 0.86, withKeyword, false],
    // The old reading (0.76 / 0.85 as cosine distance) accepted every one of these.
    [
      'cosine distance 0.5 (L2 1.0, cosine similarity 0.5) with a shared keyword: refused',
      1.0,
      withKeyword,
      false,
    ],
    ['cosine distance 0.7 (L2 1.18), no shared keyword: refused', Math.sqrt(1.4), noKeyword, false],
  ];
  for (const [label, l2, text, match] of cases) {
    it(label, async () => {
      const id = add(text);
      await embed(id, atDistance(l2));
      const m = await search();
      if (match) {
        expect(m).toMatchObject({ id, tier: 'vector' });
        expect(m?.distance).toBeCloseTo(l2, 3);
        expect(m?.cosine).toBeCloseTo((l2 * l2) / 2, 3);
      } else expect(m).toBeNull();
    });
  }

  it('thresholds come from the options, else from config.json embedding.thresholds', async () => {
    const id = add(noKeyword);
    await embed(id, atDistance(0.6));
    expect(await search()).toMatchObject({ id }); // default accept 0.76
    expect(await search({ accept: 0.5, reject: 0.7 })).toBeNull(); // in the keyword band, no keyword
    expect(await search({ accept: 0.65, reject: 0.7 })).toMatchObject({ id });
    mkdirSync(t.home, { recursive: true });
    writeFileSync(
      join(t.home, 'config.json'),
      JSON.stringify({ embedding: { thresholds: { accept: 0.4, reject: 0.55 } } }),
    );
    expect(await search()).toBeNull(); // beyond the configured reject
  });

  it('a bad threshold in config.json falls back to the seed value and is named with its value', () => {
    mkdirSync(t.home, { recursive: true });
    writeFileSync(
      join(t.home, 'config.json'),
      JSON.stringify({ embedding: { thresholds: { accept: 3, reject: 'far' } } }),
    );
    let c = loadConfig(t.env);
    expect(c.embedding.thresholds).toEqual({ accept: 0.76, reject: 0.85 });
    expect(c.problems.join('\n')).toMatch(/embedding\.thresholds\.accept: .*got 3/);
    expect(c.problems.join('\n')).toMatch(/embedding\.thresholds\.reject: .*got "far"/);
    writeFileSync(
      join(t.home, 'config.json'),
      JSON.stringify({ embedding: { thresholds: { accept: 0.9, reject: 0.8 } } }),
    );
    c = loadConfig(t.env);
    expect(c.embedding.thresholds).toEqual({ accept: 0.76, reject: 0.85 });
    expect(c.problems.join('\n')).toMatch(
      /embedding\.thresholds: accept \(0\.9\) must not be greater than reject \(0\.8\)/,
    );
    // doctor names the key, the bad value and where to fix it
    const doc = cli(t, ['doctor']);
    expect(doc.stdout).toMatch(
      /embedding\.thresholds: accept \(0\.9\) must not be greater than reject \(0\.8\)/,
    );
    expect(doc.stdout).toMatch(/fix: edit .*config\.json/);
  });
});
