// The team sync in the background: a session-end step of the worker (dist/worker.js, detached from
// hooks) and the `team-sync` job. Off unless `self-gen team connect` was run; an unreachable store
// is logged and tried again at the next session end.
import { setPriority } from 'node:os';
import { getDb } from '../db/db.js';
import type { Job } from '../hook/contract/part.js';
import { teamConfig } from './config.js';
import { describePgError, runSync, TeamError } from './service.js';
import type { SyncReport } from './sync.js';
import { noteJobFailure, noteJobSuccess } from '../db/job-failures.js';

export const teamSyncStep: Job = async (ctx) => {
  if (!teamConfig(ctx.config).url) return;
  try {
    setPriority(10); // background work: the session's hooks come first
  } catch {}
  const db = getDb({ env: ctx.env, busyTimeoutMs: 5000 });
  try {
    const r = (await runSync(ctx.env, ctx.config, db)) as SyncReport;
    ctx.log(
      `team-sync: pushed ${r.pushed.fixes} fixes, ${r.pushed.tombstones} tombstones, ${r.pushed.forgets} forgets; pulled ${r.pulled.rows} rows (${r.pulled.applied} applied)`,
    );
    noteJobSuccess(db, 'team sync');
  } catch (e) {
    const message = e instanceof TeamError ? e.message : describePgError(e);
    ctx.log(`team-sync: ${message} (next session end tries again)`);
    // told once at the next session start, and by status / doctor until a sync succeeds
    try {
      noteJobFailure(
        db,
        'team sync',
        message,
        e instanceof TeamError ? e.fix : 'run `self-gen team status` (each session end tries again)',
      );
    } catch {}
  }
};
