// `self-gen repair`: run the integrity check now (what the background check does once a day), and
// `self-gen repair --ack`: acknowledge recovery notices so `doctor` stops reporting them.
import { paths } from '../../common/paths.js';
import { runIntegrityCheck } from '../../db/integrity.js';
import { acknowledgeNotices, pendingNotices } from '../../db/recovery-log.js';
import { CliError } from '../errors.js';

export interface RepairOptions {
  ack?: boolean;
}

function acknowledge(): void {
  const p = paths();
  for (const n of pendingNotices(p))
    console.log(
      `${n.ts}: ${n.kind === 'rebuilt' ? `rebuilt ${(n.rebuilt ?? []).join(', ')}` : `moved to ${n.movedTo}`} (${n.reason})`,
    );
  const n = acknowledgeNotices(p);
  console.log(n ? `acknowledged ${n} notice(s) in ${p.recoveryLog}` : 'no recovery notices to acknowledge');
}

export async function runRepair(_args: [], opts: RepairOptions): Promise<void> {
  if (opts.ack) return acknowledge();
  const p = paths();
  const r = await runIntegrityCheck({ force: true });
  if (r.status === 'busy') throw new CliError(r.message, 'run `self-gen repair` again in a moment', 1);
  if (r.status === 'read-only')
    throw new CliError(
      r.message,
      `make ${p.dataDir} writable (remount the disk read-write, or chmod u+w), or point SELF_GEN_HOME elsewhere; then run \`self-gen repair\` again`,
      1,
    );
  if (r.status === 'left-alone') throw new CliError(r.message, `move ${p.db} away yourself`, 1);
  console.log(`${r.status}: ${r.message}`);
  if (r.status === 'moved' || r.status === 'rebuilt')
    console.log(`noted in ${p.recoveryLog}; acknowledge with \`self-gen repair --ack\``);
}
