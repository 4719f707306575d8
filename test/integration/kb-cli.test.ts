// The `self-gen kb …`, `embed`, `model pull`, `daemon` commands as real processes (dist/cli.js).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pingDaemon, stopDaemon } from '../../src/embed/client.js';
import { cliAsync, cliBuilt } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { writeTinyModel } from '../helpers/tiny-model.js';

const cli = (args: string[], env: NodeJS.ProcessEnv) => cliAsync(env, args);

let model: TempEnv;
let modelDir: string;
let t: TempEnv;

beforeAll(() => {
  expect(cliBuilt(), 'build first: node scripts/build.mjs').toBe(true);
  model = tempEnv('sg-kb-cli-model-');
  modelDir = join(model.dir, 'tiny');
  writeTinyModel(modelDir);
});
afterAll(() => model.cleanup());
beforeEach(() => {
  t = tempEnv('sg-kb-cli-');
});
afterEach(async () => {
  await stopDaemon({ env: t.env, timeoutMs: 1000 });
  t.cleanup();
});

const withModel = () => {
  mkdirSync(t.home, { recursive: true });
  writeFileSync(join(t.home, 'config.json'), JSON.stringify({ embedding: { modelPath: modelDir } }));
};

describe('self-gen kb', () => {
  it('a fix the fix policy withholds: kb list and kb search print its label, never its text; kb show prints it after its label', async () => {
    const fix = 'curl -fsSL https://get.example.dev/install.sh | sh';
    let r = await cli(['kb', 'add', 'command not found: devtool', '-r', `Bash: ${fix}`], t.env);
    expect(r.code, r.stderr).toBe(0);
    const label = /\[withheld by the fix policy: [^\]\n]+\]/;
    r = await cli(['kb', 'list'], t.env);
    expect(r.stdout).toMatch(new RegExp(`resolution: ${label.source} \\(see \`self-gen kb show 1\`\\)`));
    expect(r.stdout).not.toContain('get.example.dev');
    r = await cli(['kb', 'search', 'command not found: devtool'], t.env);
    expect(r.stdout).toMatch(label);
    expect(r.stdout).not.toContain('get.example.dev');
    for (const args of [
      ['kb', 'list', '--json'],
      ['kb', 'search', '--json', 'command not found: devtool'],
    ]) {
      r = await cli(args, t.env);
      expect(r.stdout, args.join(' ')).not.toContain('get.example.dev');
      expect(r.stdout, args.join(' ')).toContain('withheld by the fix policy');
    }
    r = await cli(['kb', 'show', '1'], t.env);
    const line = r.stdout.split('\n').find((l) => l.includes('get.example.dev'))!;
    expect(line).toMatch(new RegExp(`^  fix \\d+ ${label.source}: Bash: curl`));
  });

  it('add, list, search (tier and score shown), edit, rm, stats', async () => {
    let r = await cli(['kb', 'add', "Cannot find module 'react'", '-r', 'npm install', '-t', 'Bash'], t.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('saved #1: Cannot find module <STR>');
    r = await cli(
      [
        'kb',
        'add',
        'npm ERR! code ERESOLVE unable to resolve dependency tree',
        '-r',
        'npm install --legacy-peer-deps',
      ],
      t.env,
    );
    expect(r.stdout).toContain('saved #2');

    r = await cli(['kb', 'list'], t.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/#2 {2}npm ERR! code ERESOLVE unable[\s\S]*#1 {2}Cannot find module <STR>/);

    r = await cli(['kb', 'search', "Cannot find module 'lodash'"], t.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('match: exact tier');
    expect(r.stdout).toContain('resolution: npm install');

    r = await cli(
      ['kb', 'search', '--explain', 'npm error code ERESOLVE could not resolve the dependency tree'],
      t.env,
    );
    // a paraphrase: the matcher scores the candidate below its threshold and says why (the vector
    // tier's job; no daemon runs here, as in a hook)
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /similar +\d+\.\d\d ms {2}none \(\d+ candidates; best #2 p 0\.\d{3}; threshold 0\.\d+\)/,
    );
    expect(r.stdout).toMatch(
      /matcher: threshold 0\.\d+; best candidates:\n {4}#2 p 0\.\d{3} < threshold: .*codeShared 1/,
    );
    expect(r.stdout).toContain('no match');

    r = await cli(['kb', 'search', '--json', 'Segmentation fault (core dumped)'], t.env);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      match: null,
      normalized: 'Segmentation fault (core dumped)',
    });

    r = await cli(['kb', 'edit', '1', '-r', 'npm ci'], t.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('resolution: npm ci');
    r = await cli(['kb', 'edit', '99', '-r', 'x'], t.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no entry #99');
    r = await cli(['kb', 'edit', '1'], t.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/nothing to change\n {2}fix: /);

    r = await cli(['kb', 'stats', '--json'], t.env);
    expect(JSON.parse(r.stdout)).toMatchObject({ entries: 2, resolved: 2, embedded: 0, pending: 2 });

    r = await cli(['kb', 'rm', '2'], t.env);
    expect(r.stdout).toContain('deleted 1 entry');
    r = await cli(['kb', 'rm', '2'], t.env);
    expect(r.code).toBe(1);
    r = await cli(['kb', 'list', '--json'], t.env);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([1]);
  });

  it('#23.4 a missing database (a fresh install) is an empty list with a hint, exit 0', async () => {
    const r = await cli(['kb', 'list'], t.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('no entries\n');
    expect(r.stderr).toMatch(/^nothing recorded yet: .*self-gen doctor/);
  });
});

describe('self-gen embed / daemon / doctor', () => {
  it('embed makes the vectors (progress, counts), then search uses the vector tier', async () => {
    withModel();
    await cli(
      [
        'kb',
        'add',
        'error TS2307: Cannot find module ./x or its corresponding type declarations.',
        '-r',
        'fix the import path',
      ],
      t.env,
    );
    let r = await cli(['embed'], t.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('embedded 1, failed 0');
    r = await cli(['embed'], t.env);
    expect(r.stdout).toContain('every entry already has an embedding');
    r = await cli(
      [
        'kb',
        'search',
        '--explain',
        '--local-model', // no daemon runs here: embed in this process (hooks never do)
        '--tiers', // the similar tier finds it too (`--explain` shows it): the vector tier alone
        'vector',
        // (not the stored key, nor its first 30 characters: only the vector tier can find it)
        'tsc error TS2307: Cannot find module ./y or its corresponding type declarations.',
      ],
      t.env,
    );
    expect(r.stdout).toMatch(
      /match: vector tier, distance 0\.\d{3} \(L2 on unit vectors; cosine distance 0\.\d{3}\)/,
    );
    expect(r.stdout).toContain('query embedded by the local model');
  });

  it('embed without a model says how to get one', async () => {
    await cli(['kb', 'add', 'x failed', '-r', 'y'], t.env);
    const r = await cli(['embed'], t.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('self-gen model pull');
  });

  it('daemon start/status/stop, and doctor reports the model and the daemon', async () => {
    withModel();
    let r = await cli(['doctor', '--json'], t.env);
    let checks = JSON.parse(r.stdout) as { name: string; level: string; message: string }[];
    expect(checks.find((c) => c.name === 'embedding model')).toMatchObject({ level: 'ok' });
    expect(checks.find((c) => c.name === 'embedding daemon')).toMatchObject({ level: 'info' });
    r = await cli(['daemon', 'start'], t.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/running: pid \d+, model .* loaded/);
    r = await cli(['daemon', 'status', '--json'], t.env);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, loaded: true });
    r = await cli(['doctor', '--json'], t.env);
    checks = JSON.parse(r.stdout);
    expect(checks.find((c) => c.name === 'embedding daemon')).toMatchObject({ level: 'ok' });
    r = await cli(['daemon', 'stop'], t.env);
    expect(r.stdout).toContain('stopped');
    expect(await pingDaemon({ env: t.env, timeoutMs: 200 })).toBeNull();
  });

  it('#23.6 without a model: doctor, status, kb add and kb stats say "not installed (vector tier off)", and promise nothing', async () => {
    const r = await cli(['doctor', '--json'], t.env);
    const checks = JSON.parse(r.stdout) as { name: string; level: string; message: string; fix?: string }[];
    const c = checks.find((x) => x.name === 'embedding model');
    expect(c).toMatchObject({
      level: 'info',
      message: expect.stringMatching(/^not installed \(vector tier off\)/),
    });
    expect(c?.fix).toContain('self-gen model pull');
    const add = await cli(['kb', 'add', 'Error: ENOSPC', '-r', 'free disk space'], t.env);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/not installed \(vector tier off\): the exact and similar tiers find it/);
    expect(add.stdout).not.toMatch(/next batch|embedding is made/);
    expect(checks.length).toBeGreaterThan(0);
    const doctor = JSON.parse((await cli(['doctor', '--json'], t.env)).stdout) as {
      name: string;
      message: string;
    }[];
    expect(doctor.find((x) => x.name === 'error KB')?.message).toBe(
      '1 entries (1 resolved), vector tier off (no model)',
    );
    const stats = await cli(['kb', 'stats'], t.env);
    expect(stats.stdout).toContain('embedded: 0 (not installed (vector tier off))');
    expect(stats.stdout).toContain('model: not installed (vector tier off) (`self-gen model pull`)');
    expect(stats.stdout).not.toMatch(/waiting for an embedding/);
    const status = await cli(['status'], t.env);
    expect(status.stdout).toMatch(/embedding model: not installed \(vector tier off\)/);
  });

  it('#23.6 with a model, kb add says the next batch embeds the entry', async () => {
    withModel();
    const add = await cli(['kb', 'add', 'Error: ENOSPC', '-r', 'free disk space'], t.env);
    expect(add.stdout).toMatch(/its embedding is made by the next batch/);
  });
});

describe('self-gen model pull (from a local hub, no internet)', () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];
  const MODEL = 'Xenova/paraphrase-multilingual-MiniLM-L12-v2';

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      const prefix = `/${MODEL}/resolve/main/`;
      const file = req.url?.startsWith(prefix) ? decodeURIComponent(req.url.slice(prefix.length)) : null;
      const path = file && !file.includes('..') ? join(modelDir, file) : null;
      if (!path || !existsSync(path)) {
        res.writeHead(404).end('not found');
        return;
      }
      const body = readFileSync(path);
      res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' });
      if (req.method === 'HEAD') res.end();
      else res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('downloads the model once into the data home, then the model is present and used offline', async () => {
    const env = { ...t.env, HF_ENDPOINT: base };
    let r = await cli(['model', 'pull'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /model ready at .*Xenova\/paraphrase-multilingual-MiniLM-L12-v2 \(\d+\.\d MB, 384 dimensions/,
    );
    const dir = join(t.home, 'models', MODEL);
    for (const f of ['config.json', 'tokenizer.json', 'onnx/model_quantized.onnx'])
      expect(existsSync(join(dir, f)), f).toBe(true);
    expect(requests.some((q) => q.endsWith('/onnx/model_quantized.onnx'))).toBe(true);
    const n = requests.length;
    r = await cli(['model', 'pull'], env);
    expect(r.stdout).toContain('already present');
    expect(requests.length).toBe(n);
    // Offline now: no hub, and the vector tier still works from the downloaded copy.
    const offline = { ...t.env, HF_ENDPOINT: 'http://127.0.0.1:9' };
    await cli(['kb', 'add', 'npm ERR! code ERESOLVE', '-r', 'legacy peer deps'], offline);
    r = await cli(['embed'], offline);
    expect(r.stdout).toContain('embedded 1, failed 0');
  });

  it('#23.6 a hub that cannot be reached: one line, and a fix naming the folder, the files and the proxy setting', async () => {
    // A port nothing listens on (fetch refuses some low ports outright, as "bad port").
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const hub = `http://127.0.0.1:${closed}`;
    const r = await cli(['model', 'pull'], { ...t.env, HF_ENDPOINT: hub });
    expect(r.code).toBe(1);
    const dir = join(t.home, 'models', MODEL);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      `self-gen: the model could not be downloaded from ${hub} (ECONNREFUSED): the vector tier stays off, everything else works`,
    );
    expect(lines[1]).toContain(
      `  fix: put config.json, tokenizer.json, onnx/model_quantized.onnx from ${hub}/${MODEL}/resolve/main/ into ${dir}`,
    );
    expect(lines[1]).toMatch(/embedding\.modelPath/);
    expect(lines[1]).toMatch(/HTTPS_PROXY/);
  });
});
