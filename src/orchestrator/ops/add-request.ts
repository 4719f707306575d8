// `orch record request`: a new request in the active session.
import { ensureOrchDir } from '../fs.js';
import { orchError } from '../errors.js';
import { observe, readLedger, writeLedger } from '../ledger.js';
import { requestDir } from '../paths.js';
import { nextRequestId, readState, writeSession, writeState } from '../file-store.js';
import { archiveState, newState, nowOf, pathsOf, requireActive, withLock, type OpsEnv } from './shared.js';

/** A new request in the active session: the next free R<n>; state.json starts over for it. */
export async function addRequest(env: OpsEnv, text: string): Promise<string> {
  if (!text.trim()) throw orchError('request', '', 'is empty');
  const p = pathsOf(env);
  return withLock(p, () => {
    const s = requireActive(p);
    const prev = readState(p)?.value ?? null;
    if (prev) archiveState(p, prev);
    const id = nextRequestId(p, prev);
    const state = newState(id, text);
    const now = nowOf(env);
    s.current_task = null;
    s.updated_at = now.toISOString();
    writeState(p, state);
    writeSession(p, s);
    ensureOrchDir(p, requestDir(p, id));
    const l = readLedger(p);
    observe(l, s, state, now);
    writeLedger(p, l);
    return id;
  });
}
