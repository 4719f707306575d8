// `self-gen kb find <words...>`: a keyword search of the KB (any word, in the error or the fix).
// `kb search` is the other door: it looks up one error text exactly as the hooks do.
import { findEntries, MAX_FIND_WORDS } from '../../../error-kb/manage.js';
import type { CommandSpec } from '../../command-table.js';
import { resolutionNeverAdvised } from '../../../error-kb/view.js';
import { count, entryJson, formatEntry, judgedDb } from './common.js';

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

export const kbFindCommand: CommandSpec<[string[]], KbFindOptions> = {
  name: 'find',
  description:
    'keyword search: entries whose error or fix holds any of the words (most words first); to look up an error as the hooks do, use `kb search`',
  arguments: [{ name: '<words...>', description: `the words (case-insensitive; at most ${MAX_FIND_WORDS})` }],
  options: [
    { flags: '-n, --limit <n>', description: 'how many', parse: count, default: 20 },
    { flags: '--json', description: 'print JSON lines' },
  ],
  help: '\nExits 1 when no entry holds any of the words.\n\nExamples:\n  self-gen kb find eaddrinuse port\n  self-gen kb find webpack resolve',
  run: runKbFind,
};
