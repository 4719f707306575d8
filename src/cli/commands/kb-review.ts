// `self-gen kb review`: low-confidence KB entries, to keep (`kb edit`) or forget (`kb rm`), those the
// fix policy withholds first; `self-gen kb show N`: one entry with every candidate fix and the policy's
// verdict on each. Both judge the fixes the policy has not judged yet first (error-kb/policy).
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { reviewEntries } from '../../error-kb/review.js';
import { kbStats } from '../../error-kb/manage.js';
import { openForReading } from '../read-db.js';
import { reviewFixPolicy } from '../../fix-policy/review.js';
import { kbEntryView } from '../../error-kb/view.js';
import { firstErrorLine } from '../../error-kb/messages.js';
import type { DB } from '../../db/db.js';
import { CliError } from '../errors.js';

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
      'list entries to look at: fixes the policy withholds first (with why), then low-confidence ones (unproven, confirmed once, one project)',
    )
    .option('-n, --limit <n>', 'how many', count, 50)
    .option('--all', 'every entry, with how its fix was proven')
    .option('--json', 'print JSON lines')
    .addHelpText(
      'after',
      '\nThen: `self-gen kb rm <id>` forgets an entry; `self-gen kb edit <id> -r "…"` keeps it with your own fix.\n\nExamples:\n  self-gen kb review\n  self-gen kb review --all -n 10',
    )
    .action(async (o: { limit: number; all?: boolean; json?: boolean }) => {
      const db = await judgedDb();
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
          if (it.policy?.cls === 'withheld')
            console.log(`     WITHHELD: ${safe(it.policy.reason)} (look: self-gen kb show ${it.id})`);
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

/** The database, after the fix policy judged every fix it has not judged yet. */
/** The KB's database with every fix judged by the policy (an empty one right after install). */
async function judgedDb(): Promise<DB> {
  const db = openForReading();
  try {
    await reviewFixPolicy(db);
  } catch {
    // a read-only database: the stored verdicts (unjudged fixes show as withheld)
  }
  return db;
}

const POLICY_LABEL = {
  safe: 'offered',
  project: 'offered only where confirmed',
  withheld: 'WITHHELD',
} as const;

export function registerKbShow(kb: Command): void {
  kb.command('show')
    .description(
      'one entry: its error, every candidate fix with how it was proven, and the fix policy’s verdict',
    )
    .argument('<id>', 'the entry id (from kb list, kb review, or a "needs a look" note)', count)
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExamples:\n  self-gen kb show 12\n  self-gen kb show 12 --json')
    .action(async (id: number, o: { json?: boolean }) => {
      const db = await judgedDb();
      try {
        const e = kbEntryView(db, id);
        if (!e)
          throw new CliError(
            `no knowledge-base entry #${id}`,
            'find the id with `self-gen kb list` or `self-gen kb review`',
          );
        if (o.json) {
          console.log(JSON.stringify(e));
          return;
        }
        console.log(`#${e.id}  ${safe(e.error_normalized).slice(0, 300)}`);
        const then = firstErrorLine(e.error_raw);
        if (then) console.log(`     error then: ${safe(then).slice(0, 200)}`);
        for (const c of e.candidates) {
          console.log(`  fix ${c.id}: ${safe(c.resolution).slice(0, 1000)}`);
          console.log(
            `     policy: ${POLICY_LABEL[c.policy.cls]}${c.policy.reason ? ` — ${safe(c.policy.reason)}` : ''}` +
              (c.neverAdvised?.kind === 'legacy' ? ' (legacy: never advised)' : ''),
          );
          console.log(
            `     proof: ${c.proof}, confirmed ${c.confirmations}×${c.projects.length ? ` in ${c.projects.map((p) => `${safe(p.path)} (${p.confirmations}×)`).join(', ')}` : ''}, last ${c.lastConfirmed}`,
          );
        }
        if (e.candidates.length === 0) console.log('  no candidate fix');
        console.log(
          'forget: self-gen kb rm ' +
            e.id +
            '    keep with your own fix: self-gen kb edit ' +
            e.id +
            ' -r "…"',
        );
      } finally {
        db.close();
      }
    });
}
