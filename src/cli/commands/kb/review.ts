// `self-gen kb review`: low-confidence KB entries, to keep (`kb edit`) or forget (`kb rm`), those the
// fix policy withholds first (the fixes it has not judged yet are judged first: fix-policy).
import type { CommandSpec } from '../../command-table.js';
import { count } from './args.js';
import type { KbReviewOptions } from './review.run.js';

export const kbReviewCommand: CommandSpec<[], KbReviewOptions> = {
  name: 'review',
  description:
    'list entries to look at: fixes the policy withholds first (with why), then low-confidence ones (unproven, confirmed once, one project)',
  options: [
    { flags: '-n, --limit <n>', description: 'how many', parse: count, default: 50 },
    { flags: '--all', description: 'every entry, with how its fix was proven' },
    { flags: '--json', description: 'print JSON lines' },
  ],
  help: '\nThen: `self-gen kb rm <id>` forgets an entry; `self-gen kb edit <id> -r "…"` keeps it with your own fix.\n\nExamples:\n  self-gen kb review\n  self-gen kb review --all -n 10',
  run: async (args, o) => (await import('./review.run.js')).runKbReview(args, o),
};
