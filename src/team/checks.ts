// `self-gen doctor` checks of the team store: the connection (a short connect timeout, so doctor
// stays quick when PostgreSQL is down), the schema version, the last sync. `status` (not deep) makes
// no connection: it shows where the store is and the last sync (a failing sync is shown by the
// background-jobs check, cli/checks.ts).
import { loadConfig } from '../common/config.js';
import type { CheckContext, CheckResult } from '../hook/contract/part.js';
import { teamConfig } from './config.js';

const DOCTOR_CONNECT_MS = 1500;
const STALE_DAYS = 7;

export async function teamChecks(ctx: CheckContext): Promise<CheckResult[]> {
  const config = loadConfig(ctx.env);
  const t = teamConfig(config);
  if (!t.url)
    return [
      { name: 'team store', level: 'info', message: 'off (opt-in: `self-gen team connect <postgres-url>`)' },
    ];
  // the sync's module (with the fix policy) and the PostgreSQL client: only for a connected store
  const { lastSync } = await import('./sync.js');
  const out: CheckResult[] = ctx.deep
    ? await connectionChecks(ctx, config, t)
    : [{ name: 'team store', level: 'info', message: `${t.url} (\`self-gen doctor\` connects to it)` }];
  const last = ctx.db ? lastSync(ctx.db) : null;
  const ageDays = last ? (Date.now() - Date.parse(last.at)) / 86_400_000 : Infinity;
  out.push(
    !last
      ? { name: 'team sync', level: 'warn', message: 'never synced', fix: 'run `self-gen team sync`' }
      : {
          name: 'team sync',
          level: ageDays > STALE_DAYS ? 'warn' : 'ok',
          message: `last ${last.at}: pushed ${last.pushed.fixes}, pulled ${last.pulled.rows} rows`,
          ...(ageDays > STALE_DAYS ? { fix: 'run `self-gen team sync` (sessions ending sync it too)' } : {}),
        },
  );
  return out;
}

/** Connects to the store (a short timeout) and checks its schema version. */
async function connectionChecks(
  ctx: CheckContext,
  config: ReturnType<typeof loadConfig>,
  t: ReturnType<typeof teamConfig>,
): Promise<CheckResult[]> {
  const [{ PG_SCHEMA_VERSION, schemaVersion }, { describePgError, openStore, TeamError }] = await Promise.all(
    [import('./pg.js'), import('./service.js')],
  );
  const out: CheckResult[] = [];
  try {
    const client = await openStore(ctx.env, config, {
      connectTimeoutMs: Math.min(t.connectTimeoutMs, DOCTOR_CONNECT_MS),
    });
    try {
      out.push({ name: 'team store', level: 'ok', message: `connected to ${t.url}` });
      const v = await schemaVersion(client);
      out.push(
        v === PG_SCHEMA_VERSION
          ? { name: 'team schema', level: 'ok', message: `version ${v}` }
          : v < PG_SCHEMA_VERSION
            ? {
                name: 'team schema',
                level: 'error',
                message: `version ${v}, this self-gen needs ${PG_SCHEMA_VERSION}`,
                fix: 'run `self-gen team connect <url>` as the database owner (it migrates the schema)',
              }
            : {
                name: 'team schema',
                level: 'warn',
                message: `version ${v} is newer than this self-gen knows (${PG_SCHEMA_VERSION})`,
                fix: 'update self-generation on this machine',
              },
      );
    } finally {
      await client.end().catch(() => {});
    }
  } catch (e) {
    out.push({
      name: 'team store',
      level: 'error',
      message: e instanceof TeamError ? e.message : describePgError(e),
      fix: e instanceof TeamError ? e.fix : 'see `self-gen team status`',
    });
  }
  return out;
}
