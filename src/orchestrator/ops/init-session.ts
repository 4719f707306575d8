// `orch init`: starts a session (or resumes the active one), with the user's request as R<n>.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureOrchDir } from '../fs.js';
import { OrchError, orchError } from '../errors.js';
import { observe, readLedger, writeLedger, type Ledger } from '../ledger.js';
import { rel, requestDir, type OrchPaths } from '../paths.js';
import type { SessionFileT, StateFileT } from '../schemas.js';
import { nextRequestId, readSession, readState, writeSession, writeState } from '../file-store.js';
import { archive, archiveState, newState, nowOf, pathsOf, withLock, type OpsEnv } from './shared.js';

export interface InitOptions {
  request?: string;
  claudeMd?: string;
  agentsMd?: string;
  references?: string[];
  /** End an active session (as stopped) and start a new one. */
  fresh?: boolean;
}

export interface InitResult {
  session: SessionFileT;
  state: StateFileT;
  created: boolean;
  requestId?: string;
  paths: OrchPaths;
  notes: string[];
}

type Opened = Pick<InitResult, 'session' | 'state' | 'created'> & { requestId: string | undefined };

export async function initSession(env: OpsEnv, o: InitOptions = {}): Promise<InitResult> {
  const p = pathsOf(env);
  return withLock(p, () => {
    const now = nowOf(env);
    const notes: string[] = [];
    const ledger = readLedger(p);
    if (o.references?.length)
      ledger.references = [
        ...new Set([...ledger.references, ...o.references.map((r) => r.trim()).filter(Boolean)]),
      ];
    const prev = readPrevious(p, o, now, notes);
    const { session, state, created, requestId } =
      prev && prev.status === 'active' && !o.fresh
        ? resume(p, prev, o, notes)
        : start(env, p, prev, o, ledger, now, notes);
    session.current_task = state.request.current_task;
    session.updated_at = now.toISOString();
    writeSession(p, session);
    writeState(p, state);
    ensureOrchDir(p, requestDir(p, state.request.id));
    observe(ledger, session, state, now);
    writeLedger(p, ledger);
    return { session, state, created, paths: p, notes, ...(requestId ? { requestId } : {}) };
  });
}

/** The session file as it is; an unreadable one is archived when a new session is asked for. */
function readPrevious(p: OrchPaths, o: InitOptions, now: Date, notes: string[]): SessionFileT | null {
  try {
    const r = readSession(p);
    if (r?.problem) notes.push(r.problem);
    return r?.value ?? null;
  } catch (e) {
    if (!(e instanceof OrchError) || !o.fresh) throw e;
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    notes.push(
      `${rel(p, p.sessionFile)} was unreadable: kept in ${archive(p, p.sessionFile, stamp)} and replaced (--new)`,
    );
    return null;
  }
}

/** The active session goes on; a new request (or a missing state.json) starts R<n+1>. */
function resume(p: OrchPaths, session: SessionFileT, o: InitOptions, notes: string[]): Opened {
  if (o.claudeMd !== undefined) session.manifest.claude_md = resolve(p.projectRoot, o.claudeMd);
  if (o.agentsMd !== undefined) session.manifest.agents_md = resolve(p.projectRoot, o.agentsMd);
  notes.push(`the session of ${session.created_at} is already active: resumed`);
  let state = readState(p)?.value ?? null;
  let requestId: string | undefined;
  if (o.request?.trim() || !state) {
    if (!o.request?.trim())
      throw orchError(
        rel(p, p.stateFile),
        '',
        'not found',
        'pass the request: `self-gen orch init --request "<text>"`',
      );
    if (state) archiveState(p, state);
    requestId = nextRequestId(p, state);
    state = newState(requestId, o.request);
  }
  return { session, state, created: false, requestId };
}

/** A new session: the previous one (stopped if still active) is counted and its state archived. */
function start(
  env: OpsEnv,
  p: OrchPaths,
  prev: SessionFileT | null,
  o: InitOptions,
  ledger: Ledger,
  now: Date,
  notes: string[],
): Opened {
  if (!o.request?.trim())
    throw orchError(
      rel(p, p.stateFile),
      'request.original_request',
      "a new session needs the user's request",
      'self-gen orch init --request "<the user\'s request>"',
    );
  if (prev) {
    if (prev.status === 'active') {
      prev.status = 'stopped';
      notes.push(`the active session of ${prev.created_at} was stopped`);
    }
    observe(ledger, prev, readState(p)?.value ?? null, now);
    const old = readState(p)?.value ?? null;
    if (old) archiveState(p, old);
  }
  const requestId = nextRequestId(p, readState(p)?.value ?? null);
  const session = newSession(env, p, o, now.toISOString());
  return { session, state: newState(requestId, o.request), created: true, requestId };
}

function newSession(env: OpsEnv, p: OrchPaths, o: InitOptions, ts: string): SessionFileT {
  return {
    version: 1,
    project: { path: p.projectRoot, name: env.projectName, hash: p.hash },
    status: 'active',
    current_task: null,
    created_at: ts,
    updated_at: ts,
    manifest: {
      claude_md:
        o.claudeMd !== undefined
          ? resolve(p.projectRoot, o.claudeMd)
          : defaultFile(p.projectRoot, ['CLAUDE.md', '.claude/CLAUDE.md']),
      agents_md:
        o.agentsMd !== undefined
          ? resolve(p.projectRoot, o.agentsMd)
          : defaultFile(p.projectRoot, ['AGENTS.md']),
    },
  };
}

function defaultFile(root: string, names: string[]): string | null {
  for (const c of names) if (existsSync(join(root, c))) return join(root, c);
  return null;
}
