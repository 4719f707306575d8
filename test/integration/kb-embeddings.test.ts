import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embed/embedder.js';
import { LocalModelMissingError, loadLocalEmbedder, type LocalEmbedder } from '../../src/embed/local.js';
import { modelStatus } from '../../src/embed/model.js';
import { generateEmbeddings } from '../../src/embed/generate.js';
import { EMBED_BATCH, generateErrorEmbeddings, pendingEmbeddings } from '../../src/error-kb/embeddings.js';
import { embedPending } from '../../src/error-kb/jobs.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { loadBackground } from '../../src/parts/index.js';
import { loadConfig, type LoadedConfig } from '../../src/common/config.js';
import { closeDb, ensureVec, openDb, type DB } from '../../src/db/db.js';
import { paths } from '../../src/common/paths.js';
import { tempEnv, ROOT, type TempEnv } from '../helpers/env.js';
import { writeTinyModel } from '../helpers/tiny-model.js';

let shared: TempEnv;
let modelDir: string;
let local: LocalEmbedder;

function configFor(env: NodeJS.ProcessEnv, dir = modelDir): LoadedConfig {
  const c = loadConfig(env);
  c.embedding.modelPath = dir;
  return c;
}

beforeAll(async () => {
  shared = tempEnv('sg-kb-embed-model-');
  modelDir = join(shared.dir, 'tiny-model');
  writeTinyModel(modelDir);
  local = await loadLocalEmbedder(configFor(shared.env), shared.env);
});
afterAll(async () => {
  await local?.close?.();
  shared.cleanup();
});

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv('sg-kb-embed-');
  db = openDb({ env: t.env });
});
afterEach(() => {
  if (db.open) db.close();
  closeDb();
  t.cleanup();
});

const addN = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      recordResolution(db, `error number ${i}: cannot find module <STR> in step ${'abcdefghij'[i % 10]}`, {
        resolution: 'fix',
      }) as number,
  );
const vecIds = () =>
  (
    db.prepare('SELECT error_kb_id AS id FROM vec_error_kb ORDER BY error_kb_id').all() as { id: number }[]
  ).map((r) => r.id);
function storedVector(id: number): Float32Array {
  const b = db
    .prepare('SELECT embedding FROM vec_error_kb WHERE error_kb_id = ?')
    .pluck()
    .get(BigInt(id)) as Buffer;
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}
const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);

describe('the tiny model through Transformers.js (no network)', () => {
  it('loads offline from embedding.modelPath: mean-pooled, normalized, 384 dimensions', async () => {
    const tr = await import('@huggingface/transformers');
    expect(tr.env.allowRemoteModels).toBe(false);
    expect(tr.env.useFSCache).toBe(false);
    const [a, b, c] = await local.embed([
      'Cannot find module <STR>',
      'Module not found <STR>',
      'git push rejected by remote',
    ]);
    for (const v of [a, b, c]) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(384);
      expect(norm(v as Float32Array)).toBeCloseTo(1, 4);
    }
    // deterministic, and texts sharing words are closer
    const [a2] = await local.embed(['Cannot find module <STR>']);
    expect(cos(a as Float32Array, a2 as Float32Array)).toBeCloseTo(1, 5);
    expect(cos(a as Float32Array, b as Float32Array)).toBeGreaterThan(
      cos(a as Float32Array, c as Float32Array),
    );
  });

  it('a missing model fails at once with a clear error (nothing is downloaded)', async () => {
    const env = { ...t.env };
    const c = loadConfig(env);
    expect(modelStatus(c, env)).toMatchObject({
      present: false,
      missing: ['config.json', 'tokenizer.json', 'onnx/model_quantized.onnx'],
    });
    await expect(loadLocalEmbedder(c, env)).rejects.toBeInstanceOf(LocalModelMissingError);
    await expect(loadLocalEmbedder(configFor(env, join(t.dir, 'nowhere')), env)).rejects.toThrow(
      /not present/,
    );
    expect(existsSync(paths(env).modelsDir)).toBe(false);
  });

  it('generateEmbeddings(texts) uses the local model when no daemon runs; null when there is no model', async () => {
    writeFileSync(paths(t.env).config, JSON.stringify({ embedding: { modelPath: modelDir } }));
    const vs = await generateEmbeddings(['a', 'b'], { env: t.env });
    expect(vs?.map((v) => v?.length)).toEqual([384, 384]);
    const none = tempEnv('sg-kb-embed-none-');
    try {
      expect(await generateEmbeddings(['a'], { env: none.env })).toBeNull();
    } finally {
      none.cleanup();
    }
  });
});

describe('generateErrorEmbeddings (REQ-RA-005)', () => {
  it('RA-005-1: five entries without an embedding all get a float[384] vector in vec_error_kb', async () => {
    const ids = addN(5);
    expect(await pendingEmbeddings(db)).toBe(5);
    const r = await generateErrorEmbeddings(db, local);
    expect(r).toEqual({ pending: 5, embedded: 5, failed: 0 });
    expect(vecIds()).toEqual(ids);
    const texts = db.prepare('SELECT error_normalized FROM error_kb ORDER BY id').pluck().all() as string[];
    const direct = await local.embed(texts);
    ids.forEach((id, i) => {
      const v = storedVector(id);
      expect(v).toHaveLength(384);
      expect(norm(v)).toBeCloseTo(1, 4);
      expect(cos(v, direct[i] as Float32Array)).toBeCloseTo(1, 5);
    });
    expect(await pendingEmbeddings(db)).toBe(0);
  });

  it('RA-005-2: when the 2nd of 3 fails, the 1st and 3rd are stored and the 2nd has no row', async () => {
    const ids = addN(3);
    const second = db
      .prepare('SELECT error_normalized FROM error_kb WHERE id = ?')
      .pluck()
      .get(ids[1]) as string;
    // A real embedder that cannot embed one text (returns null for it)…
    const partial: Embedder = {
      async embed(texts) {
        const out = await local.embed(texts);
        return texts.map((x, i) => (x === second ? null : (out[i] ?? null)));
      },
    };
    expect(await generateErrorEmbeddings(db, partial)).toEqual({ pending: 3, embedded: 2, failed: 1 });
    expect(vecIds()).toEqual([ids[0], ids[2]]);
    // …or that throws on it: the batch is retried one text at a time, the same result.
    db.prepare('DELETE FROM vec_error_kb').run();
    const throwing: Embedder = {
      async embed(texts) {
        if (texts.includes(second)) throw new Error('cannot embed');
        return local.embed(texts);
      },
    };
    expect(await generateErrorEmbeddings(db, throwing)).toEqual({ pending: 3, embedded: 2, failed: 1 });
    expect(vecIds()).toEqual([ids[0], ids[2]]);
    // the failed one is retried by the next run
    expect(await generateErrorEmbeddings(db, local)).toEqual({ pending: 1, embedded: 1, failed: 0 });
  });

  it('RA-005-3: with every entry embedded it returns at once without asking the embedder', async () => {
    addN(4);
    await generateErrorEmbeddings(db, local);
    let calls = 0;
    const counting: Embedder = {
      embed: async (x) => {
        calls++;
        return local.embed(x);
      },
    };
    expect(await generateErrorEmbeddings(db, counting)).toEqual({ pending: 0, embedded: 0, failed: 0 });
    expect(calls).toBe(0);
  });

  it('works in batches of at most 50', async () => {
    addN(120);
    const sizes: number[] = [];
    const fake: Embedder = {
      async embed(texts) {
        sizes.push(texts.length);
        return texts.map(() => {
          const v = new Float32Array(384);
          v[0] = 1;
          return v;
        });
      },
    };
    expect(EMBED_BATCH).toBe(50);
    expect(await generateErrorEmbeddings(db, fake, { batchSize: 500 })).toMatchObject({ embedded: 120 });
    expect(sizes).toEqual([50, 50, 20]);
  });

  it('skips vectors of the wrong size and drops vectors of deleted entries', async () => {
    const ids = addN(2);
    const bad: Embedder = { embed: async (x) => x.map(() => new Float32Array(10)) };
    expect(await generateErrorEmbeddings(db, bad)).toMatchObject({ embedded: 0, failed: 2 });
    await generateErrorEmbeddings(db, local);
    db.prepare('DELETE FROM error_kb WHERE id = ?').run(ids[0]);
    await generateErrorEmbeddings(db, local);
    expect(vecIds()).toEqual([ids[1]]);
  });
});

describe('background embedding', () => {
  it('is a session-end step and an `embed` job, and embeds with the local model when no daemon runs', async () => {
    const { sessionEnd, jobs } = await loadBackground();
    expect(sessionEnd.map((s) => s.name)).toContain('kb-embed');
    expect(jobs.embed).toBeTypeOf('function');
    addN(3);
    db.close();
    closeDb();
    const logs: string[] = [];
    await embedPending({ env: t.env, config: configFor(t.env), args: [], log: (m) => logs.push(m) });
    closeDb();
    db = openDb({ env: t.env });
    await ensureVec(db);
    expect(vecIds()).toHaveLength(3);
    expect(logs.join('\n')).toMatch(/3 embedded, 0 failed/);
  });

  it('without a model the step does nothing (no download, no error)', async () => {
    addN(2);
    const logs: string[] = [];
    await embedPending({ env: t.env, config: loadConfig(t.env), args: [], log: (m) => logs.push(m) });
    await ensureVec(db);
    expect(vecIds()).toHaveLength(0);
    expect(logs.join('\n')).toMatch(/not present/);
  });

  it('`node dist/worker.js embed` embeds pending entries in a real detached-style process', () => {
    const worker = join(ROOT, 'dist', 'worker.js');
    expect(existsSync(worker), 'build first: node scripts/build.mjs').toBe(true);
    addN(4);
    db.close();
    closeDb();
    mkdirSync(paths(t.env).home, { recursive: true });
    writeFileSync(paths(t.env).config, JSON.stringify({ embedding: { modelPath: modelDir } }));
    const r = spawnSync(process.execPath, [worker, 'embed'], {
      env: { ...t.env, SELF_GEN_NO_DAEMON: '1' },
      timeout: 120_000,
    });
    expect(r.status).toBe(0);
    db = openDb({ env: t.env });
    return ensureVec(db).then(() => expect(vecIds()).toHaveLength(4));
  });
});
