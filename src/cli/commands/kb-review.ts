// `self-gen kb review`: low-confidence KB entries, to keep (`kb edit`) or forget (`kb rm`).
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { reviewEntries } from '../../error-kb/review.js';
import { kbStats } from '../../error-kb/manage.js';
import { openForReading } from '../read-db.js';

const count = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a positive whole number');
  return n;
};

/** Printable on a terminal: control characters (escape sequences) shown as `?`. */
// eslint-disable-next-line no-control-regex
const safe = (s: string) => s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?');

export function registerKbReview(kb: Command): void {
  kb.command('review')
    .description(
      'list low-confidence entries (unproven, confirmed once, one project, unsafe) to keep or forget',
    )
    .option('-n, --limit <n>', 'how many', count, 50)
    .option('--all', 'every entry, with how its fix was proven')
    .option('--json', 'print JSON lines')
    .addHelpText(
      'after',
      '\nThen: `self-gen kb rm <id>` forgets an entry; `self-gen kb edit <id> -r "…"` keeps it with your own fix.\n\nExamples:\n  self-gen kb review\n  self-gen kb review --all -n 10',
    )
    .action((o: { limit: number; all?: boolean; json?: boolean }) => {
      const db = openForReading();
      try {
        const items = reviewEntries(db, { limit: o.limit, all: o.all });
        for (const it of items) {
          if (o.json) {
            console.log(JSON.stringify(it));
            continue;
          }
          console.log(`#${it.id}  ${safe(it.error).slice(0, 200)}`);
          console.log(`     fix: ${it.resolution ? safe(it.resolution).slice(0, 300) : '(none)'}`);
          if (it.best)
            console.log(
              `     proof: ${it.best.proof}, confirmed ${it.best.confirmations}× in ${it.best.projects} project(s), last ${it.best.last_ts}${it.candidates > 1 ? `, ${it.candidates} candidate fixes` : ''}`,
            );
          if (it.reasons.length) console.log(`     why listed: ${it.reasons.join('; ')}`);
        }
        if (!o.json) {
          if (items.length === 0)
            console.log(
              o.all
                ? 'no entries'
                : kbStats(db).entries === 0
                  ? 'no entries yet'
                  : 'nothing to review: every entry has a confirmed fix',
            );
          else
            console.log(
              'forget: self-gen kb rm <id>    keep with your own fix: self-gen kb edit <id> -r "…"',
            );
        }
      } finally {
        db.close();
      }
    });
}
