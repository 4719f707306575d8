// The background review of the fix policy: judges every candidate fix not judged by this policy
// version and stores the verdict with it (error_kb_fixes.policy_*). Runs in the worker (job
// `fix-policy`, started by the hook that recorded a fix, and the session-end step), in `kb review`,
// `kb show` and the dashboard — never in a hook (it loads the WebAssembly shell parser).
import type { DB } from '../db/db.js';
import { setFixVerdict, unjudgedFixRows, POLICY_VERSION, type Verdict } from '../error-kb/index.js';
import { loadFixPolicy } from './evaluate.js';

/** Judges up to `limit` unjudged fixes (of one entry, with `kbId`) with a loaded policy; returns how many. */
export function judgeUnjudged(
  db: DB,
  judge: (resolution: string, proof: string) => Verdict,
  limit = 5000,
  kbId?: number,
): number {
  const rows = unjudgedFixRows(db, POLICY_VERSION, limit, kbId);
  if (rows.length === 0) return 0;
  db.transaction(() => {
    for (const r of rows)
      setFixVerdict(db, r.id, r.resolution, { ...judge(r.resolution, r.proof), version: POLICY_VERSION });
  }).immediate();
  return rows.length;
}

/**
 * The policy with its shell parser, compiled by V8's baseline WebAssembly tier only: the optimising
 * tier recompiles the 1.3 MB grammar on background threads, about 1 s of CPU that a short-lived
 * process (`kb add`) then waited for at exit; baseline code also parses a few thousand fixes faster
 * in total (bench/results/2026-11-29-cli-speed.md). The flag is read when a module is compiled.
 */
async function loadPolicy(): Promise<Awaited<ReturnType<typeof loadFixPolicy>>> {
  (await import('node:v8')).setFlagsFromString('--liftoff-only');
  return loadFixPolicy();
}

/** Judges up to `limit` unjudged fixes (loads the parser only when there is one); returns how many. */
export async function reviewFixPolicy(db: DB, limit = 5000): Promise<number> {
  if (unjudgedFixRows(db, POLICY_VERSION, 1).length === 0) return 0;
  return judgeUnjudged(db, await loadPolicy(), limit);
}

/**
 * Judges the unjudged fixes of one entry only (`kb add`: the fix just written, not the whole KB
 * after a policy change, which the worker's review does); returns how many.
 */
export async function reviewEntryFixes(db: DB, kbId: number): Promise<number> {
  if (unjudgedFixRows(db, POLICY_VERSION, 1, kbId).length === 0) return 0;
  return judgeUnjudged(db, await loadPolicy(), 5000, kbId);
}
