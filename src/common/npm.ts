// Running `npm install` into a folder this project owns: the plugin's native dependencies
// (src/bin/plugin-bootstrap.ts) and the optional embedding runtime (src/embed/runtime.ts, `self-gen
// model pull`). The user's npm configuration (registry, proxy, cache) applies. When a package has to
// be compiled (no prebuilt binary can be fetched), node-gyp is pointed at the running Node's own
// headers (`npm_config_nodedir`: the install prefix, which ships include/node), so it never
// downloads them from nodejs.org.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** npm: SELF_GEN_NPM, else on PATH, else next to this Node. */
export function findNpm(env: NodeJS.ProcessEnv = process.env): string {
  const named = env.SELF_GEN_NPM?.trim();
  if (named) return named;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'npm'))) return join(dir, 'npm');
  }
  return join(dirname(process.execPath), 'npm');
}

/** The running Node's install prefix when it holds the headers node-gyp needs (include/node/node.h). */
export function localNodeDir(execPath = process.execPath): string | null {
  const prefix = dirname(dirname(execPath));
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? prefix : null;
}

/**
 * The environment for npm: the caller's, plus the local Node headers for node-gyp (unless the user
 * named a nodedir) and no CUDA download by onnxruntime-node's install script.
 */
export function npmEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  const named = Object.keys(env).some((k) => k.toLowerCase() === 'npm_config_nodedir');
  const nodedir = named ? null : localNodeDir();
  if (nodedir) out.npm_config_nodedir = nodedir;
  out.ONNXRUNTIME_NODE_INSTALL ??= 'skip';
  return out;
}

/**
 * `npm install --prefix <prefix> <specs…>` (exact versions, no dev dependencies), output to `logFd`;
 * resolves with npm's exit code (null: it did not start, or was stopped after `timeoutMs`).
 */
export function npmInstall(opts: {
  prefix: string;
  specs: string[];
  logFd: number;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
}): Promise<number | null> {
  const env = opts.env ?? process.env;
  return new Promise<number | null>((done) => {
    const child = spawn(
      findNpm(env),
      [
        'install',
        '--prefix',
        opts.prefix,
        '--save-exact',
        '--omit=dev',
        '--no-audit',
        '--no-fund',
        '--no-update-notifier',
        '--foreground-scripts',
        '--loglevel=warn',
        ...opts.specs,
      ],
      { cwd: opts.prefix, env: npmEnv(env), stdio: ['ignore', opts.logFd, opts.logFd] },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.on('error', () => {
      clearTimeout(timer);
      done(null);
    });
    child.on('close', (c) => {
      clearTimeout(timer);
      done(c);
    });
  });
}
