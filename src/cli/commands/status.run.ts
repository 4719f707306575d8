// `self-gen status`: what is installed, database size and health, model and daemon (checks.ts).
import { getProjectPath } from '../../common/project.js';
import { runChecks, type CheckResult } from '../checks.js';

export interface StatusOptions {
  json?: boolean;
}

const MARK: Record<CheckResult['level'], string> = { ok: '✓', warn: '!', error: '✗', info: '·' };

export function printChecks(
  results: CheckResult[],
  write: (s: string) => void = (s) => process.stdout.write(s),
): void {
  for (const r of results) {
    write(`${MARK[r.level]} ${r.name}: ${r.message}\n`);
    if (r.fix && r.level !== 'ok') write(`    fix: ${r.fix}\n`);
  }
}

/** The checks, printed; `deep` (doctor) adds the full integrity check and exit 1 on errors. */
export async function runStatus(opts: StatusOptions, deep = false): Promise<void> {
  const results = await runChecks({ projectDir: getProjectPath(process.cwd()), deep });
  if (opts.json) console.log(JSON.stringify(results, null, 2));
  else printChecks(results);
  if (deep && results.some((r) => r.level === 'error')) process.exitCode = 1;
}
