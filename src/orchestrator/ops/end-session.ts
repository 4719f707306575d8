// `orch record end`: the active session ends, completed or stopped.
import { observe, readLedger, writeLedger } from '../ledger.js';
import type { SessionFileT } from '../schemas.js';
import { readState, writeSession } from '../file-store.js';
import { nowOf, pathsOf, requireActive, withLock, type OpsEnv } from './shared.js';

export async function endSession(
  env: OpsEnv,
  status: 'completed' | 'stopped' = 'completed',
): Promise<SessionFileT> {
  const p = pathsOf(env);
  return withLock(p, () => {
    const s = requireActive(p);
    const now = nowOf(env);
    s.status = status;
    s.updated_at = now.toISOString();
    writeSession(p, s);
    const l = readLedger(p);
    observe(l, s, readState(p)?.value ?? null, now);
    writeLedger(p, l);
    return s;
  });
}
