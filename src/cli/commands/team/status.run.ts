// `self-gen team status`: the store, its schema, what this machine pushed and pulled, the last sync.
import { loadConfig } from '../../../common/config.js';
import { teamStatus, type TeamStatus } from '../../../team/index.js';
import { openLocal } from './common.js';

export interface TeamStatusOptions {
  json?: boolean;
}

function printStatus(s: TeamStatus): void {
  if (!s.connected) {
    console.log('team store: off (opt-in: `self-gen team connect <postgres-url>`, see docs/team.md)');
    return;
  }
  console.log(`team store: ${s.url}`);
  console.log(`  member: ${s.member ?? '(not synced yet)'}   machine: ${s.machine ?? '-'}`);
  console.log(
    `  password: ${s.passwordIn === 'environment' ? 'from SELF_GEN_TEAM_PASSWORD' : s.passwordIn === 'file' ? 'in the 0600 file team-password of the data home' : 'none (or PGPASSWORD / ~/.pgpass)'}`,
  );
  if (s.store?.reachable)
    console.log(
      `  store: reachable, schema version ${s.store.schemaVersion} (this self-gen: ${s.store.expectedSchemaVersion})`,
    );
  else if (s.store) console.log(`  store: unreachable (${s.store.error})`);
  console.log(
    `  pushed from here: ${s.pushed.live} fixes, ${s.pushed.tombstones} tombstones (only proven, redacted fixes that pass the safety check; nothing else leaves this machine)`,
  );
  console.log(
    `  pulled here: ${s.pulled.fixes} fixes confirmed ${s.pulled.confirmations}× by ${s.pulled.members} member(s)`,
  );
  for (const m of s.store?.members ?? [])
    console.log(
      `    ${m.member}${s.muted.includes(m.member) ? ' (muted here)' : ''}: ${m.fixes} fixes in ${m.projects} project(s), ${m.tombstones} tombstones`,
    );
  if (s.muted.length) console.log(`  muted here: ${s.muted.join(', ')}`);
  console.log(
    s.lastSync
      ? `  last sync: ${s.lastSync.at} (pushed ${s.lastSync.pushed.fixes}, pulled ${s.lastSync.pulled.rows} rows)`
      : '  last sync: never (`self-gen team sync`)',
  );
}

export async function runTeamStatus(_args: [], o: TeamStatusOptions): Promise<void> {
  const db = openLocal();
  try {
    const s = await teamStatus(process.env, loadConfig(), db);
    if (o.json) console.log(JSON.stringify(s, null, 2));
    else printStatus(s);
  } finally {
    db.close();
  }
}
