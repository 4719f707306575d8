// #23 item 7: a light default install. The embedding stack (Transformers.js, ONNX Runtime) is not a
// dependency: `self-gen model pull` installs it into the data home (src/embed/runtime.ts). Without
// it the vector tier is off and the rest works; with it (in <home>/runtime) the same code loads it.
// The package's declared engines fit its dependencies', and npm reads no unknown key from our files.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_PACKAGE, RUNTIME_VERSION } from '../../src/embed/runtime.js';
import { npmEnv } from '../../src/common/npm.js';
import { hermeticEnv, ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { writeTinyModel } from '../helpers/tiny-model.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('#23.7 the default install', () => {
  it('has no embedding stack; model pull installs the pinned version the tests use', () => {
    expect(Object.keys(pkg.dependencies).filter((d) => /huggingface|onnxruntime|sharp/.test(d))).toEqual([]);
    expect(pkg.devDependencies[RUNTIME_PACKAGE]).toBe(RUNTIME_VERSION);
  });

  it("every production dependency's engines accept the Node versions we declare", () => {
    const ours = Number(/^>=(\d+)/.exec(pkg.engines.node)?.[1]);
    expect(ours).toBeGreaterThan(0);
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }>;
    };
    const tooNew: string[] = [];
    for (const [path, p] of Object.entries(lock.packages)) {
      if (!path || p.dev || Array.isArray(p.engines) || !p.engines?.node) continue;
      // the lowest major each alternative accepts (">=22", "^20.17.0 || >=22.9.0", ">= 18")
      const mins = p.engines.node.split('||').map((alt) => Number(/(\d+)/.exec(alt)?.[1] ?? 0));
      if (Math.min(...mins) > ours) tooNew.push(`${path}: ${p.engines.node}`);
    }
    expect(tooNew).toEqual([]);
  });

  it('npm finds no unknown key in our .npmrc', () => {
    // npm reads only our .npmrc here: the user's own npmrc and the global one are empty files
    const dir = mkdtempSync(join(tmpdir(), 'sg-npmrc-'));
    try {
      const env = hermeticEnv(dir, join(dir, 'home'));
      const r = spawnSync('npm', ['config', 'get', 'fund'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe('false'); // our .npmrc was read
      expect(r.stderr).not.toMatch(/Unknown (project|user|global|env) config/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // What the lockfile says, not what the local npm reports (`npm install-scripts ls` differs between
  // npm versions): every package the lockfile marks as running an install script is allowed or
  // denied by name in package.json's allowScripts, and allowScripts names nothing else.
  it("every install script in the lockfile is allowed or denied by package.json's allowScripts", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { name?: string; hasInstallScript?: boolean }>;
    };
    const withScripts = new Set<string>();
    for (const [path, p] of Object.entries(lock.packages)) {
      if (!path || !p.hasInstallScript) continue;
      withScripts.add(p.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    }
    expect(withScripts.size).toBeGreaterThan(0);
    const allow = (pkg as unknown as { allowScripts: Record<string, boolean> }).allowScripts;
    expect(Object.keys(allow).sort()).toEqual([...withScripts].sort());
    for (const v of Object.values(allow)) expect(typeof v).toBe('boolean');
  });

  it("npm builds against the running Node's headers unless told otherwise, and never fetches CUDA", () => {
    const e = npmEnv({ PATH: '/usr/bin' });
    expect(readFileSync(join(e.npm_config_nodedir!, 'include', 'node', 'node.h'), 'utf8')).toContain('NODE_');
    expect(e.ONNXRUNTIME_NODE_INSTALL).toBe('skip');
    expect(npmEnv({ npm_config_nodedir: '/opt/node' }).npm_config_nodedir).toBe('/opt/node');
  });
});

describe('#23.7 the embedding runtime on demand (a copy of dist/ outside the checkout)', () => {
  let t: TempEnv;
  let app: string;
  let env: NodeJS.ProcessEnv;
  const cli = (args: string[]) =>
    spawnSync(process.execPath, [join(app, 'dist', 'cli.js'), ...args], {
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });

  beforeAll(() => {
    t = tempEnv('sg-runtime-');
    app = join(t.dir, 'app');
    cpSync(join(ROOT, 'dist'), join(app, 'dist'), { recursive: true });
    writeFileSync(join(app, 'package.json'), '{"type":"module"}\n');
    const model = join(t.dir, 'tiny');
    writeTinyModel(model);
    mkdirSync(t.home, { recursive: true });
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ embedding: { modelPath: model } }));
    // better-sqlite3 and friends from the checkout (as the plugin names its native folder)
    env = { ...t.env, SELF_GEN_NATIVE_DIR: ROOT, SELF_GEN_NO_DAEMON: '1' };
    const add = cli([
      'kb',
      'add',
      "Cannot find module 'left-pad'",
      '-r',
      'npm install left-pad',
      '-t',
      'Bash',
    ]);
    expect(add.status, add.stderr).toBe(0);
  });
  afterAll(() => t.cleanup());

  it('absent: the vector tier is off, search answers from the text tiers, doctor says how to get it', () => {
    const s = cli(['kb', 'search', '--json', "Cannot find module 'left-pad'"]);
    expect(s.status, s.stderr).toBe(0);
    const out = JSON.parse(s.stdout) as { embedder: string; match: { resolution?: string } | null };
    // the default search is the hooks' (the daemon only); none can run, and it says why
    expect(out.embedder).toMatch(/embedding runtime not installed/);
    expect(out.match?.resolution).toBe('npm install left-pad');
    const d = cli(['doctor']);
    expect(d.stdout).toMatch(/embedding runtime.*not installed \(vector tier off/);
    expect(d.stdout + d.stderr).toContain('self-gen model pull');
  });

  it('installed in the data home: the same search embeds the query with it', () => {
    const dir = join(t.home, 'runtime', 'node_modules', '@huggingface');
    mkdirSync(dir, { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', RUNTIME_PACKAGE), join(dir, 'transformers'));
    const embedder = (args: string[]) => {
      const s = cli(['kb', 'search', '--json', ...args, "Cannot find module 'left-pad'"]);
      expect(s.status, s.stderr).toBe(0);
      return (JSON.parse(s.stdout) as { embedder: string }).embedder;
    };
    // by default as a hook: the daemon only (none runs here), nothing missing for one
    expect(embedder([])).toMatch(/^no daemon answers: text tiers only.*--local-model/);
    expect(embedder(['--local-model'])).toMatch(/local model/);
    expect(cli(['doctor']).stdout).toMatch(
      /embedding runtime.*runtime\/node_modules\/@huggingface\/transformers/,
    );
  });
});
