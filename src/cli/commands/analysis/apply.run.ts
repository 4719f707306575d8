// `self-gen apply <id>`: what a suggestion would change; with --yes, the change written.
import {
  type StoredSuggestion,
  ApplyError,
  planApply,
  projectDirFor,
  writePlan,
  recordFeedback,
} from '../../../analysis/index.js';
import type { DB } from '../../../db/db.js';
import { CliError } from '../../errors.js';
import { openForReading } from '../../read-db.js';
import { currentProject, formatSuggestion, resolveSuggestion } from './common.js';

export interface ApplyOptions {
  yes?: boolean;
  projectDir?: string;
}

type Plan = ReturnType<typeof planApply>;

function plan(db: DB, s: StoredSuggestion, o: ApplyOptions): Plan {
  const projectDir =
    o.projectDir ?? (s.project !== null ? projectDirFor(db, s.project, currentProject()) : null);
  try {
    return planApply(s, { projectDir });
  } catch (e) {
    if (e instanceof ApplyError) throw new CliError(e.message, e.fix);
    throw e;
  }
}

/** Writes the planned change (when --yes) and marks the suggestion accepted. */
function write(db: DB, s: StoredSuggestion, p: Plan, yes: boolean | undefined): void {
  console.log(`${yes ? 'writing' : 'would add to'} ${p.target}:\n${p.preview}`);
  if (!yes) {
    console.log('\nnothing written: run again with --yes to apply');
    return;
  }
  try {
    writePlan(p);
  } catch (e) {
    throw new CliError(
      `cannot write ${p.target}: ${(e as Error).message}`,
      'check the folder exists and is writable',
    );
  }
  recordFeedback(db, s, 'accepted');
  console.log(`\napplied [${s.id}] to ${p.target}`);
}

export function runApply([ref]: [string], o: ApplyOptions): void {
  const db = openForReading();
  try {
    const s = resolveSuggestion(db, ref);
    const p = plan(db, s, o);
    console.log(formatSuggestion(s));
    console.log('');
    if (p.alreadyApplied) {
      recordFeedback(db, s, 'accepted');
      console.log(`already applied: ${p.target} holds it (nothing changed)`);
      return;
    }
    if (p.kind !== 'manual') return write(db, s, p, o.yes);
    console.log(p.preview);
    if (o.yes) {
      recordFeedback(db, s, 'accepted');
      console.log(
        '\nself-gen never installs a suggested hook command itself: copy it as shown. Marked as applied.',
      );
    } else console.log('\nrun again with --yes to mark it as applied once you have added it');
  } finally {
    db.close();
  }
}
