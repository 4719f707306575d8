// The team store's operations: connect (test, migrate, remember the URL without its password),
// disconnect, sync (or preview it), status, mute. Used by `self-gen team …`, the session-end
// worker and doctor; never by a hook (a hook reads only the local SQLite database).
import type { LoadedConfig } from '../common/config.js';
import type { DB } from '../db/db.js';
import { kvGet, kvSet } from '../db/kv.js';
import { teamTotals, dropMemberFixes } from '../error-kb/index.js';
import { teamConfig, writeTeamConfig } from './config.js';
import { clearSyncState, cursors, dropCursor, pushedCounts } from './local.js';
import {
  connect,
  currentMember,
  rlsBypass,
  memberSeqs,
  migrate,
  PG_SCHEMA_VERSION,
  schemaVersion,
  storeCounts,
  type Client,
} from './pg.js';
import { loadPassword, PASSWORD_ENV, removePassword, savePassword } from './secret.js';
import { lastSync, machineId, planPush, projectIdentities, syncOnce, type SyncReport } from './sync.js';
import { loadTeamPolicy } from './safety.js';
import { displayUrl, splitPassword } from './url.js';

export class TeamError extends Error {
  constructor(
    message: string,
    public fix: string,
  ) {
    super(message);
  }
}

/** The store's connection error in one line (never the password: pg's messages do not carry it). */
export function describePgError(e: unknown): string {
  const err = e as { code?: string; message?: string };
  return `${err.code ? `${err.code}: ` : ''}${String(err.message ?? e).split('\n')[0]}`;
}

/** A connected client for the configured store; TeamError when off or unreachable. */
export async function openStore(
  env: NodeJS.ProcessEnv,
  config: LoadedConfig,
  o: { connectTimeoutMs?: number } = {},
): Promise<Client> {
  const t = teamConfig(config);
  if (!t.url) throw new TeamError('the team store is off', 'run `self-gen team connect <postgres-url>`');
  try {
    return await connect({
      url: t.url,
      password: loadPassword(env),
      connectTimeoutMs: o.connectTimeoutMs ?? t.connectTimeoutMs,
    });
  } catch (e) {
    throw new TeamError(
      `cannot reach the team store ${displayUrl(t.url)} (${describePgError(e)})`,
      'check that PostgreSQL runs and the URL, role and password are right (`self-gen team status`)',
    );
  }
}

export interface ConnectResult {
  url: string;
  member: string;
  schema: { from: number; to: number };
  passwordIn: 'environment' | 'file' | 'none';
  passwordFile?: string;
  /** The role skips row-level security (superuser or BYPASSRLS): it can change every member's rows. */
  bypassesRls?: 'superuser' | 'bypassrls';
}

export async function connectTeam(env: NodeJS.ProcessEnv, db: DB, rawUrl: string): Promise<ConnectResult> {
  let parts: ReturnType<typeof splitPassword>;
  try {
    parts = splitPassword(rawUrl);
  } catch (e) {
    throw new TeamError(
      `not a PostgreSQL URL: ${(e as Error).message}`,
      'give postgres://<role>@<host>:<port>/<database>?sslmode=require (the password in the URL or SELF_GEN_TEAM_PASSWORD)',
    );
  }
  const password = env[PASSWORD_ENV] || parts.password;
  let client: Client;
  try {
    client = await connect({ url: parts.url, password, connectTimeoutMs: 10_000 });
  } catch (e) {
    throw new TeamError(
      `cannot connect to ${parts.url} (${describePgError(e)})`,
      'check the host, port, database, role and password (and sslmode)',
    );
  }
  try {
    let schema: { from: number; to: number };
    try {
      schema = await migrate(client);
    } catch (e) {
      throw new TeamError(
        `cannot create the team schema in ${parts.url} (${describePgError(e)})`,
        'let the database owner run `self-gen team connect` once first (it creates the schema), see docs/team.md',
      );
    }
    const member = await currentMember(client);
    const bypassesRls = await rlsBypass(client).catch(() => null);
    let passwordIn: ConnectResult['passwordIn'] = 'none';
    let passwordFile: string | undefined;
    if (env[PASSWORD_ENV]) passwordIn = 'environment';
    else if (parts.password !== null) {
      passwordFile = savePassword(env, parts.password);
      passwordIn = 'file';
    } else removePassword(env);
    const before = kvGet(db, 'team.url');
    if (before !== parts.url) db.transaction(() => clearSyncState(db)).immediate();
    machineId(db);
    writeTeamConfig(env, (t) => {
      t.url = parts.url;
    });
    // remembered in the database too: a change of store resets the cursors
    kvSet(db, 'team.url', parts.url);
    kvSet(db, 'team.member', member);
    return {
      url: parts.url,
      member,
      schema,
      passwordIn,
      ...(passwordFile ? { passwordFile } : {}),
      ...(bypassesRls ? { bypassesRls } : {}),
    };
  } finally {
    await client.end().catch(() => {});
  }
}

export function disconnectTeam(env: NodeJS.ProcessEnv, db: DB | null): void {
  writeTeamConfig(env, (t) => {
    delete t.url;
  });
  removePassword(env);
  if (db) db.transaction(() => clearSyncState(db)).immediate();
}

/** Syncs once; `dryRun`: what a sync would push and how many rows wait to be pulled, nothing written. */
export async function runSync(
  env: NodeJS.ProcessEnv,
  config: LoadedConfig,
  db: DB,
  o: { dryRun?: boolean; projects?: readonly string[] } = {},
): Promise<SyncReport | DryRun> {
  if (o.dryRun) return dryRun(env, config, db);
  const client = await openStore(env, config);
  try {
    const pageSize = Number(env.SELF_GEN_TEAM_PAGE_ROWS) || undefined; // tests: smaller pages
    return await syncOnce({ db, client, muted: teamConfig(config).muted, projects: o.projects, pageSize });
  } finally {
    await client.end().catch(() => {});
  }
}

export interface DryRun {
  dryRun: true;
  push: { fixes: number; tombstones: number; forgets: number; unsafe: number };
  /** Example rows to push (error, fix, project, confirmations). */
  sample: { error: string; fix: string; project: string; confirmations: number; deleted: boolean }[];
  /** Rows waiting in the store per member (null: the store was not reachable). */
  pull: { member: string; rows: number; muted: boolean }[] | null;
  pullError?: string;
}

export async function dryRun(env: NodeJS.ProcessEnv, config: LoadedConfig, db: DB): Promise<DryRun> {
  await loadTeamPolicy();
  const plan = planPush(db, projectIdentities(db, machineId(db), false));
  const out: DryRun = {
    dryRun: true,
    push: {
      fixes: plan.fixes,
      tombstones: plan.tombstones,
      forgets: plan.forgets.length,
      unsafe: plan.unsafe,
    },
    sample: plan.rows.slice(0, 20).map((r) => ({
      error: r.errorKey,
      fix: r.resolution,
      project: r.projectName,
      confirmations: r.confirmations,
      deleted: r.deleted,
    })),
    pull: null,
  };
  try {
    const client = await openStore(env, config);
    try {
      const cur = cursors(db);
      const muted = new Set(teamConfig(config).muted);
      out.pull = (await memberSeqs(client)).map((m) => ({
        member: m.member,
        rows: Math.max(0, m.lastSeq - (cur.get(m.member) ?? 0)),
        muted: muted.has(m.member),
      }));
    } finally {
      await client.end().catch(() => {});
    }
  } catch (e) {
    out.pullError = e instanceof TeamError ? e.message : describePgError(e);
  }
  return out;
}

export interface TeamStatus {
  connected: boolean;
  url: string | null;
  member: string | null;
  machine: string | null;
  muted: string[];
  passwordIn: 'environment' | 'file' | 'none';
  lastSync: SyncReport | null;
  pushed: { live: number; tombstones: number };
  pulled: { fixes: number; members: number; confirmations: number };
  store: {
    reachable: boolean;
    error?: string;
    schemaVersion?: number;
    expectedSchemaVersion: number;
    members?: { member: string; fixes: number; tombstones: number; projects: number }[];
  } | null;
}

export async function teamStatus(
  env: NodeJS.ProcessEnv,
  config: LoadedConfig,
  db: DB | null,
): Promise<TeamStatus> {
  const t = teamConfig(config);
  const status: TeamStatus = {
    connected: !!t.url,
    url: t.url ?? null,
    member: db ? kvGet(db, 'team.member') : null,
    machine: db ? kvGet(db, 'team.machine') : null,
    muted: t.muted,
    passwordIn: env[PASSWORD_ENV] ? 'environment' : loadPassword(env) ? 'file' : 'none',
    lastSync: db ? lastSync(db) : null,
    pushed: db ? pushedCounts(db) : { live: 0, tombstones: 0 },
    pulled: db ? teamTotals(db) : { fixes: 0, members: 0, confirmations: 0 },
    store: null,
  };
  if (!t.url) return status;
  try {
    const client = await openStore(env, config);
    try {
      status.store = {
        reachable: true,
        schemaVersion: await schemaVersion(client),
        expectedSchemaVersion: PG_SCHEMA_VERSION,
        members: await storeCounts(client),
      };
    } finally {
      await client.end().catch(() => {});
    }
  } catch (e) {
    status.store = {
      reachable: false,
      error: e instanceof TeamError ? e.message : describePgError(e),
      expectedSchemaVersion: PG_SCHEMA_VERSION,
    };
  }
  return status;
}

/** Mutes a member here: their fixes go from the local KB and are never pulled until unmuted. */
export function muteMember(env: NodeJS.ProcessEnv, db: DB, member: string): void {
  writeTeamConfig(env, (t) => {
    const list = Array.isArray(t.muted) ? (t.muted as unknown[]).filter((x) => typeof x === 'string') : [];
    if (!list.includes(member)) list.push(member);
    t.muted = list;
  });
  dropMemberFixes(db, member);
  db.transaction(() => dropCursor(db, member)).immediate();
}

/** Unmutes a member: the next sync pulls their fixes again from the start. */
export function unmuteMember(env: NodeJS.ProcessEnv, db: DB, member: string): void {
  writeTeamConfig(env, (t) => {
    const list = Array.isArray(t.muted) ? (t.muted as unknown[]).filter((x) => x !== member) : [];
    if (list.length) t.muted = list;
    else delete t.muted;
  });
  db.transaction(() => dropCursor(db, member)).immediate();
}
