/**
 * npm installs in tests without building native code and without GitHub: better-sqlite3's install
 * script (`prebuild-install || node-gyp rebuild`) would download a prebuilt binary from GitHub or
 * compile SQLite for minutes. prebuild-install first looks for a "local prebuild" named
 * `npm_config_better_sqlite3_local_prebuilds/<name>-v<version>-node-v<abi>-<platform>-<arch>.tar.gz`:
 * the test packs the binary this checkout already has (same version, same Node) into exactly that
 * file, so the real install script runs and finds it. Package tarballs and metadata come from the
 * user's npm cache when it has them (prefer-offline), else from the npm registry.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { hermeticEnv, ROOT } from './env.js';

/** A folder holding better-sqlite3's local prebuild; returns the environment npm needs to use it. */
export function offlineNpmEnv(dir: string): Record<string, string> {
  const bs = join(ROOT, 'node_modules', 'better-sqlite3');
  const version = (JSON.parse(readFileSync(join(bs, 'package.json'), 'utf8')) as { version: string }).version;
  const binary = join(bs, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run npm ci first`);
  const prebuilds = join(dir, 'prebuilds');
  mkdirSync(prebuilds, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(prebuilds, name), '-C', bs, 'build/Release/better_sqlite3.node']);
  return {
    npm_config_better_sqlite3_local_prebuilds: prebuilds,
    npm_config_cache: process.env.npm_config_cache || join(homedir(), '.npm'),
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ONNXRUNTIME_NODE_INSTALL: 'skip',
  };
}

/**
 * Puts the metadata and tarballs of `specs` (and their dependencies) into the npm cache, with the
 * registry allowed, so that a later install with `npm_config_offline` finds everything there
 * (`npm ci` caches tarballs but not the metadata an install by name needs). Scripts do not run.
 */
export function warmNpmCache(dir: string, specs: string[]): void {
  mkdirSync(dir, { recursive: true });
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--ignore-scripts',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      ...specs,
    ],
    {
      env: {
        ...hermeticEnv(join(dir, '.env'), join(dir, '.env', 'home')),
        npm_config_cache: process.env.npm_config_cache || join(homedir(), '.npm'),
        npm_config_update_notifier: 'false',
      },
      stdio: 'ignore',
      timeout: 300_000,
    },
  );
}
