// `self-gen team sync`: push this machine's proven fixes, pull the teammates'.
import { loadConfig } from '../../../common/config.js';
import { getProjectPath } from '../../../common/project.js';
import { runSync, teamConfig, type DryRun, type SyncReport } from '../../../team/index.js';
import { CliError } from '../../errors.js';
import { guard, openLocal } from './common.js';

export interface TeamSyncOptions {
  dryRun?: boolean;
  json?: boolean;
}

function printDryRun(r: DryRun): void {
  console.log(
    `would push: ${r.push.fixes} fixes, ${r.push.tombstones} tombstones, ${r.push.forgets} forgets${r.push.unsafe ? ` (${r.push.unsafe} held back by the safety check)` : ''}`,
  );
  for (const x of r.sample)
    console.log(
      x.deleted
        ? `  - ${x.error} (tombstone)`
        : `  + ${x.error}\n      fix: ${x.fix}  [${x.project}, ${x.confirmations}×]`,
    );
  if (r.pull)
    for (const m of r.pull)
      console.log(`would pull: ${m.rows} rows from ${m.member}${m.muted ? ' (muted: skipped)' : ''}`);
  else console.log(`would pull: unknown (${r.pullError})`);
  console.log('nothing was written (--dry-run)');
}

function printSync(r: SyncReport | DryRun): void {
  if ('dryRun' in r) return printDryRun(r);
  console.log(
    `pushed ${r.pushed.fixes} fixes, ${r.pushed.tombstones} tombstones, ${r.pushed.forgets} forgets as ${r.member}`,
  );
  console.log(
    `pulled ${r.pulled.rows} rows: ${r.pulled.applied} fixes applied, ${r.pulled.tombstones} tombstones, ${r.pulled.forgets} forgets, ${r.pulled.unsafe} refused by the safety check`,
  );
}

export async function runTeamSync(_args: [], o: TeamSyncOptions): Promise<void> {
  const config = loadConfig();
  if (!teamConfig(config).url)
    throw new CliError('the team store is off', 'run `self-gen team connect <postgres-url>` first');
  const db = openLocal();
  try {
    // the project of the working directory is recognised too (its teammates' fixes count as "this project")
    const projects = [getProjectPath(undefined, process.env)];
    const r = await guard(() => runSync(process.env, config, db, { dryRun: !!o.dryRun, projects }));
    if (o.json) console.log(JSON.stringify(r, null, 2));
    else printSync(r);
  } finally {
    db.close();
  }
}
