// One analysis per scope (a project, or all of them) at a time across processes: the project's lock
// (src/common/lock.ts) in the data folder, so two sessions ending at the same moment run one
// analysis. A lock held past `ttlMs`, or by a dead process, is taken over.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { acquireLock, lockHolder, type LockHolder } from '../common/lock.js';
import { paths } from '../common/paths.js';
import { ensureHomeDir } from '../common/safe-fs.js';

export type { LockHolder };

export type AnalysisLock = { ok: true; release: () => void } | { ok: false; holder: LockHolder | null };

/** The lock file of the analyses of `scope` (a project name, or `*`). */
export function analysisLockPath(env: NodeJS.ProcessEnv, scope: string): string {
  const id = createHash('sha256').update(scope).digest('hex').slice(0, 16);
  return join(paths(env).dataDir, `analysis-${id}.lock`);
}

/** Takes the lock at once, or says who holds it. */
export function takeAnalysisLock(env: NodeJS.ProcessEnv, scope: string, ttlMs: number): AnalysisLock {
  const p = paths(env);
  try {
    ensureHomeDir(p.home, p.dataDir, 0o700); // inside the data home, never through a link
  } catch {}
  const path = analysisLockPath(env, scope);
  const lock = acquireLock(path, { timeoutMs: 0, staleMs: ttlMs });
  return lock ? { ok: true, release: lock.release } : { ok: false, holder: lockHolder(path) };
}
