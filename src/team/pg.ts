// The team store's PostgreSQL schema and every query on it: the one module with SQL on team_schema,
// team_members and team_fixes (schema `self_gen`, first on the connection's search path). Versioned
// migrations (team_schema), applied under an advisory lock by whoever connects first with the right
// to create. Row Level Security keyed on current_user: every member reads every row, and writes only
// its own (docs/team.md).
import pg from 'pg';
import { clientConfig, sslModeOf } from './url.js';

export const PG_SCHEMA = 'self_gen';

const MIGRATIONS: string[] = [
  // 1: members (a row per PostgreSQL role: the sequence of its pushes) and their fixes
  `
  CREATE TABLE IF NOT EXISTS team_members (
    member text PRIMARY KEY DEFAULT current_user,
    last_seq bigint NOT NULL DEFAULT 0,
    joined_at timestamptz NOT NULL DEFAULT now(),
    last_push timestamptz
  );
  CREATE TABLE IF NOT EXISTS team_fixes (
    member text NOT NULL DEFAULT current_user,
    machine text NOT NULL,
    project_id text NOT NULL,
    project_name text NOT NULL,
    error_key text NOT NULL,
    fix_key text NOT NULL,
    error_raw text,
    resolution text NOT NULL,
    resolved_by text,
    tool_sequence text,
    proof text NOT NULL,
    confirmations integer NOT NULL CHECK (confirmations >= 0),
    first_ts timestamptz NOT NULL,
    last_ts timestamptz NOT NULL,
    deleted boolean NOT NULL DEFAULT false,
    seq bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (member, machine, project_id, error_key, fix_key)
  );
  CREATE UNIQUE INDEX IF NOT EXISTS team_fixes_member_seq ON team_fixes (member, seq);
  ALTER TABLE team_members ENABLE ROW LEVEL SECURITY;
  ALTER TABLE team_members FORCE ROW LEVEL SECURITY;
  ALTER TABLE team_fixes ENABLE ROW LEVEL SECURITY;
  ALTER TABLE team_fixes FORCE ROW LEVEL SECURITY;
  CREATE POLICY team_members_read ON team_members FOR SELECT USING (true);
  CREATE POLICY team_members_insert ON team_members FOR INSERT WITH CHECK (member = current_user);
  CREATE POLICY team_members_update ON team_members FOR UPDATE
    USING (member = current_user) WITH CHECK (member = current_user);
  CREATE POLICY team_fixes_read ON team_fixes FOR SELECT USING (true);
  CREATE POLICY team_fixes_insert ON team_fixes FOR INSERT WITH CHECK (member = current_user);
  CREATE POLICY team_fixes_update ON team_fixes FOR UPDATE
    USING (member = current_user) WITH CHECK (member = current_user);
  CREATE POLICY team_fixes_delete ON team_fixes FOR DELETE USING (member = current_user);
  GRANT SELECT, INSERT, UPDATE ON team_members TO PUBLIC;
  GRANT SELECT, INSERT, UPDATE, DELETE ON team_fixes TO PUBLIC;
  GRANT SELECT ON team_schema TO PUBLIC;
  `,
];

export const PG_SCHEMA_VERSION = MIGRATIONS.length;

export type Client = pg.Client;

export interface ConnectOptions {
  url: string;
  password: string | null;
  connectTimeoutMs: number;
  queryTimeoutMs?: number;
}

/** A connected client (libpq's `prefer`: TLS first, plain when the server has none). */
export async function connect(o: ConnectOptions): Promise<Client> {
  const open = async (withoutSsl: boolean) => {
    const c = new pg.Client(clientConfig(o.url, o.password, { ...o, schema: PG_SCHEMA, withoutSsl }));
    c.on('error', () => {}); // a dropped connection fails the running query; never the process
    try {
      await c.connect();
      return c;
    } catch (e) {
      await c.end().catch(() => {});
      throw e;
    }
  };
  const mode = sslModeOf(o.url);
  try {
    return await open(false);
  } catch (e) {
    if (mode === 'prefer' && /does not support SSL/i.test(String((e as Error).message))) return open(true);
    throw e;
  }
}

/** The store's schema version (0: none yet). */
export async function schemaVersion(c: Client): Promise<number> {
  const r = await c.query<{ t: string | null }>(`SELECT to_regclass('${PG_SCHEMA}.team_schema')::text AS t`);
  if (!r.rows[0]?.t) return 0;
  const v = await c.query<{ v: number | null }>('SELECT max(version) AS v FROM team_schema');
  return Number(v.rows[0]?.v ?? 0);
}

/** Brings the schema to this version; needs the right to create in the database when behind. */
export async function migrate(c: Client): Promise<{ from: number; to: number }> {
  const from = await schemaVersion(c);
  if (from >= PG_SCHEMA_VERSION) return { from, to: from };
  await c.query('BEGIN');
  try {
    await c.query(`SELECT pg_advisory_xact_lock(hashtext('${PG_SCHEMA}.migrate'))`);
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${PG_SCHEMA}`);
    await c.query(`GRANT USAGE ON SCHEMA ${PG_SCHEMA} TO PUBLIC`);
    await c.query(
      'CREATE TABLE IF NOT EXISTS team_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const cur = Number(
      (await c.query<{ v: number | null }>('SELECT max(version) AS v FROM team_schema')).rows[0]?.v ?? 0,
    );
    for (let v = cur; v < PG_SCHEMA_VERSION; v++) {
      await c.query(MIGRATIONS[v]!);
      await c.query('INSERT INTO team_schema (version) VALUES ($1)', [v + 1]);
    }
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  }
  return { from, to: PG_SCHEMA_VERSION };
}

export async function currentMember(c: Client): Promise<string> {
  return (await c.query<{ u: string }>('SELECT current_user AS u')).rows[0]!.u;
}

/**
 * Why row-level security does not apply to the connected role, or null when it does: a superuser
 * and a role with BYPASSRLS skip every policy, even on tables that force it.
 */
export async function rlsBypass(c: Client): Promise<'superuser' | 'bypassrls' | null> {
  const r = (
    await c.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'SELECT rolsuper, rolbypassrls FROM pg_catalog.pg_roles WHERE rolname = current_user',
    )
  ).rows[0];
  return r?.rolsuper ? 'superuser' : r?.rolbypassrls ? 'bypassrls' : null;
}

/** One row of this machine for the store: a live fix, a tombstone (deleted), or a forget (fix_key '*'). */
export interface PushRow {
  projectId: string;
  projectName: string;
  errorKey: string;
  fixKey: string;
  errorRaw: string | null;
  resolution: string;
  resolvedBy: string | null;
  toolSequence: string | null;
  proof: string;
  confirmations: number;
  firstTs: string;
  lastTs: string;
  deleted: boolean;
}

const COLS = [
  'project_id',
  'project_name',
  'error_key',
  'fix_key',
  'error_raw',
  'resolution',
  'resolved_by',
  'tool_sequence',
  'proof',
] as const;

/**
 * Pushes rows in one transaction: the member's row is locked, so its pushes (from any machine) get
 * increasing sequence numbers in commit order and a puller's cursor never skips one. Rows are set,
 * never added to: pushing again changes nothing but their sequence. Returns the store's time.
 */
export async function pushRows(c: Client, machine: string, rows: readonly PushRow[]): Promise<string> {
  await c.query('BEGIN');
  try {
    await c.query('INSERT INTO team_members (member) VALUES (current_user) ON CONFLICT (member) DO NOTHING');
    const last = Number(
      (
        await c.query<{ s: string }>(
          'SELECT last_seq AS s FROM team_members WHERE member = current_user FOR UPDATE',
        )
      ).rows[0]!.s,
    );
    const now = (await c.query<{ t: Date }>('SELECT now() AS t')).rows[0]!.t.toISOString();
    for (let i = 0; i < rows.length; i += 1000) {
      const batch = rows.slice(i, i + 1000);
      const col = (f: (r: PushRow) => unknown) => batch.map(f);
      await c.query(
        `INSERT INTO team_fixes (member, machine, ${COLS.join(', ')}, confirmations, first_ts, last_ts, deleted, seq, updated_at)
         SELECT current_user, $1, u.*, now()
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                     $10::text[], $11::int[], $12::timestamptz[], $13::timestamptz[], $14::bool[], $15::bigint[]) AS u
         ON CONFLICT (member, machine, project_id, error_key, fix_key) DO UPDATE SET
           project_name = excluded.project_name, error_raw = excluded.error_raw,
           resolution = excluded.resolution, resolved_by = excluded.resolved_by,
           tool_sequence = excluded.tool_sequence, proof = excluded.proof,
           confirmations = excluded.confirmations, first_ts = excluded.first_ts, last_ts = excluded.last_ts,
           deleted = excluded.deleted, seq = excluded.seq, updated_at = excluded.updated_at`,
        [
          machine,
          col((r) => r.projectId),
          col((r) => r.projectName),
          col((r) => r.errorKey),
          col((r) => r.fixKey),
          col((r) => r.errorRaw),
          col((r) => r.resolution),
          col((r) => r.resolvedBy),
          col((r) => r.toolSequence),
          col((r) => r.proof),
          col((r) => r.confirmations),
          col((r) => r.firstTs),
          col((r) => r.lastTs),
          col((r) => r.deleted),
          batch.map((_, j) => last + i + j + 1),
        ],
      );
    }
    await c.query('UPDATE team_members SET last_seq = $1, last_push = now() WHERE member = current_user', [
      last + rows.length,
    ]);
    await c.query('COMMIT');
    return now;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  }
}

/** A row of the store, as pulled. */
export interface StoreRow {
  member: string;
  machine: string;
  project_id: string;
  project_name: string;
  error_key: string;
  fix_key: string;
  error_raw: string | null;
  resolution: string;
  resolved_by: string | null;
  tool_sequence: string | null;
  proof: string;
  confirmations: number;
  first_ts: string;
  last_ts: string;
  deleted: boolean;
  seq: number;
  updated_at: string;
}

/** Every member and the last sequence number it pushed. */
export async function memberSeqs(
  c: Client,
): Promise<{ member: string; lastSeq: number; lastPush: string | null }[]> {
  const r = await c.query<{ member: string; last_seq: string; last_push: Date | null }>(
    'SELECT member, last_seq, last_push FROM team_members ORDER BY member',
  );
  return r.rows.map((x) => ({
    member: x.member,
    lastSeq: Number(x.last_seq),
    lastPush: x.last_push ? x.last_push.toISOString() : null,
  }));
}

/** A member's rows after a sequence number, in order. */
export async function pullPage(
  c: Client,
  member: string,
  afterSeq: number,
  limit: number,
): Promise<StoreRow[]> {
  const r = await c.query<Record<string, unknown>>(
    `SELECT member, machine, ${COLS.join(', ')}, confirmations, first_ts, last_ts, deleted, seq, updated_at
     FROM team_fixes WHERE member = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [member, afterSeq, limit],
  );
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
  return r.rows.map((x) => ({
    ...(x as unknown as StoreRow),
    seq: Number(x.seq),
    first_ts: iso(x.first_ts),
    last_ts: iso(x.last_ts),
    updated_at: iso(x.updated_at),
  }));
}

/** Per member: live fixes and tombstones in the store (`team status`). */
export async function storeCounts(
  c: Client,
): Promise<{ member: string; fixes: number; tombstones: number; projects: number }[]> {
  const r = await c.query<{ member: string; fixes: string; tombstones: string; projects: string }>(
    `SELECT member, count(*) FILTER (WHERE NOT deleted) AS fixes, count(*) FILTER (WHERE deleted) AS tombstones,
            count(DISTINCT project_id) FILTER (WHERE NOT deleted) AS projects
     FROM team_fixes GROUP BY member ORDER BY member`,
  );
  return r.rows.map((x) => ({
    member: x.member,
    fixes: Number(x.fixes),
    tombstones: Number(x.tombstones),
    projects: Number(x.projects),
  }));
}
