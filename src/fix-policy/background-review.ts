// The background review of the fix policy: judges every candidate fix not judged by this policy
// version and stores the verdict with it (error_kb_fixes.policy_*). Runs in the worker (job
// `fix-policy`, started by the hook that recorded a fix, and the session-end step), in `kb add`,
// `kb review`, `kb show` and the dashboard — never in a hook. The WebAssembly shell parser is loaded
// only when a fix needs it (evaluate.ts: plain commands are read without it).
import type { DB } from '../db/db.js';
import { setFixVerdict, unjudgedFixRows, POLICY_VERSION, type Verdict } from '../error-kb/index.js';
import { judgeFixLazily } from './evaluate.js';

type Row = ReturnType<typeof unjudgedFixRows>[number];

function store(db: DB, rows: Row[], verdicts: Verdict[]): number {
  if (rows.length === 0) return 0;
  db.transaction(() => {
    rows.forEach((r, i) =>
      setFixVerdict(db, r.id, r.resolution, { ...verdicts[i]!, version: POLICY_VERSION }),
    );
  }).immediate();
  return rows.length;
}

/** Judges up to `limit` unjudged fixes (of one entry, with `kbId`) with a loaded policy; returns how many. */
export function judgeUnjudged(
  db: DB,
  judge: (resolution: string, proof: string) => Verdict,
  limit = 5000,
  kbId?: number,
): number {
  const rows = unjudgedFixRows(db, POLICY_VERSION, limit, kbId);
  return store(
    db,
    rows,
    rows.map((r) => judge(r.resolution, r.proof)),
  );
}

async function judgeLazily(db: DB, limit: number, kbId?: number): Promise<number> {
  const rows = unjudgedFixRows(db, POLICY_VERSION, limit, kbId);
  const verdicts: Verdict[] = [];
  for (const r of rows) verdicts.push(await judgeFixLazily(r.resolution, r.proof));
  return store(db, rows, verdicts);
}

/** Judges up to `limit` unjudged fixes; returns how many. */
export function reviewFixPolicy(db: DB, limit = 5000): Promise<number> {
  return judgeLazily(db, limit);
}

/**
 * Judges the unjudged fixes of one entry only (`kb add`: the fix just written, not the whole KB
 * after a policy change, which the worker's review does); returns how many.
 */
export function reviewEntryFixes(db: DB, kbId: number): Promise<number> {
  return judgeLazily(db, 5000, kbId);
}
