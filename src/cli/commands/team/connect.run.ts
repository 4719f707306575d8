// `self-gen team connect <postgres-url>`: this data home joins a team store.
import { connectTeam } from '../../../team/index.js';
import { guard, openLocal } from './common.js';

export type TeamConnectOptions = Record<string, never>;

export async function runTeamConnect([url]: [string]): Promise<void> {
  const db = openLocal();
  try {
    const r = await guard(() => connectTeam(process.env, db, url));
    console.log(`connected to ${r.url} as ${r.member}`);
    console.log(
      r.schema.from === r.schema.to
        ? `schema version ${r.schema.to}`
        : `schema migrated ${r.schema.from} → ${r.schema.to}`,
    );
    if (r.passwordIn === 'file') console.log(`password kept in ${r.passwordFile} (0600), not in config.json`);
    if (r.bypassesRls)
      // On stderr, so that it is seen even when the rest is not.
      process.stderr.write(
        `self-gen: warning: ${r.member} is ${r.bypassesRls === 'superuser' ? 'a superuser' : 'a role with BYPASSRLS'}: row-level security does not apply to it, so this data home could change or delete every member's rows\n` +
          `  fix: use this role only to create the schema; connect with a member role of your own (no SUPERUSER, no BYPASSRLS): see docs/team.md\n`,
      );
    console.log('next: `self-gen team sync --dry-run` to preview, `self-gen team sync` to share');
  } finally {
    db.close();
  }
}
