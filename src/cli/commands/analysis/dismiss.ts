// `self-gen dismiss <id>`: a suggestion hidden for good (the next analyses leave it out).
import { recordFeedback } from '../../../analysis/suggestions.js';
import type { CommandSpec } from '../../command-table.js';
import { openForReading } from '../../read-db.js';
import { resolveSuggestion } from './common.js';

export type DismissOptions = Record<string, never>;

export function runDismiss([ref]: [string]): void {
  const db = openForReading();
  try {
    const s = resolveSuggestion(db, ref);
    const changed = recordFeedback(db, s, 'dismissed');
    console.log(changed ? `dismissed [${s.id}]: ${s.rule}` : `[${s.id}] was already dismissed`);
  } finally {
    db.close();
  }
}

export const dismissCommand: CommandSpec<[string], DismissOptions> = {
  name: 'dismiss <id>',
  description: 'hide a suggestion for good: the next analyses will not suggest it again',
  help: '\nExample:\n  self-gen dismiss m1a2b3c4',
  run: runDismiss,
};
