// No test reads the user's own configuration. A user's npmrc with a key npm warns about, a global
// gitconfig with a value, and the npm_config_* variables `npm test` exports from them are planted
// in a stand-in for the real HOME: the environment the suite's helpers build ignores all of them.
// And no test file starts npm, npx or git without an environment of its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from '../helpers/claude-harness.js';
import { gitEnv, hermeticEnv, ROOT, tempEnv } from '../helpers/env.js';

let dir: string;
let userHome: string;
/** process.env as on a user's machine running `npm test`, with the planted configuration. */
let userEnv: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sg-hermetic-'));
  userHome = join(dir, 'real-home');
  mkdirSync(userHome);
  writeFileSync(join(userHome, '.npmrc'), 'sg-planted-unknown-key=1\nfund=true\n');
  writeFileSync(join(userHome, '.gitconfig'), '[sgplanted]\n\tvalue = from-the-user\n');
  userEnv = {
    ...process.env,
    HOME: userHome,
    npm_config_userconfig: join(userHome, '.npmrc'),
    npm_config_sg_planted_env: '1',
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'sgplanted.env',
    GIT_CONFIG_VALUE_0: 'from-the-environment',
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const npmFund = (env: NodeJS.ProcessEnv, cwd = dir) =>
  spawnSync('npm', ['config', 'get', 'fund'], { cwd, env, encoding: 'utf8', timeout: 120_000 });
const gitGet = (env: NodeJS.ProcessEnv, key: string) =>
  spawnSync('git', ['config', '--get', key], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });

describe("the suite's environments ignore the user's npm and git configuration", () => {
  it('planted: npm and git, run as the user, read it (the plant works)', () => {
    const r = npmFund(userEnv);
    expect(r.stdout.trim()).toBe('true');
    expect(r.stderr).toMatch(/Unknown (user|env) config "sg-planted/);
    expect(gitGet(userEnv, 'sgplanted.value').stdout.trim()).toBe('from-the-user');
    expect(gitGet(userEnv, 'sgplanted.env').stdout.trim()).toBe('from-the-environment');
  });

  it('hermeticEnv (the base of tempEnv): an empty user and global npmrc, no git global or system config', () => {
    const env = hermeticEnv(join(dir, 'h'), join(dir, 'h', 'home'), userEnv);
    const r = npmFund(env);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('true'); // npm's default, not the user's
    expect(r.stderr).not.toMatch(/sg-planted|Unknown/);
    expect(Object.keys(env).filter((k) => /^npm_config_sg|^GIT_CONFIG_(COUNT|KEY|VALUE)/i.test(k))).toEqual(
      [],
    );
    expect(gitGet(env, 'sgplanted.value').status).toBe(1);
    expect(gitGet(env, 'sgplanted.env').status).toBe(1);
    // our own .npmrc is still the project's configuration
    expect(npmFund(env, ROOT).stdout.trim()).toBe('false');
  });

  it('tempEnv drops the npm_config_* and GIT_CONFIG_* a test run inherits, and gives its own HOME', () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      npm_config_userconfig: join(userHome, '.npmrc'),
      npm_config_sg_planted_env: '1',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'sgplanted.env',
      GIT_CONFIG_VALUE_0: 'from-the-environment',
    });
    let t: ReturnType<typeof tempEnv> | undefined;
    try {
      t = tempEnv('sg-hermetic-t-');
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
    try {
      expect(t.env.HOME?.startsWith(t.dir)).toBe(true);
      expect(t.env.npm_config_userconfig?.startsWith(t.dir)).toBe(true);
      expect(readFileSync(t.env.npm_config_userconfig!, 'utf8')).toBe('');
      expect(t.env.npm_config_sg_planted_env).toBeUndefined();
      expect(t.env.GIT_CONFIG_COUNT).toBeUndefined();
      expect(t.env.GIT_CONFIG_NOSYSTEM).toBe('1');
      expect(readFileSync(t.env.GIT_CONFIG_GLOBAL!, 'utf8')).toBe('');
      const r = npmFund(t.env);
      expect(r.stderr).not.toMatch(/sg-planted|Unknown/);
    } finally {
      t.cleanup();
    }
  });

  it('cleanEnv (the end-to-end runs) and gitEnv read no global or system git config, nor the global npmrc', () => {
    const c = cleanEnv({ HOME: join(dir, 'h2') });
    expect(c.GIT_CONFIG_GLOBAL).toBe('/dev/null');
    expect(c.GIT_CONFIG_NOSYSTEM).toBe('1');
    expect(c.npm_config_globalconfig).toBe('/dev/null');
    const g = gitEnv({ HOME: userHome });
    expect(gitGet(g, 'sgplanted.value').status).toBe(1);
  });
});

/** Every test source file (helpers included). */
function testFiles(d = join(ROOT, 'test')): string[] {
  return readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    if (n === 'fixtures' || n === 'artifacts') return [];
    return statSync(p).isDirectory() ? testFiles(p) : /\.(ts|mts|mjs)$/.test(n) ? [p] : [];
  });
}

/** The text of a call from its opening parenthesis to the matching one (strings skipped roughly). */
function callText(src: string, open: number): string {
  let depth = 0;
  let quote = '';
  for (let i = open; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return src.slice(open, i + 1);
  }
  return src.slice(open);
}

describe('guard: npm, npx and git started by a test get an environment of their own', () => {
  it('every spawn of npm, npx or git in test/ passes env, never the raw process.env', () => {
    const bad: string[] = [];
    let seen = 0;
    for (const f of testFiles()) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(
        /\b(?:spawnSync|execFileSync|spawn|execFile|execSync)\(\s*['"`](npm|npx|git)\b/g,
      )) {
        seen++;
        const call = callText(src, m.index + m[0].indexOf('('));
        const line = src.slice(0, m.index).split('\n').length;
        if (!/\benv\b/.test(call) || /\.\.\.process\.env\b|env:\s*process\.env\b/.test(call))
          bad.push(`${relative(ROOT, f)}:${line}`);
      }
    }
    expect(seen).toBeGreaterThan(3);
    expect(bad).toEqual([]);
  });
});

describe('guard: no test rewrites files that other tests run', () => {
  it('only the global setup builds dist/; the plugin is built into a folder of its own; npm pack runs no prepack', () => {
    const bad: string[] = [];
    for (const f of testFiles()) {
      const rel = relative(ROOT, f);
      if (rel === join('test', 'helpers', 'build-once.ts') || rel === relative(ROOT, import.meta.filename))
        continue;
      const src = readFileSync(f, 'utf8');
      src.split('\n').forEach((line, i) => {
        const at = `${rel}:${i + 1}`;
        if (/\[\s*['"`]scripts\/build\.mjs['"`]\s*[\],]/.test(line) && !/--plugin/.test(line))
          bad.push(`${at} builds dist/`);
        if (/['"`]scripts\/build-plugin\.mjs['"`]/.test(line) && !/--out/.test(line))
          bad.push(`${at} builds plugin/`);
        if (/\[\s*['"`]run['"`],\s*['"`]build/.test(line)) bad.push(`${at} npm run build`);
        if (/\[\s*['"`]pack['"`]/.test(line) && !/--ignore-scripts/.test(line))
          bad.push(`${at} npm pack runs prepack`);
      });
    }
    expect(bad).toEqual([]);
  });
});
