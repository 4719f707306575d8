// Why a test file skips its tests: a file that skips because something of the machine is missing
// (Chromium, PostgreSQL) notes the reason here; test/helpers/skip-reporter.ts prints one line per
// reason at the end of the run, with the number of tests skipped, e.g.
//   skipped 12 dashboard tests: /usr/bin/chromium not found (CI installs Debian's chromium: .ci/run)
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The variable naming the run's notes file (set by the reporter, inherited by the test workers). */
export const SKIP_NOTES_VAR = 'SG_TEST_SKIP_NOTES';

export interface SkipNote {
  file: string;
  what: string;
  reason: string;
}

/**
 * Notes that the test file `fileUrl` (its import.meta.url) skips its `what` tests because of
 * `reason`. Outside a run with the reporter (a single file run by hand) it prints the line instead.
 */
export function noteSkip(fileUrl: string, what: string, reason: string): void {
  const note: SkipNote = { file: fileURLToPath(fileUrl), what, reason };
  const at = process.env[SKIP_NOTES_VAR];
  if (at) appendFileSync(at, JSON.stringify(note) + '\n');
  else console.warn(`skipping ${what} tests: ${reason}`);
}
