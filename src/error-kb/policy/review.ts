// The background review of the fix policy: judges every candidate fix not judged by this policy
// version and stores the verdict with it (error_kb_fixes.policy_*). Runs in the worker (job
// `fix-policy`, started by the hook that recorded a fix, and the session-end step), in `kb review`,
// `kb show` and the dashboard — never in a hook (it loads the WebAssembly shell parser).
import type { DB } from '../../db/db.js';
import { setFixVerdict, unjudgedFixRows } from '../db.js';
import { loadFixPolicy } from './evaluate.js';
import { POLICY_VERSION } from './verdict.js';

/** Judges up to `limit` unjudged fixes; returns how many were judged. */
export async function reviewFixPolicy(db: DB, limit = 5000): Promise<number> {
  const rows = unjudgedFixRows(db, POLICY_VERSION, limit);
  if (rows.length === 0) return 0;
  const judge = await loadFixPolicy();
  const write = db.transaction(() => {
    for (const r of rows) setFixVerdict(db, r.id, r.resolution, { ...judge(r.resolution, r.proof), version: POLICY_VERSION });
  });
  write.immediate();
  return rows.length;
}
