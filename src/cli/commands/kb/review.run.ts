// `self-gen kb review`: low-confidence KB entries, to keep (`kb edit`) or forget (`kb rm`), those the
// fix policy withholds first (the fixes it has not judged yet are judged first: fix-policy).
import { kbStats, reviewEntries, type ReviewItem, withheldLabel } from '../../../error-kb/index.js';
import { judgedDb, safe } from './common.js';

export interface KbReviewOptions {
  limit: number;
  all?: boolean;
  json?: boolean;
}

function printItem(it: ReviewItem): void {
  console.log(`#${it.id}  ${safe(it.error).slice(0, 200)}`);
  // a withheld fix's text is printed only after its label, on the same line
  const label = it.policy?.cls === 'withheld' ? ` [${safe(withheldLabel(it.policy.reason))}]` : '';
  console.log(`     fix${label}: ${it.resolution ? safe(it.resolution).slice(0, 300) : '(none)'}`);
  if (it.best)
    console.log(
      `     proof: ${it.best.proof}, confirmed ${it.best.confirmations}× in ${it.best.projects} project(s), last ${it.best.last_ts}${it.candidates > 1 ? `, ${it.candidates} candidate fixes` : ''}`,
    );
  if (it.policy?.cls === 'withheld')
    console.log(`     WITHHELD: ${safe(it.policy.reason)} (look: self-gen kb show ${it.id})`);
  if (it.reasons.length) console.log(`     why listed: ${it.reasons.join('; ')}`);
}

export async function runKbReview(_args: [], o: KbReviewOptions): Promise<void> {
  const db = await judgedDb();
  try {
    const items = reviewEntries(db, { limit: o.limit, all: o.all });
    for (const it of items) {
      if (o.json) console.log(JSON.stringify(it));
      else printItem(it);
    }
    if (o.json) return;
    if (items.length === 0)
      console.log(
        o.all
          ? 'no entries'
          : kbStats(db).entries === 0
            ? 'no entries yet'
            : 'nothing to review: every entry has a confirmed fix',
      );
    else console.log('forget: self-gen kb rm <id>    keep with your own fix: self-gen kb edit <id> -r "…"');
  } finally {
    db.close();
  }
}
