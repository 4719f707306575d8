// The real PostgreSQL of the test machine (127.0.0.1:5432, trust authentication; .ci/run starts or
// installs it). Each test file works in a database of its own, with member roles of its own, both
// dropped afterwards: files running side by side never meet.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { noteSkip } from './skip-notes.js';

export const PG_HOST = process.env.SELF_GEN_TEST_PG_HOST ?? '127.0.0.1';
export const PG_PORT = Number(process.env.SELF_GEN_TEST_PG_PORT ?? 5432);
export const PG_ADMIN = process.env.SELF_GEN_TEST_PG_USER ?? 'postgres';

const admin = (database = 'postgres') =>
  new pg.Client({ host: PG_HOST, port: PG_PORT, user: PG_ADMIN, database, connectionTimeoutMillis: 5000 });

/**
 * Is the server up? (checked once per file; on CI a missing server fails the file instead). When it
 * is not, the file `fileUrl` (its import.meta.url) is noted as skipping its team store tests.
 */
export function pgAvailable(fileUrl: string): boolean {
  try {
    execFileSync(
      process.execPath,
      [
        '-e',
        `const pg=require('pg');const c=new pg.Client({host:${JSON.stringify(PG_HOST)},port:${PG_PORT},user:${JSON.stringify(PG_ADMIN)},database:'postgres',connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`,
      ],
      { stdio: 'ignore', timeout: 10_000 },
    );
    return true;
  } catch {
    if (process.env.CI)
      throw new Error(`PostgreSQL is not reachable on ${PG_HOST}:${PG_PORT} (.ci/run starts it)`);
    noteSkip(
      fileUrl,
      'team store',
      `PostgreSQL not reachable on ${PG_HOST}:${PG_PORT} (CI installs and starts Debian's postgresql: .ci/run)`,
    );
    return false;
  }
}

export interface TestDatabase {
  name: string;
  /** A URL for `role` (no password: trust authentication), through `port` (default the server's). */
  url: (role: string, o?: { port?: number; password?: string }) => string;
  /** Creates a login role (not a superuser: Row Level Security applies to it). */
  role: (suffix: string) => Promise<string>;
  /** Runs SQL as the administrator in this database. */
  query: <T extends pg.QueryResultRow = Record<string, unknown>>(
    sql: string,
    args?: unknown[],
  ) => Promise<T[]>;
  /** A client connected as `role`. */
  connectAs: (role: string) => Promise<pg.Client>;
  drop: () => Promise<void>;
}

export async function createTestDatabase(prefix = 'sg_team'): Promise<TestDatabase> {
  const tag = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const roles: string[] = [];
  const a = admin();
  await a.connect();
  try {
    await a.query(`CREATE DATABASE ${tag}`);
  } finally {
    await a.end();
  }
  const inDb = admin(tag);
  await inDb.connect();
  return {
    name: tag,
    url: (role, o = {}) =>
      `postgres://${role}${o.password ? `:${encodeURIComponent(o.password)}` : ''}@${PG_HOST}:${o.port ?? PG_PORT}/${tag}`,
    role: async (suffix) => {
      const r = `${tag}_${suffix}`;
      await inDb.query(`CREATE ROLE ${r} LOGIN`);
      roles.push(r);
      return r;
    },
    query: async (sql, args) => (await inDb.query(sql, args)).rows,
    connectAs: async (role) => {
      const c = new pg.Client({ host: PG_HOST, port: PG_PORT, user: role, database: tag });
      await c.connect();
      return c;
    },
    drop: async () => {
      await inDb.end().catch(() => {});
      const c = admin();
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${tag} WITH (FORCE)`);
        for (const r of roles) await c.query(`DROP ROLE IF EXISTS ${r}`);
      } finally {
        await c.end();
      }
    },
  };
}
