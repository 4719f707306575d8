// The database of a read command. Right after install there is none yet (the first Claude Code
// session creates it): that is a normal state, so the command reads an empty one in memory, prints
// what it found (nothing) and a one-line hint on stderr, and exits 0. Nothing is created on disk.
import { paths } from '../common/paths.js';
import { inspectDbFile, openDb, openEmptyDb, type DB } from '../db/db.js';
import { CliError } from './errors.js';
import { printWarning } from './output.js';

export const NOTHING_YET =
  'nothing recorded yet: the first Claude Code session with the hooks on creates the database (`self-gen doctor` checks the hooks)';

export function openForReading(o: { busyTimeoutMs?: number; quiet?: boolean } = {}): DB {
  const p = paths();
  if (inspectDbFile(p.db) === 'absent') {
    if (!o.quiet) printWarning(NOTHING_YET);
    return openEmptyDb();
  }
  try {
    return openDb({ busyTimeoutMs: o.busyTimeoutMs ?? 5000, mustExist: true });
  } catch (e) {
    throw new CliError(`cannot open ${p.db}: ${(e as Error).message}`, 'run `self-gen doctor`');
  }
}
