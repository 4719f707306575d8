// The fix policy's background work: job `fix-policy` (started by the hook that recorded a fix) and
// the session-end step of the same name. Listed in src/parts/index.ts (dist/worker.js).
import { getDb } from '../db/db.js';
import type { Job } from '../hook/contract/part.js';
import { reviewFixPolicy } from './background-review.js';

/** Judges the fixes the policy has not judged yet. */
export const fixPolicyJob: Job = async (ctx) => {
  const db = getDb({ env: ctx.env, busyTimeoutMs: 5000 });
  const n = await reviewFixPolicy(db);
  if (n) ctx.log(`fix-policy: ${n} fix(es) judged`);
};
