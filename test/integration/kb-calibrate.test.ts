// #13.4 kb calibrate: distance distributions of same-problem vs unrelated pairs and suggested
// thresholds. The mechanics with chosen vectors (exact figures), the command with the generated tiny
// model (a real Transformers.js model load), and no model → one line + fix.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embed/embedder.js';
import { calibrate, quantile } from '../../src/error-kb/calibrate.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { closeDb, openDb, type DB } from '../../src/db/db.js';
import { cliAsync } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { writeTinyModel } from '../helpers/tiny-model.js';

const cli = (args: string[], env: NodeJS.ProcessEnv) => cliAsync(env, args);

/** A unit vector at L2 distance `d` from e0 (in the plane of e0 and e_axis). */
function at(d: number, axis: number): Float32Array {
  const v = new Float32Array(384);
  const c = 1 - (d * d) / 2;
  v[0] = c;
  v[axis] = Math.sqrt(1 - c * c);
  return v;
}

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv('sg-kb-calibrate-');
});
afterEach(() => {
  if (db?.open) db.close();
  closeDb();
  t.cleanup();
});

describe('#13.4 calibrate (mechanics, chosen vectors)', () => {
  it('pairs by same fix / same head vs unrelated, L2 distributions, thresholds from the unrelated tail', async () => {
    db = openDb({ env: t.env });
    const vec = new Map<string, Float32Array>();
    // 3 problems, each seen as 2 variants fixed the same way: the variants are 0.2 apart (both at
    // 0.1·√2 … from e0 on their own axis, close to one another).
    const texts: string[] = [];
    for (let p = 0; p < 3; p++) {
      for (let v = 0; v < 2; v++) {
        const text = `problem${p} variant${v} x${'x'.repeat(p)}`;
        texts.push(text);
        const x = new Float32Array(384);
        x[10 + p] = 1;
        x[100 + p * 2 + v] = 0.1; // the two variants differ a little
        vec.set(text, x);
        recordResolution(db, text, { resolution: `the fix of problem ${p}` });
      }
    }
    // 10 unrelated errors, each on its own axis: L2 √2 from every other one
    for (let u = 0; u < 10; u++) {
      const text = `unrelated ${u} ${'y'.repeat(u)}z${u}`;
      const x = new Float32Array(384);
      x[200 + u] = 1;
      vec.set(text, x);
      recordResolution(db, `${String.fromCharCode(65 + u)} ${text}`, { resolution: `own fix ${u}` });
      vec.set(`${String.fromCharCode(65 + u)} ${text}`, x);
    }
    const embedder: Embedder = { name: 'chosen', embed: async (ts) => ts.map((x) => vec.get(x) ?? null) };
    const c = await calibrate(db, embedder, {
      current: { accept: 0.76, reject: 0.85 },
      minUnrelated: 10,
      minSame: 3,
    });
    expect(c.embedded).toBe(16);
    // same-problem pairs: the 3 pairs of variants (same fix), 0.1·√2 apart
    expect(c.same).toMatchObject({ n: 3 });
    expect(c.same!.min).toBeCloseTo((Math.SQRT2 * 0.1) / Math.sqrt(1.01), 3);
    expect(c.same!.max).toBeCloseTo(c.same!.min, 6);
    expect(c.same!.histogram.reduce((a, b) => a + b, 0)).toBe(3);
    expect(c.same!.histogram[1]).toBe(3); // 0.14 falls in the 0.1–0.2 bin
    // unrelated pairs: no shared fix or head; orthogonal unit vectors → √2
    expect(c.unrelated!.n).toBeGreaterThanOrEqual(10);
    expect(c.unrelated!.min).toBeGreaterThan(1.3);
    // suggestion: 1st / 5th percentile of unrelated, capped at 1.2
    expect(c.suggested).toEqual({ accept: 1.2, reject: 1.2 });
    expect(c.at).toMatchObject({ sameAccept: 1, unrelatedAccept: 0 });
  });

  it('too few pairs: distributions, but no suggestion', async () => {
    db = openDb({ env: t.env });
    recordResolution(db, 'one error', { resolution: 'fix one' });
    recordResolution(db, 'another error', { resolution: 'fix two' });
    const embedder: Embedder = { embed: async (ts) => ts.map((_, i) => at(0.3 * (i + 1), 1)) };
    const c = await calibrate(db, embedder, { current: { accept: 0.76, reject: 0.85 } });
    expect(c.suggested).toBeNull();
    expect(c.note).toMatch(/too few pairs/);
    expect(c.unrelated?.n).toBe(1);
  });

  it('quantile interpolates', () => {
    expect(quantile([0, 1, 2, 3, 4], 0.25)).toBe(1);
    expect(quantile([0, 1], 0.5)).toBe(0.5);
  });
});

describe('#13.4 self-gen kb calibrate (process)', () => {
  let model: TempEnv;
  let modelDir: string;
  beforeAll(() => {
    model = tempEnv('sg-kb-calibrate-model-');
    modelDir = join(model.dir, 'tiny');
    writeTinyModel(modelDir);
  });
  afterAll(() => model.cleanup());

  it('no model: one clear line and `fix: … self-gen model pull`, exit 1', async () => {
    db = openDb({ env: t.env });
    recordResolution(db, 'Cannot find module <STR>', { resolution: 'npm install' });
    db.close();
    const r = await cli(['kb', 'calibrate'], t.env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^self-gen: no embedding model: .*\n {2}fix: run `self-gen model pull`/);
  });

  it('with the tiny model: prints both distributions, a histogram and suggested thresholds', async () => {
    mkdirSync(t.home, { recursive: true });
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ embedding: { modelPath: modelDir } }));
    db = openDb({ env: t.env });
    const problems = [
      ['Cannot find module <STR> or its corresponding type declarations', 'npm install the missing package'],
      ['connection refused while connecting to the server at <N>', 'start the database server first'],
      ['permission denied while opening the lock file', 'fix the owner of the folder'],
      ['merge conflict in branch head, commit rejected', 'resolve the conflict, then commit'],
      ['heap out of memory, process killed', 'raise the heap size with --max-old-space-size'],
      ['unexpected token in json at position <N>', 'fix the syntax of the json file'],
    ];
    for (const [text, fix] of problems) {
      recordResolution(db, `error: ${text}`, { resolution: fix });
      recordResolution(db, `fatal: ${text} again`, { resolution: fix });
    }
    for (const w of 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima'.split(' '))
      recordResolution(db, `${w} ${w}${w} ${w.split('').reverse().join('')} tests failed`, {
        resolution: `own ${w}`,
      });
    db.close();
    const r = await cli(['kb', 'calibrate'], t.env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /same-problem pairs +n=6 +min \d\.\d\d +q1 \d\.\d\d +median \d\.\d\d +q3 \d\.\d\d +max \d\.\d\d/,
    );
    expect(r.stdout).toMatch(/unrelated pairs +n=\d+/);
    expect(r.stdout).toMatch(/^L2 distance +same-problem +unrelated$/m);
    expect(r.stdout).toMatch(/^\d\.\d\d–\d\.\d\d +#+/m);
    expect(r.stdout).toMatch(
      /current thresholds: accept < 0\.76, keyword check < 0\.85 \(L2; cosine distance 0\.29 \/ 0\.36\)/,
    );
    expect(r.stdout).toMatch(/suggested: accept < \d\.\d+, keyword check < \d\.\d+/);
    const j = await cli(['kb', 'calibrate', '--json'], t.env);
    const c = JSON.parse(j.stdout) as {
      same: { n: number; median: number };
      unrelated: { n: number; median: number };
      suggested: { accept: number; reject: number };
    };
    expect(c.same.n).toBe(6);
    expect(c.unrelated.n).toBeGreaterThanOrEqual(20);
    // texts that share their words are nearer than texts that do not, even with the tiny model
    expect(c.same.median).toBeLessThan(c.unrelated.median);
    expect(c.suggested.accept).toBeGreaterThan(0);
    expect(c.suggested.accept).toBeLessThanOrEqual(c.suggested.reject);
  });
});
