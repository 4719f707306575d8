// Issue #17 item 3: `npm pack` gives a package whose `npx self-generation install` works on a clean
// machine. The tarball (built by prepack) is installed into a temporary prefix the way a user's npm
// does it (its install scripts run; better-sqlite3 finds its binary as a local prebuild, see
// test/helpers/npm-offline.ts), then `npx self-generation install` runs there with a temporary HOME:
// settings.json names the installed package's hook, and that hook records an event.
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { fixturePayloads } from '../helpers/hook-proc.js';
import { ROOT } from '../helpers/env.js';
import { offlineNpmEnv } from '../helpers/npm-offline.js';
import { cleanEnv } from '../helpers/claude-harness.js';

let dir: string | undefined;
afterEach(() => {
  if (dir && process.env.E2E_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('#17.3 npx of the packed tarball', () => {
  it('#17.3 npm pack → npm install <tgz> → `npx self-generation install` → a hook records an event', () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'sg-npx-')));
    const home = join(dir, 'home');
    const dataHome = join(dir, 'sg-home');
    const prefix = join(dir, 'prefix');
    const project = join(dir, 'proj');
    for (const d of [home, prefix, join(project, '.git')]) mkdirSync(d, { recursive: true });
    const env = cleanEnv({ HOME: home, SELF_GEN_HOME: dataHome, ...offlineNpmEnv(dir) });
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', args, {
        cwd,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 600_000,
      });

    // The tarball of the dist/ that `npm test` built. A user's `npm pack` runs prepack (a build); here
    // it is skipped, as a rebuild would swap dist/ under the other test files running beside this one.
    const packOut = npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT);
    const packed = JSON.parse(packOut.slice(packOut.search(/^\[/m))) as {
      filename: string;
      files: { path: string }[];
    }[];
    const tgz = join(dir, packed[0]!.filename);
    const paths = packed[0]!.files.map((f) => f.path);
    expect(paths).toContain('dist/cli.js');
    expect(paths).toContain('dist/hook.cjs');
    expect(paths).toContain('hooks/hooks.json');
    expect(
      paths.filter((p) => p.startsWith('src/') || p.startsWith('test/') || p.startsWith('plugin/')),
    ).toEqual([]);

    npm(['install', '--prefix', prefix, tgz], dir);
    const pkgDir = join(prefix, 'node_modules', 'self-generation');
    expect(existsSync(join(pkgDir, 'dist', 'hook.cjs'))).toBe(true);

    // `npx self-generation` resolves the package's own bin (its name); nothing else is fetched.
    const out = execFileSync('npx', ['--no-install', 'self-generation', 'install'], {
      cwd: prefix,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(out).toContain('settings.json');
    const settings = readFileSync(join(home, '.claude', 'settings.json'), 'utf8');
    const hook = join(pkgDir, 'dist', 'hook.cjs');
    // either hook mode (#15): `node "<pkg>/dist/hook.cjs" E`, `sh "<pkg>/dist/hook-warm.sh" E …` or
    // `"<bash>" "<pkg>/dist/hook-warm.bash" E …`
    const warm = join(pkgDir, 'dist', 'hook-warm.sh');
    const warmBash = join(pkgDir, 'dist', 'hook-warm.bash');
    expect(
      settings.includes(`node \\"${hook}\\" UserPromptSubmit`) ||
        settings.includes(`sh \\"${warm}\\" UserPromptSubmit`) ||
        settings.includes(`\\"${warmBash}\\" UserPromptSubmit`),
      settings,
    ).toBe(true);

    // The hook named there records an event (the command as Claude Code would run it).
    const payload = fixturePayloads({ project }).find((x) => x.event === 'UserPromptSubmit')!.payload;
    const r = spawnSync(process.execPath, [hook, 'UserPromptSubmit'], {
      cwd: project,
      env,
      input: JSON.stringify(payload),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status).toBe(0);
    const db = new Database(join(dataHome, 'data', 'self-gen.db'), { readonly: true });
    try {
      const types = (db.prepare('SELECT type FROM events').all() as { type: string }[]).map((e) => e.type);
      expect(types).toContain('prompt');
    } finally {
      db.close();
    }
    // `self-gen doctor` of the installed package sees the hooks and the database.
    const doc = spawnSync(join(prefix, 'node_modules', '.bin', 'self-gen'), ['doctor'], {
      env,
      encoding: 'utf8',
    });
    expect(doc.stdout).toMatch(/hooks installed in .*settings\.json/);
    expect(readdirSync(dir).some((f) => f.endsWith('.tgz'))).toBe(true);
  });
});
