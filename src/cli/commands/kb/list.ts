// `self-gen kb list`: KB entries, newest (or most used) first.
import { listEntries } from '../../../error-kb/manage.js';
import type { CommandSpec } from '../../command-table.js';
import { resolutionNeverAdvised } from '../../../error-kb/view.js';
import { count, entryJson, formatEntry, judgedDb } from './common.js';

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

export const kbListCommand: CommandSpec<[], KbListOptions> = {
  name: 'list',
  description: 'list KB entries, newest first',
  options: [
    { flags: '-n, --limit <n>', description: 'how many', parse: count, default: 20 },
    { flags: '--used', description: 'most used first' },
    {
      flags: '-q, --contains <text>',
      description: 'only entries whose error or resolution contains this text',
    },
    { flags: '--unresolved', description: 'only entries without a resolution' },
    { flags: '--json', description: 'print JSON lines' },
  ],
  help: '\nExamples:\n  self-gen kb list\n  self-gen kb list --used -n 5\n  self-gen kb list -q "module"',
  run: runKbList,
};
