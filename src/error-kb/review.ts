// `kb review`: the entries whose advice is weak or never shown, so the user can keep (`kb edit`)
// or forget (`kb rm`) them. Low confidence = no proven fix (legacy or none), a single
// confirmation, a best fix that is unsafe (never offered), or a fix only ever seen in one project.
import type { DB } from '../db/db.js';
import { entrySample } from './db.js';
import { candidates, projectConfirmations, type FixCandidate } from './candidates.js';
import { unsafeFix } from './safety.js';

export interface ReviewItem {
  id: number;
  error: string;
  resolution: string | null;
  /** Why it is listed. */
  reasons: string[];
  best: (Pick<FixCandidate, 'proof' | 'confirmations' | 'last_ts'> & { projects: number }) | null;
  candidates: number;
}

export function reviewEntries(db: DB, opts: { limit?: number; all?: boolean } = {}): ReviewItem[] {
  const rows = entrySample(db, { order: 'recent', limit: 5000 });
  const out: ReviewItem[] = [];
  for (const r of rows) {
    const cands = candidates(db, r.id);
    const best = cands[0];
    const reasons: string[] = [];
    let projects = 0;
    if (!best) reasons.push(r.resolution ? 'no recorded proof (never advised)' : 'no fix');
    else {
      projects = projectConfirmations(db, best.id).length;
      if (best.proof === 'legacy') reasons.push('recorded before fixes were proven (never advised)');
      else if (best.proof !== 'manual') {
        if (best.confirmations < 2) reasons.push('confirmed once');
        if (projects < 2)
          reasons.push('seen in one project only (not offered elsewhere until confirmed twice)');
      }
      const bad = unsafeFix(best.resolution);
      if (bad) reasons.push(`unsafe fix, never offered: ${bad.why}`);
    }
    if (!opts.all && reasons.length === 0) continue;
    out.push({
      id: r.id,
      error: r.error_normalized,
      resolution: best?.resolution ?? r.resolution,
      reasons,
      best: best
        ? { proof: best.proof, confirmations: best.confirmations, last_ts: best.last_ts, projects }
        : null,
      candidates: cands.length,
    });
    if (out.length >= (opts.limit ?? 50)) break;
  }
  return out;
}
