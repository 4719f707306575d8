// Issue #25: the team store under stress, against the real PostgreSQL.
// - Four data homes sync at the same time, round after round: nothing is lost, nothing doubled.
// - The server goes away in the middle of a sync (a TCP proxy on 127.0.0.1 in front of it is
//   killed mid-push and mid-pull, the port then refused): hooks running meanwhile never open a
//   connection (the proxy counts them) and still answer from SQLite; nothing is lost (a push is
//   one transaction; a pulled page and its cursor are one commit); the next sync completes.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/db.js';
import { recordProvenFix } from '../../src/error-kb/candidates.js';
import { createTestDatabase, pgAvailable, PG_HOST, PG_PORT, type TestDatabase } from '../helpers/pg.js';
import { cli, cliAsync } from '../helpers/cli.js';
import { advise, teamHome, type TeamHome } from '../helpers/team-home.js';
import { startProxy, type Proxy } from '../helpers/tcp-proxy.js';
import { ensureBuilt } from '../helpers/pre-tool-guide.js';
import { judgeAll } from '../helpers/fix-policy.js';

const up = pgAvailable(import.meta.url);

/** Proves `n` distinct fixes (and, when `shared`, one fix every home knows) in a home's project. */
function seed(h: TeamHome, tag: string, from: number, n: number, shared = false): void {
  const db = openDb({ env: h.env });
  try {
    const at = new Date('2026-11-20T10:00:00Z');
    for (let k = from; k < from + n; k++)
      recordProvenFix(
        db,
        `Error: widget ${tag}-${k} is not configured`,
        {
          resolution: `ran \`widgets init ${tag}-${k}\``,
          fixKey: `cmd:widgets init ${tag}-${k}`,
          proof: 'same-command',
          projectPath: h.project,
        },
        at,
      );
    if (shared)
      recordProvenFix(
        db,
        'Error: lockfile is out of date',
        {
          resolution: 'ran `npm install`',
          fixKey: 'cmd:npm install',
          proof: 'same-command',
          projectPath: h.project,
        },
        at,
      );
  } finally {
    db.close();
  }
}

const local = (h: TeamHome) => new Database(join(h.home, 'data', 'self-gen.db'), { readonly: true });
const one = <T>(h: TeamHome, sql: string): T => {
  const db = local(h);
  try {
    return db.prepare(sql).get() as T;
  } finally {
    db.close();
  }
};

describe.skipIf(!up)('#25 team store: concurrency and interruptions (real PostgreSQL)', () => {
  let pg: TestDatabase;
  const homes: TeamHome[] = [];
  beforeAll(async () => {
    ensureBuilt();
    pg = await createTestDatabase('sg_stress');
    const owner = teamHome('owner');
    homes.push(owner);
    expect(cli(owner, ['team', 'connect', pg.url('postgres')]).code).toBe(0);
  });
  afterAll(async () => {
    await pg?.drop();
    for (const h of homes) h.cleanup();
  });

  it('four homes syncing at the same time, three rounds: nothing lost, nothing doubled', async () => {
    const four: TeamHome[] = [];
    for (let i = 0; i < 4; i++) {
      const h = teamHome(`m${i}`, {
        remote: `git@example.com:acme/${i < 2 ? 'payments-api' : 'billing-svc'}.git`,
      });
      homes.push(h);
      four.push(h);
      expect(cli(h, ['team', 'connect', pg.url(await pg.role(`m${i}`))]).code).toBe(0);
    }
    for (let round = 0; round < 3; round++) {
      four.forEach((h, i) => seed(h, `m${i}`, round * 40, 40, true));
      const runs = await Promise.all(four.map((h) => cliAsync(h, ['team', 'sync'])));
      for (const r of runs) expect(r.stderr).toBe('');
      for (const r of runs) expect(r.code).toBe(0);
    }
    // a last pass: each home pulls what the others pushed during the last round
    for (const h of four) expect(cli(h, ['team', 'sync']).code).toBe(0);

    // the store: per member 120 own fixes + the shared one, each once, confirmed 3× (3 rounds)
    const perMember = await pg.query<{ n: string; shared: number }>(
      `SELECT count(*) AS n, max(confirmations) FILTER (WHERE fix_key = 'cmd:npm install') AS shared
       FROM self_gen.team_fixes WHERE NOT deleted GROUP BY member ORDER BY member`,
    );
    expect(perMember).toEqual(Array(4).fill({ n: '121', shared: 3 }));
    for (const [i, h] of four.entries()) {
      // every other member's 121 rows, once each (a row is one confirmation here, whatever number it
      // carries: the shared fix's 3 too); every error once; the shared fix one candidate
      expect(one(h, 'SELECT count(*) AS n, sum(confirmations) AS c FROM error_kb_fix_team')).toEqual({
        n: 3 * 121,
        c: 3 * 121,
      });
      expect(one(h, 'SELECT count(*) AS n FROM error_kb')).toEqual({ n: 4 * 120 + 1 });
      expect(
        one(
          h,
          `SELECT count(*) AS n FROM error_kb_fixes f JOIN error_kb e ON e.id = f.kb_id WHERE e.error_normalized LIKE '%lockfile%'`,
        ),
      ).toEqual({ n: 1 });
      expect(
        one(h, `SELECT count(*) AS n FROM error_kb WHERE error_normalized LIKE '%widget m${i}-%'`),
      ).toEqual({
        n: 120,
      });
    }
  });

  describe('the server goes away in the middle of a sync', () => {
    let proxy: Proxy;
    let A: TeamHome;
    let B: TeamHome;
    const ERROR = "Exit code 1\nModuleNotFoundError: No module named 'requests'";
    beforeAll(async () => {
      proxy = await startProxy({ host: PG_HOST, port: PG_PORT });
      A = teamHome('alice-proxy', { remote: 'git@example.com:acme/payments-api.git' });
      B = teamHome('bob-proxy', { remote: 'git@example.com:acme/payments-api.git' });
      homes.push(A, B);
      const alice = await pg.role('alice');
      const bob = await pg.role('bob');
      // the proxy runs in this process: the CLI must run beside it (cliAsync), never block it
      expect((await cliAsync(A, ['team', 'connect', pg.url(alice, { port: proxy.port })])).code).toBe(0);
      expect((await cliAsync(B, ['team', 'connect', pg.url(bob, { port: proxy.port })])).code).toBe(0);
      seed(A, 'a', 0, 3000);
      const db = openDb({ env: B.env });
      recordProvenFix(db, 'ModuleNotFoundError: No module named <STR>', {
        errorRaw: ERROR,
        resolution: 'ran `pip install requests`',
        fixKey: 'bash:pip install requests',
        proof: 'same-command',
        projectPath: B.project,
      });
      judgeAll(db); // its policy verdict, as the worker's fix-policy job stores it: the hooks may offer it
      db.close();
    });
    afterAll(async () => {
      await proxy?.kill().catch(() => {});
    });

    /** Hooks of `h` while `during` runs: they answer, and the proxy sees no connection from them. */
    async function hooksDuring(h: TeamHome, during: Promise<unknown>, expectAdvice: boolean): Promise<void> {
      let done = false;
      void during.finally(() => (done = true));
      let n = 0;
      while (!done || n < 3) {
        const context = await advise(h, 'python app.py', ERROR, `live-${n}`);
        if (expectAdvice) expect(context).toContain('pip install requests');
        n++;
      }
    }

    it('killed mid-push: the hooks never connect, nothing half-pushed, the next sync completes', async () => {
      const before = proxy.connections;
      const killed = proxy.killAfter({ up: 60_000 });
      const sync = cliAsync(A, ['team', 'sync']);
      await hooksDuring(A, sync, false);
      await killed;
      const r = await sync;
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/^self-gen: .*\n\s+fix: /);
      expect(proxy.connections - before).toBe(1); // the sync's only
      // one transaction: nothing of it in the store, nothing recorded as pushed here
      expect(
        await pg.query("SELECT count(*)::int AS n FROM self_gen.team_fixes WHERE member LIKE '%alice'"),
      ).toEqual([{ n: 0 }]);
      expect(one(A, 'SELECT count(*) AS n FROM team_pushed')).toEqual({ n: 0 });
      // the port now refuses: a sync fails quickly and cleanly; hooks are untouched
      const refused = await cliAsync(A, ['team', 'sync']);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/cannot reach the team store/);
      // doctor says so (a short connect timeout: it does not hang on a dead server)
      const doctor = await cliAsync(A, ['doctor']);
      expect(doctor.stdout).toMatch(/✗ team store: cannot reach the team store .*ECONNREFUSED/);
      const c0 = proxy.connections;
      await hooksDuring(B, Promise.resolve(), true);
      expect(proxy.connections).toBe(c0);

      await proxy.restart();
      const again = await cliAsync(A, ['team', 'sync']);
      expect(again.stderr).toBe('');
      expect(again.stdout).toContain('pushed 3000 fixes');
      expect(
        await pg.query("SELECT count(*)::int AS n FROM self_gen.team_fixes WHERE member LIKE '%alice'"),
      ).toEqual([{ n: 3000 }]);
    });

    it('killed mid-pull: each page lands whole with its cursor; the next sync completes with nothing lost or doubled', async () => {
      const before = proxy.connections;
      // pages of 300 rows: the cut falls after some pages landed, in the middle of a later one
      const small = { ...B, env: { ...B.env, SELF_GEN_TEAM_PAGE_ROWS: '300' } };
      const killed = proxy.killAfter({ down: 400_000 });
      const sync = cliAsync(small, ['team', 'sync']);
      await hooksDuring(B, sync, true);
      await killed;
      const r = await sync;
      expect(r.code).not.toBe(0);
      expect(proxy.connections - before).toBe(1);
      // what landed is exactly what the cursor says
      const cursor = one<{ seq: number } | undefined>(
        B,
        "SELECT seq FROM team_cursors WHERE member LIKE '%alice'",
      );
      const landed = one<{ n: number }>(
        B,
        "SELECT count(*) AS n FROM error_kb_fix_team WHERE member LIKE '%alice'",
      ).n;
      expect(landed).toBe(cursor?.seq ?? 0);
      expect(landed).toBeGreaterThan(0);
      expect(landed).toBeLessThan(3000);

      await proxy.restart();
      const c0 = proxy.connections;
      expect((await cliAsync(B, ['team', 'sync'])).code).toBe(0);
      expect(proxy.connections - c0).toBe(1);
      expect(
        one(
          B,
          "SELECT count(*) AS n, sum(confirmations) AS c FROM error_kb_fix_team WHERE member LIKE '%alice'",
        ),
      ).toEqual({ n: 3000, c: 3000 });
      expect(one(B, "SELECT count(*) AS n FROM error_kb WHERE error_normalized LIKE '%widget a-%'")).toEqual({
        n: 3000,
      });
      // and alice, syncing again, receives bob's fix once
      expect((await cliAsync(A, ['team', 'sync'])).code).toBe(0);
      expect(one(A, "SELECT count(*) AS n FROM error_kb_fix_team WHERE member LIKE '%bob'")).toEqual({
        n: 1,
      });
    });
  });
});
