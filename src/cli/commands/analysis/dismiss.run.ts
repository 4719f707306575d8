// `self-gen dismiss <id>`: a suggestion hidden for good (the next analyses leave it out).
import { recordFeedback } from '../../../analysis/index.js';
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
