// Issue #25: the team store against the real PostgreSQL. Three data homes (three members; two of them
// in clones of payments-api, one in billing-svc) learn fixes through the built hook, sync with
// `self-gen team sync`, and then advise each other's fixes, labelled as the team's, through the
// hook again, once two members confirmed them (a lone member's rows, whatever they claim, make no
// fix offered to anyone else). Merging keeps every candidate, a stronger fix is never replaced, a forget propagates,
// a muted member's fixes go, a dry run writes nothing, the password never reaches config.json.
import Database from 'better-sqlite3';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, pgAvailable, type TestDatabase } from '../helpers/pg.js';
import { cli } from '../helpers/cli.js';
import { advise, learn, teamHome, type TeamHome } from '../helpers/team-home.js';
import { ensureBuilt, norm } from '../helpers/pre-tool-guide.js';
import { projectIdentity } from '../../src/team/identity.js';
import { pushRows, type PushRow } from '../../src/team/pg.js';
import { spawnServer, waitForServer } from '../helpers/warm.js';

const MOD = "Exit code 1\nModuleNotFoundError: No module named 'requests'";
const EXPRESS = "Exit code 1\nError: Cannot find module 'express'\nRequire stack:\n- /srv/app/index.js";
const MISSING = 'Exit code 1\ncat: notes.txt: No such file or directory';
const MAKE = 'Exit code 2\nmake: *** No rule to make target `bundle`.  Stop.';
const PROTO = 'Exit code 127\nsh: 1: protoc-gen-ts: not found';
const LOCK =
  'Exit code 1\nnpm ERR! `npm ci` can only install packages when your package.json and package-lock.json are in sync';

const up = pgAvailable(import.meta.url);

describe.skipIf(!up)('#25 team store: sync between data homes (real PostgreSQL)', () => {
  let pg: TestDatabase;
  let A: TeamHome; // alice, payments-api (en)
  let B: TeamHome; // bob, billing-svc (ko)
  let C: TeamHome; // carol, another clone of payments-api (en)
  const role: Record<string, string> = {};

  const local = (h: TeamHome) => new Database(join(h.home, 'data', 'self-gen.db'), { readonly: true });
  const sync = (h: TeamHome, ...args: string[]) => {
    const r = cli(h, ['team', 'sync', ...args]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r.stdout;
  };
  const storeRows = () => pg.query<{ n: string }>('SELECT count(*) AS n FROM self_gen.team_fixes');

  beforeAll(async () => {
    ensureBuilt();
    pg = await createTestDatabase();
    for (const m of ['alice', 'bob', 'carol']) role[m] = await pg.role(m);
    A = teamHome('alice', { remote: 'git@example.com:acme/payments-api.git' });
    B = teamHome('bob', { remote: 'https://example.com/acme/billing-svc.git', locale: 'ko' });
    C = teamHome('carol', { remote: 'ssh://git@example.com/Acme/payments-api' });
    // the database owner creates the schema once (docs/team.md); members then connect
    const admin = cli(A, ['team', 'connect', pg.url('postgres')]);
    expect(admin.stdout).toContain('schema migrated 0 → 1');
  });
  afterAll(async () => {
    await pg?.drop();
    for (const h of [A, B, C]) h?.cleanup();
  });

  it('connect keeps the password out of config.json (0600 file, or the environment)', () => {
    const r = cli(A, ['team', 'connect', pg.url(role.alice!, { password: 'hunter2-not-in-config' })]);
    expect(r.code).toBe(0);
    const config = readFileSync(join(A.home, 'config.json'), 'utf8');
    expect(config).not.toContain('hunter2');
    expect(JSON.parse(config).team.url).toBe(pg.url(role.alice!));
    expect(readFileSync(join(A.home, 'team-password'), 'utf8')).toBe('hunter2-not-in-config');
    expect(statSync(join(A.home, 'team-password')).mode & 0o777).toBe(0o600);
    expect(
      cli(B, ['team', 'connect', pg.url(role.bob!, { password: 'from-url' })], {
        env: { SELF_GEN_TEAM_PASSWORD: 'env-pw' },
      }).code,
    ).toBe(0);
    expect(() => statSync(join(B.home, 'team-password'))).toThrow(); // the environment holds it
    expect(readFileSync(join(B.home, 'config.json'), 'utf8')).not.toContain('from-url');
    // sslmode as libpq: this server has no TLS, so `prefer` falls back to plain and `require` refuses
    expect(cli(C, ['team', 'connect', `${pg.url(role.carol!)}?sslmode=prefer`]).code).toBe(0);
    const refused = cli(C, ['team', 'connect', `${pg.url(role.carol!)}?sslmode=require`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^self-gen: cannot connect to .*does not support SSL.*\n\s+fix: /);
    expect(cli(C, ['team', 'connect', pg.url(role.carol!)]).code).toBe(0);
  });

  it("two members, two projects: one teammate's fix is not offered; two teammates' in two projects are, with team provenance, through the hook", async () => {
    for (const s of ['a1', 'a2'])
      await learn(A, { session: s, command: 'python app.py', error: MOD, fix: 'pip install requests' });
    for (const s of ['b1', 'b2'])
      await learn(B, { session: s, command: 'npm test', error: EXPRESS, fix: 'npm install express' });
    // before any sync: nobody knows the other's fix
    expect(await advise(B, 'python app.py', MOD)).toBe('');
    expect(await advise(A, 'npm test', EXPRESS)).toBe('');

    // the preview writes nothing
    const preview = sync(A, '--dry-run');
    expect(preview).toContain('would push: 1 fixes');
    expect(preview).toContain('ran `pip install requests`');
    expect(await storeRows()).toEqual([{ n: '0' }]);

    sync(A);
    sync(B);
    sync(A);
    // pulled, but one teammate is one voice: not offered
    expect(await advise(B, 'python app.py', MOD)).toBe('');
    expect(await advise(A, 'npm test', EXPRESS)).toBe('');

    // carol (another clone of payments-api) proves both fixes once
    await learn(C, { session: 'c1', command: 'python app.py', error: MOD, fix: 'pip install requests' });
    await learn(C, { session: 'c2', command: 'npm test', error: EXPRESS, fix: 'npm install express' });
    sync(C);
    sync(B);
    sync(A);
    // alice and carol in one project are one project: not offered in billing-svc
    expect(await advise(B, 'python app.py', MOD)).toBe('');
    // bob in billing-svc and carol in payments-api: two teammates in two projects
    const onA = await advise(A, 'npm test', EXPRESS);
    expect(onA).toContain('ran `npm install express`');
    expect(onA).toMatch(
      /fixed 2× by 2 teammates in ` (billing-svc|payments-api) ` and 1 other project, last/,
    );
  });

  it('a second sync changes nothing (idempotent): no new rows, the same counts', () => {
    const before = local(B);
    const count = () =>
      before.prepare('SELECT count(*) AS n, sum(confirmations) AS c FROM error_kb_fix_team').get();
    const was = count();
    before.close();
    expect(sync(B)).toContain('pushed 0 fixes');
    const after = local(B);
    expect(
      after.prepare('SELECT count(*) AS n, sum(confirmations) AS c FROM error_kb_fix_team').get(),
    ).toEqual(was);
    after.close();
  });

  it("two teammates' different fixes for one error keep both candidates; a stronger fix is never replaced", async () => {
    await learn(A, { session: 'a3', command: 'cat notes.txt', error: MISSING, fix: 'touch notes.txt' });
    await learn(B, {
      session: 'b3',
      command: 'cat notes.txt',
      error: MISSING,
      fix: 'cp notes.txt.bak notes.txt',
    });
    // alice typed her own fix for the make error; bob learned another one twice
    expect(
      cli(A, ['kb', 'add', MAKE, '-r', 'run `make build` (the target is called build)'], { cwd: A.project })
        .code,
    ).toBe(0); // typed in A's project: prose is offered there
    for (const s of ['b4', 'b5'])
      await learn(B, { session: s, command: 'make bundle', error: MAKE, fix: 'make clean' });
    sync(A);
    sync(B);
    sync(A);
    const db = local(A);
    const fixes = db
      .prepare(
        `SELECT f.resolution, f.proof, f.confirmations FROM error_kb_fixes f JOIN error_kb e ON e.id = f.kb_id
         WHERE e.error_raw LIKE '%notes.txt%' ORDER BY f.resolution`,
      )
      .all();
    expect(fixes).toEqual([
      { resolution: 'ran `cp notes.txt.bak notes.txt`', proof: 'same-command', confirmations: 0 },
      { resolution: 'ran `touch notes.txt`', proof: 'same-command', confirmations: 1 },
    ]);
    const make = db
      .prepare(
        `SELECT resolution FROM error_kb WHERE error_raw LIKE '%bundle%' OR resolution LIKE '%make build%'`,
      )
      .all() as { resolution: string }[];
    expect(make.map((r) => r.resolution)).toEqual(['run `make build` (the target is called build)']);
    db.close();
    expect(await advise(A, 'make bundle', MAKE)).toContain('make build');
    expect(await advise(A, 'make bundle', MAKE)).not.toContain('make clean');
    // bob has both fixes for the missing file too: his own shown first, alice's kept
    const dbB = local(B);
    expect(
      (
        dbB
          .prepare(
            `SELECT count(*) AS n FROM error_kb_fixes f JOIN error_kb e ON e.id = f.kb_id WHERE e.error_raw LIKE '%notes.txt%'`,
          )
          .get() as { n: number }
      ).n,
    ).toBe(2);
    dbB.close();
  });

  it('team status shows what was pushed and pulled', () => {
    const s = JSON.parse(cli(A, ['team', 'status', '--json']).stdout) as {
      pushed: { live: number };
      pulled: { fixes: number; members: number };
      store: { reachable: boolean; schemaVersion: number; members: { member: string; fixes: number }[] };
    };
    expect(s.pushed.live).toBe(2); // pip install requests, touch notes.txt (the typed fix stays here)
    expect(s.store.reachable).toBe(true);
    expect(s.store.schemaVersion).toBe(1);
    expect(s.store.members.find((m) => m.member === role.alice)?.fixes).toBe(2);
    expect(s.pulled.members).toBe(2); // bob and carol
    expect(cli(A, ['team', 'status']).stdout).toMatch(/pushed from here: 2 fixes/);
  });

  it('doctor checks the connection, the schema version and the last sync', () => {
    const r = cli(A, ['doctor']);
    const out = r.stdout;
    expect(out, `exit ${r.code}: ${r.stderr}`).toMatch(/✓ team store: connected to postgres:\/\//);
    expect(out).toContain('✓ team schema: version 1');
    expect(out).toMatch(/✓ team sync: last \d{4}-/);
  });

  it("a forget is a tombstone that syncs: bob stops advising alice's fix", async () => {
    expect(await advise(B, 'cat notes.txt', MISSING)).toContain('cp notes.txt.bak');
    const dbA = local(A);
    const id = (
      dbA.prepare(`SELECT id FROM error_kb WHERE error_raw LIKE '%ModuleNotFoundError%'`).get() as {
        id: number;
      }
    ).id;
    dbA.close();
    expect(cli(A, ['kb', 'rm', String(id)]).code).toBe(0);
    expect(sync(A, '--dry-run')).toMatch(/1 tombstones, 1 forgets/);
    expect(sync(A)).toMatch(/pushed 0 fixes, 1 tombstones, 1 forgets/);
    sync(B);
    sync(C);
    // carol's own proof stays hers; bob had the fix only from teammates: it is gone there
    expect(await advise(B, 'python app.py', MOD)).toBe('');
    expect(await advise(C, 'python app.py', MOD)).toContain('pip install requests');
    // and a later sync does not bring it back to alice
    sync(A);
    expect(await advise(A, 'python app.py', MOD)).toBe('');
  });

  it("a muted member's fixes go from the local KB and are not pulled again until unmuted", async () => {
    expect(await advise(A, 'npm test', EXPRESS)).toContain('npm install express');
    expect(cli(A, ['team', 'mute', role.bob!]).code).toBe(0);
    expect(await advise(A, 'npm test', EXPRESS)).toBe('');
    sync(A);
    expect(await advise(A, 'npm test', EXPRESS)).toBe('');
    expect(cli(A, ['team', 'status']).stdout).toContain('(muted here)');
    expect(cli(A, ['team', 'unmute', role.bob!]).code).toBe(0);
    sync(A);
    expect(await advise(A, 'npm test', EXPRESS)).toContain('npm install express');
  });

  it('the warm hook server starts the team sync in the background (the worker), now and then', async () => {
    const D = teamHome('dave', { remote: 'git@example.com:acme/payments-api.git' });
    try {
      expect(cli(D, ['team', 'connect', pg.url(await pg.role('dave'))]).code).toBe(0);
      const env = { ...D.env, SELF_GEN_TEAM_SYNC_INTERVAL_MS: '300' };
      const server = spawnServer(env);
      try {
        expect(await waitForServer(env)).not.toBeNull();
        let synced: unknown = null;
        for (let i = 0; i < 600 && !synced; i++) {
          await new Promise((r) => setTimeout(r, 100));
          const db = local(D);
          synced = db.prepare("SELECT value FROM kv WHERE key = 'team.lastSync'").get() ?? null;
          db.close();
        }
        expect(synced).not.toBeNull();
        // it pulled the team's fixes: the hook advises one of them here (bob's and carol's)
        expect(await advise(D, 'npm test', EXPRESS)).toContain('npm install express');
      } finally {
        server.kill('SIGTERM');
      }
    } finally {
      D.cleanup();
    }
  });

  it("a member's own rows claim nothing: 50 confirmations from two machines under this project's id offer no fix here", async () => {
    const mallory = await pg.role('mallory');
    const c = await pg.connectAs(mallory);
    const payments = projectIdentity(A.project, 'any machine').id; // a hashed URL anyone can compute
    const claim = (error: string, fix: string): PushRow => ({
      projectId: payments,
      projectName: 'payments-api',
      errorKey: norm(error),
      fixKey: `cmd:${fix}`,
      errorRaw: error,
      resolution: `ran \`${fix}\``,
      resolvedBy: 'Bash',
      toolSequence: null,
      proof: 'same-command',
      confirmations: 50,
      firstTs: '2026-11-20T10:00:00.000Z',
      lastTs: '2026-11-21T10:00:00.000Z',
      deleted: false,
    });
    const rows = [claim(PROTO, 'protoc-setup --fetch-plugins'), claim(LOCK, 'npm install')];
    try {
      await c.query('SET search_path = self_gen');
      await pushRows(c, 'laptop', rows);
      await pushRows(c, 'desktop', rows);
    } finally {
      await c.end();
    }
    sync(A);
    expect(await advise(A, 'make proto', PROTO)).toBe('');
    expect(await advise(A, 'npm ci', LOCK)).toBe('');
    // not for want of pulling them: they are here, each row one confirmation
    const db = local(A);
    expect(
      db
        .prepare('SELECT count(*) AS n, sum(confirmations) AS c FROM error_kb_fix_team WHERE member = ?')
        .get(mallory),
    ).toEqual({ n: 4, c: 4 });
    db.close();
  });
});
