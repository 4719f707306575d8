// `self-gen kb …`: the error knowledge base (docs/error-kb.md).
import type { CommandSpec } from '../../command-table.js';
import { kbAddCommand } from './add.js';
import { kbCalibrateCommand } from './calibrate.js';
import { kbEditCommand } from './edit.js';
import { kbFindCommand } from './find.js';
import { kbListCommand } from './list.js';
import { kbReviewCommand } from './review.js';
import { kbRmCommand } from './rm.js';
import { kbSearchCommand } from './search.js';
import { kbShowCommand } from './show.js';
import { kbStatsCommand } from './stats.js';

export const kbCommand: CommandSpec = {
  name: 'kb',
  description: 'the error knowledge base: past errors and how they were resolved',
  commands: [
    kbReviewCommand,
    kbShowCommand,
    kbSearchCommand,
    kbFindCommand,
    kbListCommand,
    kbAddCommand,
    kbEditCommand,
    kbRmCommand,
    kbStatsCommand,
    kbCalibrateCommand,
  ],
};
