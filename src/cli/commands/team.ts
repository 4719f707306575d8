// `self-gen team connect|status|disconnect|sync|mute|unmute`: the opt-in team store (docs/team.md).
import type { Command } from 'commander';
import { loadConfig } from '../../common/config.js';
import { openDb, type DB } from '../../db/db.js';
import { getProjectPath } from '../../common/project.js';
import {
  connectTeam,
  disconnectTeam,
  muteMember,
  runSync,
  teamConfig,
  teamStatus,
  unmuteMember,
  TeamError,
  type DryRun,
  type SyncReport,
  type TeamStatus,
} from '../../team/index.js';
import { CliError } from '../errors.js';

const open = (): DB => openDb({ busyTimeoutMs: 5000 });

async function guard<T>(f: () => Promise<T> | T): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof TeamError) throw new CliError(e.message, e.fix);
    throw e;
  }
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

function printSync(r: SyncReport | DryRun): void {
  if ('dryRun' in r) {
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
    return;
  }
  console.log(
    `pushed ${r.pushed.fixes} fixes, ${r.pushed.tombstones} tombstones, ${r.pushed.forgets} forgets as ${r.member}`,
  );
  console.log(
    `pulled ${r.pulled.rows} rows: ${r.pulled.applied} fixes applied, ${r.pulled.tombstones} tombstones, ${r.pulled.forgets} forgets, ${r.pulled.unsafe} refused by the safety check`,
  );
}

export function registerTeam(program: Command): void {
  const team = program
    .command('team')
    .description('share proven fixes with your team through PostgreSQL (opt-in; hooks stay local)')
    .addHelpText(
      'after',
      '\nOnly the KB\'s proven, redacted fixes are shared (with their confirmations and projects, hashed);\nprompts, events and transcripts never leave this machine. See docs/team.md.\n\nExamples:\n  SELF_GEN_TEAM_PASSWORD=… self-gen team connect "postgres://alice@db.internal/team?sslmode=verify-full"\n  self-gen team sync --dry-run\n  self-gen team status',
    );

  team
    .command('connect')
    .description('connect this data home to a team store (creates or migrates its schema when allowed)')
    .argument('<postgres-url>', 'postgres://role[:password]@host[:port]/database[?sslmode=…]')
    .addHelpText(
      'after',
      '\nThe password is never written to config.json: it is read from SELF_GEN_TEAM_PASSWORD, or kept\nin the 0600 file team-password of the data home when given in the URL. sslmode works as in libpq\n(disable, allow, prefer, require, verify-ca, verify-full).',
    )
    .action(async (url: string) => {
      const db = open();
      try {
        const r = await guard(() => connectTeam(process.env, db, url));
        console.log(`connected to ${r.url} as ${r.member}`);
        console.log(
          r.schema.from === r.schema.to
            ? `schema version ${r.schema.to}`
            : `schema migrated ${r.schema.from} → ${r.schema.to}`,
        );
        if (r.passwordIn === 'file')
          console.log(`password kept in ${r.passwordFile} (0600), not in config.json`);
        console.log('next: `self-gen team sync --dry-run` to preview, `self-gen team sync` to share');
      } finally {
        db.close();
      }
    });

  team
    .command('status')
    .description('the store, its schema, what this machine pushed and pulled, the last sync')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      const db = open();
      try {
        const s = await teamStatus(process.env, loadConfig(), db);
        if (o.json) console.log(JSON.stringify(s, null, 2));
        else printStatus(s);
      } finally {
        db.close();
      }
    });

  team
    .command('disconnect')
    .description('stop syncing: forgets the URL, the password file and the sync cursors (pulled fixes stay)')
    .action(() => {
      const db = open();
      try {
        disconnectTeam(process.env, db);
        console.log('team store disconnected');
      } finally {
        db.close();
      }
    });

  team
    .command('sync')
    .description("push this machine's proven fixes and pull your teammates' (sessions ending do it too)")
    .option('--dry-run', 'show what would be pushed and how much waits to be pulled; write nothing')
    .option('--json', 'machine-readable output')
    .action(async (o: { dryRun?: boolean; json?: boolean }) => {
      const config = loadConfig();
      if (!teamConfig(config).url)
        throw new CliError('the team store is off', 'run `self-gen team connect <postgres-url>` first');
      const db = open();
      try {
        // the project of the working directory is recognised too (its teammates' fixes count as "this project")
        const projects = [getProjectPath(undefined, process.env)];
        const r = await guard(() => runSync(process.env, config, db, { dryRun: !!o.dryRun, projects }));
        if (o.json) console.log(JSON.stringify(r, null, 2));
        else printSync(r);
      } finally {
        db.close();
      }
    });

  team
    .command('mute')
    .description('never take fixes from this member here (removes what was pulled from them)')
    .argument('<member>', 'the member (their PostgreSQL role), as `team status` lists it')
    .action((member: string) => {
      const db = open();
      try {
        muteMember(process.env, db, member);
        console.log(`${member} muted here: their fixes were removed and are not pulled`);
      } finally {
        db.close();
      }
    });

  team
    .command('unmute')
    .description('take fixes from this member again (the next sync pulls them from the start)')
    .argument('<member>')
    .action((member: string) => {
      const db = open();
      try {
        unmuteMember(process.env, db, member);
        console.log(`${member} unmuted: \`self-gen team sync\` pulls their fixes`);
      } finally {
        db.close();
      }
    });
}
