// `self-gen kb list`: KB entries, newest (or most used) first.
import { listEntries, resolutionNeverAdvised } from '../../../error-kb/index.js';
import { entryJson, formatEntry, judgedDb } from './common.js';

export interface KbListOptions {
  limit: number;
  used?: boolean;
  contains?: string;
  unresolved?: boolean;
  json?: boolean;
}

export async function runKbList(_args: [], o: KbListOptions): Promise<void> {
  const db = await judgedDb(); // so every withheld fix is labelled, not printed
  try {
    const rows = listEntries(db, {
      limit: o.limit,
      sort: o.used ? 'used' : 'recent',
      contains: o.contains,
      unresolved: o.unresolved,
    });
    for (const r of rows)
      console.log(o.json ? JSON.stringify(entryJson(db, r)) : formatEntry(r, resolutionNeverAdvised(db, r)));
    if (!o.json && rows.length === 0) console.log('no entries');
  } finally {
    db.close();
  }
}
