// What the kb commands share: argument parsers, how an entry is printed, the judged database.
import type { DB } from '../../../db/db.js';
import {
  unjudgedFixRows,
  POLICY_VERSION,
  describeResolution,
  type KbEntry,
  resolutionNeverAdvised,
  withheldLabel,
  type NeverAdvised,
} from '../../../error-kb/index.js';
import { openForReading } from '../../read-db.js';

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export { count, entryId } from './args.js';

/** Printable on a terminal: control characters (escape sequences) shown as `?`. */
// eslint-disable-next-line no-control-regex
export const safe = (s: string) => s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?');

/**
 * An entry as listings print it. A resolution the fix policy withholds is never printed there,
 * only labelled (`kb show N` prints it, labelled); a legacy one is labelled as never advised.
 */
export function formatEntry(e: KbEntry & { embedded?: boolean }, never: NeverAdvised | null = null): string {
  const lines = [`#${e.id}  ${e.error_normalized}`];
  const res = describeResolution(e);
  if (res && never?.kind === 'withheld')
    lines.push(`     resolution: [${withheldLabel(never.why)}] (see \`self-gen kb show ${e.id}\`)`);
  else if (res && never?.kind === 'legacy') lines.push(`     resolution [legacy: never advised]: ${res}`);
  else lines.push(`     resolution: ${res || '(none: never returned by search)'}`);
  const meta = [
    e.resolved_by ? `resolved by ${e.resolved_by}` : '',
    `used ${e.use_count ?? 0}×`,
    e.last_used ? `last used ${e.last_used}` : '',
    `recorded ${e.ts}`,
    e.embedded === undefined ? '' : e.embedded ? 'embedded' : 'no embedding yet',
  ].filter(Boolean);
  lines.push(`     ${meta.join(' · ')}`);
  return lines.join('\n');
}

/** An entry row as `--json` listings print it: a withheld resolution replaced by its label. */
export function entryJson<T extends KbEntry>(db: DB, e: T): T & { withheld?: string } {
  const never = resolutionNeverAdvised(db, e);
  return never?.kind === 'withheld' ? { ...e, resolution: null, withheld: withheldLabel(never.why) } : e;
}

/** The KB's database with every fix judged by the policy (an empty one right after install). */
export async function judgedDb(): Promise<DB> {
  const db = openForReading();
  try {
    // the policy (and its shell parser) is loaded only when a fix waits for its verdict
    if (unjudgedFixRows(db, POLICY_VERSION, 1).length > 0)
      await (await import('../../../fix-policy/index.js')).reviewFixPolicy(db);
  } catch {
    // a read-only database: the stored verdicts (unjudged fixes show as withheld)
  }
  return db;
}
