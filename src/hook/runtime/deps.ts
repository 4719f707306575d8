// Builds the real dependencies of a hook process: config, lazy database, project, background jobs.
import { join } from 'node:path';
import { appendFileIn, ensureHomeDir } from '../../common/safe-fs.js';
import { distFile } from '../../common/dist.js';
import { spawnNodeDetached } from '../../common/process.js';
import { loadConfig, type LoadedConfig } from '../../common/config.js';
import { getDb, type DB } from '../../db/db.js';
import { drainQueue } from '../../db/events/queue.js';
import { getProjectName, getProjectPath } from '../../common/project.js';
import { paths } from '../../common/paths.js';
import { flagDamage } from './damage.js';
import { redact } from '../../common/redact.js';
import { span } from '../../common/timing.js';
import type { HookDeps, HookInput } from '../contract/types.js';

/** dist/worker.js, whether this code runs from dist/, a dist/chunks/ chunk, or sources. */
export function workerScript(): string {
  return distFile('worker.js');
}

export function makeLogger(env: NodeJS.ProcessEnv): (m: string) => void {
  if (env.SELF_GEN_DEBUG !== '1') return () => {};
  return (m: string) => {
    try {
      const p = paths(env);
      // Inside the data home, never through a symlink, only to a regular file.
      ensureHomeDir(p.home, p.logsDir, 0o700);
      appendFileIn(
        p.home,
        join(p.logsDir, 'hooks.log'),
        `${new Date().toISOString()} [${process.pid}] ${redact(m)}\n`,
      );
    } catch {}
  };
}

export function createDeps(
  input: HookInput,
  env: NodeJS.ProcessEnv = process.env,
  config: LoadedConfig = span('config', () => loadConfig(env)),
  opts: { eventTime?: Date } = {},
): HookDeps {
  const log = makeLogger(env);
  let drained = false;
  const projectPath = getProjectPath(input.cwd, env);
  const deps: HookDeps = {
    env,
    // The event's time is when Claude Code fired it (the hook process's start, or the warm server's
    // receipt), not when this handler got to it: an async hook that finishes late still records
    // its event in the order Claude Code fired them.
    now: () => (opts.eventTime ? new Date(opts.eventTime.getTime()) : new Date()),
    config,
    db: () => {
      // getDb() caches the connection per process (and reopens after a corruption recovery).
      const db: DB = span('db-open', () => getDb({ env, busyTimeoutMs: config.busyTimeoutMs }));
      if (!drained) {
        drained = true;
        try {
          const n = span('drain-queue', () => drainQueue(db, env));
          if (n) log(`stored ${n} queued event(s)`);
        } catch (e) {
          log(`queue drain failed: ${String(e)}`);
          flagDamage(deps, e);
        }
      }
      return db;
    },
    project: { path: projectPath, name: getProjectName(projectPath) },
    spawnBackground: (job, args = []) => {
      if (!span(`spawn:${job}`, () => spawnNodeDetached(workerScript(), [job, ...args], { env })))
        log(`spawn ${job} failed`);
    },
    log,
  };
  return deps;
}
