// `self-gen kb add`: an entry by hand, keyed exactly as the hooks key a tool error.
import { loadConfig } from '../../../common/config.js';
import { getProjectPath } from '../../../common/project.js';
import { redact } from '../../../common/redact.js';
import { openDb } from '../../../db/db.js';
import { modelStatus, VECTOR_OFF } from '../../../embed/index.js';
import { errorKey, recordResolution } from '../../../error-kb/index.js';
import { CliError } from '../../errors.js';

export interface KbAddOptions {
  resolution: string;
  tool?: string;
  normalized?: boolean;
}

export async function runKbAdd([error]: [string], o: KbAddOptions): Promise<void> {
  // Redacted before normalisation (as hooks do) and before anything is echoed or stored.
  const key = errorKey(error);
  const text = key.raw || redact(error);
  const normalized = o.normalized ? text.trim() : key.normalized;
  if (!normalized) throw new CliError('the error text is empty', 'pass the error message in quotes');
  if (!o.resolution.trim()) throw new CliError('the resolution is empty', 'pass -r "how it was fixed"');
  const db = openDb({ busyTimeoutMs: 5000 });
  try {
    const id = recordResolution(db, normalized, {
      errorRaw: text,
      resolution: o.resolution,
      resolvedBy: o.tool,
      projectPath: getProjectPath(process.cwd()),
    });
    if (id === null) throw new CliError('the entry could not be written', 'run `self-gen doctor`');
    await (await import('../../../fix-policy/index.js')).reviewEntryFixes(db, id);
    console.log(`saved #${id}: ${normalized}`);
    console.log(
      modelStatus(loadConfig()).present
        ? 'its embedding is made by the next batch (after a session, or `self-gen embed`)'
        : `${VECTOR_OFF}: the exact and similar tiers find it; \`self-gen model pull\` adds search by meaning`,
    );
  } finally {
    db.close();
  }
}
