// The embedding runtime (Transformers.js with ONNX Runtime, ~450 MB) is not part of the default
// install: the vector tier of the error KB is optional and needs a model most users never pull.
// `self-gen model pull` installs it with npm into the data home (<home>/runtime, a folder this
// project owns), pinned to RUNTIME_VERSION; a checkout (where it is a dev dependency) or a user who
// installed it next to the package uses that copy. Without it the vector tier is off and everything
// else works. No heavy import here: the hook process asks `runtimePresent` (a few stat calls).
import { closeSync, existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { paths } from '../common/paths.js';
import type { CheckResult } from '../hook/contract/part.js';
import { npmInstall } from '../common/npm.js';
import {
  ensureDirIn,
  ensureHome,
  openAppendNoFollow,
  removeTreeIn,
  writeFileAtomicIn,
} from '../common/safe-fs.js';

export const RUNTIME_PACKAGE = '@huggingface/transformers';
/** Equal to the devDependency in package.json (test/integration/embed-runtime.test.ts checks it). */
export const RUNTIME_VERSION = '4.3.1';

export const runtimeDir = (env: NodeJS.ProcessEnv = process.env): string => join(paths(env).home, 'runtime');
export const runtimeLog = (env: NodeJS.ProcessEnv = process.env): string =>
  join(paths(env).logsDir, 'runtime-install.log');

/** The package folder of the runtime the data home holds, or null. */
export function homePackage(env: NodeJS.ProcessEnv): string | null {
  const dir = join(runtimeDir(env), 'node_modules', ...RUNTIME_PACKAGE.split('/'));
  return existsSync(join(dir, 'package.json')) ? dir : null;
}

/**
 * The package folder next to this code (a checkout's dev dependency, or installed by the user), or
 * null: the first `node_modules/<package>` on Node's lookup path that holds a package.json (where
 * `require` would find it, without resolving its entry point through the package's exports).
 */
export function localPackage(): string | null {
  try {
    for (const dir of createRequire(import.meta.url).resolve.paths(RUNTIME_PACKAGE) ?? []) {
      const at = join(dir, ...RUNTIME_PACKAGE.split('/'));
      if (existsSync(join(at, 'package.json'))) return at;
    }
  } catch {}
  return null;
}

export function runtimeLocation(env: NodeJS.ProcessEnv = process.env): string | null {
  return localPackage() ?? homePackage(env);
}

export function runtimePresent(env: NodeJS.ProcessEnv = process.env): boolean {
  return runtimeLocation(env) !== null;
}

/** `self-gen doctor`'s line about the runtime. */
export function runtimeCheck(env: NodeJS.ProcessEnv = process.env): CheckResult {
  const at = runtimeLocation(env);
  return at
    ? { name: 'embedding runtime', level: 'ok', message: `${RUNTIME_PACKAGE} at ${at}` }
    : {
        name: 'embedding runtime',
        level: 'info',
        message: 'not installed (vector tier off; the exact and similar tiers work)',
        fix: '`self-gen model pull` installs it (~450 MB) with the model',
      };
}

export class RuntimeMissingError extends Error {
  constructor(env: NodeJS.ProcessEnv = process.env) {
    super(`the embedding runtime (${RUNTIME_PACKAGE}) is not installed in ${runtimeDir(env)}`);
  }
}

/**
 * Installs the runtime into the data home (`npm install` of the pinned version into a fresh staging
 * folder, renamed into place when it worked). npm's output goes to logs/runtime-install.log.
 */
export async function installRuntime(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const home = ensureHome(paths(env).home);
  const staging = join(home, `runtime.tmp-${process.pid}`);
  const dir = join(home, 'runtime');
  ensureDirIn(home, join(home, 'logs'), 0o700);
  removeTreeIn(home, staging);
  ensureDirIn(home, staging, 0o700);
  try {
    writeFileAtomicIn(
      home,
      join(staging, 'package.json'),
      // onnxruntime-node's install script would download CUDA libraries: not needed on the CPU.
      JSON.stringify({
        name: 'self-generation-runtime',
        private: true,
        allowScripts: { 'onnxruntime-node': false, protobufjs: false },
      }) + '\n',
    );
    const logFd = openAppendNoFollow(runtimeLog(env));
    let code: number | null;
    try {
      code = await npmInstall({
        prefix: staging,
        specs: [`${RUNTIME_PACKAGE}@${RUNTIME_VERSION}`],
        logFd,
        env,
        timeoutMs: 20 * 60_000,
      });
    } finally {
      closeSync(logFd);
    }
    if (code !== 0)
      throw new Error(
        `npm install ${RUNTIME_PACKAGE}@${RUNTIME_VERSION} exited ${code ?? 'without starting'} (see ${runtimeLog(env)})`,
      );
    const old = `${dir}.old-${process.pid}`;
    // fs-safe-begin: both names are entries of the data home itself (renames move the entry, never follow it)
    if (existsSync(dir)) renameSync(dir, old);
    renameSync(staging, dir);
    // fs-safe-end
    removeTreeIn(home, old);
    return dir;
  } finally {
    removeTreeIn(home, staging);
  }
}
