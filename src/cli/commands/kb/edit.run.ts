// `self-gen kb edit <id>`: an entry's resolution, tool or error text.
import { getProjectPath } from '../../../common/project.js';
import { editEntry, type KbEntry, resolutionNeverAdvised } from '../../../error-kb/index.js';
import { CliError } from '../../errors.js';
import { openForReading } from '../../read-db.js';
import { formatEntry } from './common.js';

export interface KbEditOptions {
  resolution?: string;
  tool?: string;
  error?: string;
  clearResolution?: boolean;
}

export async function runKbEdit([id]: [number], o: KbEditOptions): Promise<void> {
  if (o.resolution === undefined && o.tool === undefined && o.error === undefined && !o.clearResolution) {
    throw new CliError('nothing to change', 'pass -r, -t, -e or --clear-resolution');
  }
  const db = openForReading();
  try {
    let e: KbEntry | null;
    try {
      // the fix policy judges a new fix text at once (until then it is withheld)
      const { reviewFixPolicy } = await import('../../../fix-policy/index.js');
      e = await editEntry(
        db,
        id,
        {
          resolution: o.clearResolution ? null : o.resolution,
          resolvedBy: o.tool,
          error: o.error,
          projectPath: getProjectPath(process.cwd()),
        },
        reviewFixPolicy,
      );
    } catch (err) {
      const msg = (err as Error).message;
      if (/UNIQUE/i.test(msg))
        throw new CliError(
          `another entry already has that error text`,
          'edit or remove that entry instead (`self-gen kb list -q …`)',
        );
      throw new CliError(msg);
    }
    if (!e) throw new CliError(`no entry #${id}`, 'see `self-gen kb list`');
    console.log(formatEntry(e, resolutionNeverAdvised(db, e)));
  } finally {
    db.close();
  }
}
