// `self-gen team connect` warns when the role it connected as skips row-level security (a superuser,
// or a role with BYPASSRLS): the store's guarantee that a member changes only their own rows does not
// hold for it. Against the real PostgreSQL (test/helpers/pg.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, pgAvailable, PG_ADMIN, type TestDatabase } from '../helpers/pg.js';
import { cli } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { migrate } from '../../src/team/pg.js';

const up = pgAvailable(import.meta.url);

describe.skipIf(!up)('team connect and row-level security (real PostgreSQL)', () => {
  let pg: TestDatabase;
  const homes: TempEnv[] = [];
  const home = () => {
    const t = tempEnv('sg-team-rls-');
    homes.push(t);
    return t;
  };

  beforeAll(async () => {
    pg = await createTestDatabase('sg_conn_rls');
    // the schema, as the owner creates it once (docs/team.md): members can connect in any order
    const owner = await pg.connectAs(PG_ADMIN);
    await owner.query('SET search_path = self_gen, public');
    await migrate(owner);
    await owner.end();
  });
  afterAll(async () => {
    await pg?.drop();
    for (const h of homes) h.cleanup();
  });

  it('a superuser: connected, with one warning line and its fix on stderr', () => {
    const r = cli(home(), ['team', 'connect', pg.url(PG_ADMIN)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`connected to ${pg.url(PG_ADMIN)} as ${PG_ADMIN}`);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^self-gen: warning: ${PG_ADMIN} is a superuser: row-level security does not apply to it`),
    );
    expect(lines[1]).toMatch(/^ {2}fix: .*member role .*no SUPERUSER, no BYPASSRLS/);
  });

  it('a role with BYPASSRLS: the same warning; a member role: none', async () => {
    const bypass = await pg.role('bypass');
    await pg.query(`ALTER ROLE ${bypass} BYPASSRLS`);
    let r = cli(home(), ['team', 'connect', pg.url(bypass)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^self-gen: warning: ${bypass} is a role with BYPASSRLS: `));
    expect(r.stderr).toMatch(/\n {2}fix: /);

    const member = await pg.role('member');
    r = cli(home(), ['team', 'connect', pg.url(member)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});
