// What the operations in ops/ share: their environment, the lock, and the checks every write
// starts with (an active session, a state.json).
import { join } from 'node:path';
import { ensureOrchDir, moveOrchFile } from '../fs.js';
import { withLockAsync } from '../../common/lock.js';
import { orchError } from '../errors.js';
import { orchPaths, rel, type OrchPaths } from '../paths.js';
import type { OrchestratorConfigT, SessionFileT, StateFileT } from '../schemas.js';
import { MIGRATE_FIX, readSession, readState, writeAtomic } from '../file-store.js';

export interface OpsEnv {
  projectRoot: string;
  projectName: string;
  cfg: OrchestratorConfigT;
  now?: () => Date;
  /** Process environment (the data home of our own files); default process.env. */
  env?: NodeJS.ProcessEnv;
}

export const nowOf = (env: OpsEnv) => (env.now ? env.now() : new Date());
export const pathsOf = (env: OpsEnv) => orchPaths(env.projectRoot, env.env);

export async function withLock<T>(p: OrchPaths, fn: () => Promise<T> | T): Promise<T> {
  ensureOrchDir(p, p.ownDir);
  // `<ownDir>.lock`, next to our own folder in the checked folder above it.
  const lockPath = `${p.ownDir}.lock`;
  const r = await withLockAsync(lockPath, { timeoutMs: 10_000, staleMs: 15_000, refreshMs: 5_000 }, fn);
  if (!r.ran)
    throw Object.assign(new Error(`${lockPath} is held by another self-gen process`), { code: 'ELOCKED' });
  return r.value;
}

export function newState(id: string, text: string): StateFileT {
  return {
    version: 2,
    request: {
      id,
      original_request: text.trim(),
      status: 'active',
      current_task: null,
      global_phase: 'global_discovery',
    },
    tasks: {},
    task_order: [],
  };
}

const START_FIX = 'start the orchestrator skill, or run `self-gen orch init --request "<text>"`';

function requireSession(p: OrchPaths): SessionFileT {
  const s = readSession(p);
  if (!s) throw orchError(rel(p, p.sessionFile), '', 'no orchestrator session', START_FIX);
  return s.value;
}

export function requireActive(p: OrchPaths): SessionFileT {
  const s = requireSession(p);
  if (s.status !== 'active')
    throw orchError(
      rel(p, p.sessionFile),
      'status',
      `the session is ${s.status}`,
      'start a new one with `self-gen orch init --new --request "<text>"`',
    );
  return s;
}

export function requireState(p: OrchPaths): StateFileT {
  const st = readState(p);
  if (!st) throw orchError(rel(p, p.stateFile), '', 'not found', START_FIX);
  return st.value;
}

/** Keeps a copy of a file in our own archive folder (before the skill's file is replaced). */
export function archive(p: OrchPaths, file: string, stamp: string): string {
  const dest = join(p.ownDir, 'archive', stamp, rel(p, file).replace(/^(\.\.\/)+/, ''));
  if (!moveOrchFile(p, file, dest))
    throw orchError(rel(p, file), '', 'is a symbolic link or not a regular file; left alone', MIGRATE_FIX);
  return dest;
}

/** The state of a request that is replaced: kept in our folder (its contracts stay in place). */
export function archiveState(p: OrchPaths, s: StateFileT): void {
  writeAtomic(p, join(p.ownDir, 'requests', `${s.request.id}.state.json`), JSON.stringify(s, null, 2) + '\n');
}

/** The task holding a subtask (in `task` only, when given). */
export function findSubtask(state: StateFileT, subtask: string, task?: string): string | null {
  for (const tid of task ? [task] : state.task_order) if (state.tasks[tid]?.subtasks[subtask]) return tid;
  return null;
}
