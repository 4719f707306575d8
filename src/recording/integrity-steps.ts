// The integrity check as background work: the first step of the session-end job (once a day, or
// when a hook flagged damage) and the `integrity-check` job a hook starts when it sees damage.
import { closeDb } from '../db/db.js';
import { runIntegrityCheck } from '../db/integrity.js';
import type { Job, JobContext } from '../hook/contract/part.js';

export async function integrityStep(ctx: JobContext): Promise<void> {
  closeDb(); // never hold a connection to a file that may be moved aside
  await runIntegrityCheck({ env: ctx.env, log: ctx.log });
}

export const integrityCheckJob: Job = async (ctx) => {
  await integrityStep(ctx);
  // Store what hooks queued while the database was damaged.
  const { getDb } = await import('../db/db.js');
  const { drainQueue } = await import('../db/events/queue.js');
  drainQueue(getDb({ env: ctx.env, busyTimeoutMs: 5000 }), ctx.env, 100000, { wait: true });
};
