// `self-gen kb find <words...>`: a keyword search of the KB (any word, in the error or the fix).
// `kb search` is the other door: it looks up one error text exactly as the hooks do.
import { findEntries, resolutionNeverAdvised } from '../../../error-kb/index.js';
import { entryJson, formatEntry, judgedDb } from './common.js';

export interface KbFindOptions {
  limit: number;
  json?: boolean;
}

export async function runKbFind([words]: [string[]], o: KbFindOptions): Promise<void> {
  const db = await judgedDb(); // so every withheld fix is labelled, not printed
  try {
    const rows = findEntries(
      db,
      words.flatMap((w) => w.split(/\s+/)),
      o.limit,
    );
    for (const r of rows)
      console.log(o.json ? JSON.stringify(entryJson(db, r)) : formatEntry(r, resolutionNeverAdvised(db, r)));
    if (rows.length === 0) {
      if (!o.json) console.log('no entries hold any of these words');
      process.exitCode = 1;
    }
  } finally {
    db.close();
  }
}
