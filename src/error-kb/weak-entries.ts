// `kb review`: the entries whose advice is weak or never shown, so the user can keep (`kb edit`)
// or forget (`kb rm`) them. Listed first: entries whose best fix the fix policy withholds (with
// the policy's reason); then low confidence = no proven fix (legacy or none), a single
// confirmation, or a fix only ever seen in one project.
import type { DB } from '../db/db.js';
import { entrySample } from './db.js';
import { countRepositories, parseIdentity } from '../common/repository.js';
import { candidates, projectConfirmations, type FixCandidate } from './candidates.js';
import { storedVerdict, type PolicyClass } from './verdict.js';

export interface ReviewItem {
  id: number;
  error: string;
  resolution: string | null;
  /** Why it is listed. */
  reasons: string[];
  /** The fix policy's verdict on the best fix (null: no candidate). */
  policy: { cls: PolicyClass; reason: string } | null;
  best: (Pick<FixCandidate, 'proof' | 'confirmations' | 'last_ts'> & { projects: number }) | null;
  candidates: number;
}

export function reviewEntries(db: DB, opts: { limit?: number; all?: boolean } = {}): ReviewItem[] {
  const rows = entrySample(db, { order: 'recent', limit: 5000 });
  const withheld: ReviewItem[] = [];
  const rest: ReviewItem[] = [];
  for (const r of rows) {
    const cands = candidates(db, r.id);
    const best = cands[0];
    const reasons: string[] = [];
    let projects = 0;
    let policy: ReviewItem['policy'] = null;
    if (!best) reasons.push(r.resolution ? 'no recorded proof (never advised)' : 'no fix');
    else {
      projects = countRepositories(
        projectConfirmations(db, best.id).map((p) => parseIdentity(p.repo, p.project_path)),
      );
      const v = storedVerdict(best);
      policy = { cls: v.cls, reason: v.reason };
      if (best.proof !== 'legacy' && v.cls === 'withheld')
        reasons.push(`withheld by the fix policy, never offered: ${v.reason}`);
      if (best.proof === 'legacy') reasons.push('recorded before fixes were proven (never advised)');
      else if (best.proof !== 'manual') {
        if (v.cls === 'project') reasons.push(`offered only in the project that confirmed it: ${v.reason}`);
        if (best.confirmations < 2) reasons.push('confirmed once');
        if (projects < 2)
          reasons.push('seen in one project only (not offered elsewhere until proven in two other projects)');
      }
    }
    if (!opts.all && reasons.length === 0) continue;
    const item: ReviewItem = {
      id: r.id,
      error: r.error_normalized,
      resolution: best?.resolution ?? r.resolution,
      reasons,
      policy,
      best: best
        ? { proof: best.proof, confirmations: best.confirmations, last_ts: best.last_ts, projects }
        : null,
      candidates: cands.length,
    };
    (policy?.cls === 'withheld' && best?.proof !== 'legacy' ? withheld : rest).push(item);
  }
  return [...withheld, ...rest].slice(0, opts.limit ?? 50);
}
