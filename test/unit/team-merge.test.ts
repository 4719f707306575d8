// Issue #25, the local half of the team store (no PostgreSQL): the insert path of pulled fixes and
// the advice it gives. Pulled confirmations are set, never added (a page applied twice changes
// nothing); a stronger candidate is never replaced by a weaker one; a secret or a non-learned proof
// is refused; a forget removes teammates' confirmations up to its time and blocks older ones; a
// muted member's fixes go; team advice counts members, one each whatever their rows say: two in this
// project (same hashed remote), or, for a fix the policy judges safe, two in two projects elsewhere;
// no lone member makes a fix "confirmed in this project"; it says who and where. The URL's password
// and libpq's sslmode.
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, getDb, type DB } from '../../src/db/db.js';
import { adviceFor, provenanceText } from '../../src/error-kb/advice.js';
import {
  dropMemberFixes,
  forgetFromTeam,
  recordManualFix,
  recordTeamFix,
  removeTeamFix,
  type PulledFix,
} from '../../src/error-kb/candidates.js';
import { entryIdOf, setTeamProjects, upsertEntry } from '../../src/error-kb/db.js';
import { normaliseRemote } from '../../src/team/identity.js';
import { clientConfig, splitPassword } from '../../src/team/url.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { judgeAll } from '../helpers/fix-policy.js';
import { loadAssets } from '../../src/ui/assets.js';
import { UiAuth } from '../../src/ui/guard.js';
import { createApp } from '../../src/ui/server.js';

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv('sg-team-merge-');
  db = getDb({ env: t.env });
  setTeamProjects(db, [{ projectPath: '/work/payments', projectId: 'P', name: 'payments-api' }]);
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

const KEY = 'ModuleNotFoundError: No module named <STR>';
const pulled = (over: Partial<PulledFix> = {}): PulledFix => ({
  errorKey: KEY,
  errorRaw: "ModuleNotFoundError: No module named 'requests'",
  fixKey: 'cmd:pip install requests',
  resolution: 'ran `pip install requests`',
  resolvedBy: 'Bash',
  toolSequence: null,
  proof: 'same-command',
  firstTs: '2026-11-20T10:00:00.000Z',
  member: 'alice',
  machine: 'm1',
  projectId: 'P',
  projectName: 'payments-api',
  confirmations: 1,
  lastTs: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...over,
});
const apply = (f: PulledFix) => db.transaction(() => recordTeamFix(db, f)).immediate();
const id = () => entryIdOf(db, KEY)!;
const teamRows = () =>
  db.prepare('SELECT member, project_id, confirmations FROM error_kb_fix_team ORDER BY member').all();
// the fix policy judges what was pulled (the sync does it after a pull), then the hooks may advise it
const advice = (projectPath: string) => (judgeAll(db), adviceFor(db, id(), { projectPath, count: false }));

describe('#25 pulled fixes in the local KB', () => {
  it('confirmations are set per member and project, never added: applying a page twice changes nothing', () => {
    expect(apply(pulled({ confirmations: 2 }))).toBe(true);
    expect(apply(pulled({ confirmations: 2 }))).toBe(true);
    apply(pulled({ member: 'bob', projectId: 'Q', projectName: 'billing-svc', confirmations: 1 }));
    expect(teamRows()).toEqual([
      { member: 'alice', project_id: 'P', confirmations: 1 }, // a row is one confirmation, whatever it says
      { member: 'bob', project_id: 'Q', confirmations: 1 },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM error_kb_fixes').get()).toEqual({ n: 1 });
  });

  it('team advice: two members in this project, or two members in two projects elsewhere; it says who and where', () => {
    apply(pulled());
    expect(advice('/work/payments')).toBeNull(); // one member: not even in its own project
    apply(pulled({ member: 'bob', machine: 'm2', confirmations: 2 }));
    const here = advice('/work/payments')!;
    expect(here.provenance).toMatchObject({
      source: 'team',
      confirmations: 2,
      members: 2,
      projects: 1,
      projectName: 'payments-api',
    });
    expect(advice('/work/other')).toBeNull(); // elsewhere: two members in one project are one project
    apply(pulled({ member: 'carol', machine: 'm3', projectId: 'Q', projectName: 'billing-svc' }));
    const elsewhere = advice('/work/other')!;
    expect(elsewhere.provenance).toMatchObject({ source: 'team', confirmations: 3, members: 3, projects: 2 });
    const now = new Date('2026-11-22T10:00:00Z');
    expect(provenanceText(elsewhere.provenance, now, 'en')).toBe(
      'fixed 3× by 3 teammates in ` payments-api ` and 1 other project, last 2 days ago', // a teammate's name: quoted
    );
    expect(provenanceText(elsewhere.provenance, now, 'ko')).toBe(
      '팀원 3명이 ` payments-api ` 외 1개 프로젝트에서 3회 해결, 마지막 2일 전',
    );
  });

  it("a member's row claiming 50 confirmations, from several machines, counts as one member", () => {
    apply(pulled({ member: 'mallory', confirmations: 50 }));
    apply(pulled({ member: 'mallory', machine: 'm2', confirmations: 50 }));
    apply(pulled({ member: 'mallory', machine: 'm3', projectId: 'Q', confirmations: 50 }));
    expect(advice('/work/payments')).toBeNull();
    expect(advice('/work/other')).toBeNull();
    apply(pulled({ member: 'bob' }));
    expect(advice('/work/payments')!.provenance).toMatchObject({ confirmations: 2, members: 2 });
  });

  it("one member's row naming this project's id does not make a fix confirmed in this project", () => {
    const tool = { fixKey: 'cmd:protoc-setup', resolution: 'ran `protoc-setup --fetch-plugins`' };
    // mallory claims payments-api's id (a hashed URL anyone can compute) for a program the policy does not know
    apply(pulled({ ...tool, member: 'mallory', projectId: 'P', confirmations: 50 }));
    expect(advice('/work/payments')).toBeNull();
    // and with a teammate's confirmation in another project it is still not this project's
    apply(pulled({ ...tool, member: 'bob', projectId: 'Q', projectName: 'billing-svc' }));
    expect(advice('/work/payments')).toBeNull();
  });

  it('a fix of a program the policy does not know, confirmed by two members in a project, is offered only there', () => {
    setTeamProjects(db, [{ projectPath: '/work/billing', projectId: 'Q', name: 'billing-svc' }]);
    const tool = { fixKey: 'cmd:protoc-setup', resolution: 'ran `protoc-setup --fetch-plugins`' };
    apply(pulled({ ...tool, member: 'alice' }));
    apply(pulled({ ...tool, member: 'bob' }));
    apply(pulled({ ...tool, member: 'carol', projectId: 'R', projectName: 'ledger' }));
    expect(advice('/work/payments')!.provenance).toMatchObject({ source: 'team', members: 2, projects: 1 });
    expect(advice('/work/billing')).toBeNull();
    // one member's row naming billing-svc does not carry it there either
    apply(pulled({ ...tool, member: 'mallory', projectId: 'Q', projectName: 'billing-svc' }));
    expect(advice('/work/billing')).toBeNull();
    expect(advice('/work/other')).toBeNull();
  });

  it('a stronger candidate is never replaced by a weaker one: a typed fix stays shown and advised', () => {
    const kb = upsertEntry(db, {
      ts: 'x',
      key: KEY,
      errorRaw: null,
      resolution: 'pin requests in requirements.txt',
      resolvedBy: null,
      toolSequence: null,
    })!;
    recordManualFix(db, kb, 'pin requests in requirements.txt', null, null);
    apply(pulled({ confirmations: 9 }));
    expect(db.prepare('SELECT resolution FROM error_kb WHERE id = ?').get(kb)).toEqual({
      resolution: 'pin requests in requirements.txt',
    });
    expect(advice('/work/payments')!.resolution).toBe('pin requests in requirements.txt');
    expect(db.prepare('SELECT count(*) AS n FROM error_kb_fixes').get()).toEqual({ n: 2 }); // both kept
  });

  it('refused: a secret, a typed or legacy proof, a key that is not redacted', () => {
    expect(
      apply(pulled({ resolution: 'export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' })),
    ).toBe(false);
    expect(apply(pulled({ proof: 'manual' }))).toBe(false);
    expect(apply(pulled({ proof: 'legacy' }))).toBe(false);
    expect(apply(pulled({ errorKey: 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789 rejected' }))).toBe(
      false,
    );
    expect(db.prepare('SELECT count(*) AS n FROM error_kb').get()).toEqual({ n: 0 });
  });

  it("a tombstone removes the member's confirmation, the candidate and the shown fix when nobody else has it", () => {
    apply(pulled());
    db.transaction(() =>
      removeTeamFix(db, {
        errorKey: KEY,
        fixKey: 'cmd:pip install requests',
        member: 'alice',
        machine: 'm1',
        projectId: 'P',
      }),
    ).immediate();
    expect(teamRows()).toEqual([]);
    expect(db.prepare('SELECT resolution FROM error_kb').all()).toEqual([{ resolution: null }]);
    expect(advice('/work/payments')).toBeNull();
  });

  it("a forget drops teammates' confirmations up to its time and refuses older ones; newer ones come back", () => {
    apply(pulled());
    db.transaction(() => forgetFromTeam(db, KEY, '2026-11-22T00:00:00.000Z')).immediate();
    expect(advice('/work/payments')).toBeNull();
    expect(apply(pulled({ member: 'bob', updatedAt: '2026-11-21T23:00:00.000Z' }))).toBe(false);
    expect(apply(pulled({ member: 'bob', updatedAt: '2026-11-23T00:00:00.000Z' }))).toBe(true);
    expect(apply(pulled({ member: 'carol', updatedAt: '2026-11-23T00:00:00.000Z' }))).toBe(true);
    expect(advice('/work/payments')!.provenance.members).toBe(2);
  });

  it('muting a member drops their confirmations and the candidates only they gave', () => {
    apply(pulled());
    const pip3 = { fixKey: 'cmd:pip3 install requests', resolution: 'ran `pip3 install requests`' };
    apply(pulled({ ...pip3, member: 'bob' }));
    apply(pulled({ ...pip3, member: 'carol' }));
    dropMemberFixes(db, 'alice');
    expect(teamRows()).toEqual([
      { member: 'bob', project_id: 'P', confirmations: 1 },
      { member: 'carol', project_id: 'P', confirmations: 1 },
    ]);
    expect(advice('/work/payments')!.resolution).toBe('ran `pip3 install requests`');
  });
});

describe("#25 the dashboard shows the team's share of advice", () => {
  it("advice given from a teammate's fix is counted apart; /api/overview reports it", async () => {
    apply(pulled());
    apply(pulled({ member: 'bob' }));
    upsertEntry(db, {
      ts: 'x',
      key: 'Error: other',
      errorRaw: null,
      resolution: null,
      resolvedBy: null,
      toolSequence: null,
    });
    judgeAll(db);
    adviceFor(db, id(), { projectPath: '/work/payments' }); // counted: from the team
    adviceFor(db, id(), { projectPath: '/work/payments' });
    const local = upsertEntry(db, {
      ts: 'x',
      key: 'Error: mine',
      errorRaw: null,
      resolution: 'typed',
      resolvedBy: null,
      toolSequence: null,
    })!;
    recordManualFix(db, local, 'typed', null, null);
    judgeAll(db);
    adviceFor(db, local, { projectPath: '/work/payments' }); // counted: not from the team
    const assets = loadAssets();
    if (!assets) throw new Error('run `npm run build` first (dist/ui/ is missing)');
    const auth = new UiAuth();
    const app = createApp({
      db,
      env: t.env,
      auth,
      assets,
      current: { name: 'p', path: t.project },
      maxRetries: 3,
      port: () => 5555,
    });
    const host = { host: '127.0.0.1:5555' };
    const login = await app.request(`/login?code=${auth.issueCode()}`, { headers: host });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const r = await app.request('/api/overview', { headers: { ...host, cookie } });
    const body = (await r.json()) as { adviceSummary: { times: number; teamTimes: number } };
    expect(body.adviceSummary).toMatchObject({ times: 3, teamTimes: 2 });
  });
});

describe('#25 the store URL', () => {
  it('the password leaves the URL (user info or parameter); the rest stays', () => {
    expect(splitPassword('postgres://alice:s3cr%40t@db.internal:6432/team?sslmode=require')).toEqual({
      url: 'postgres://alice@db.internal:6432/team?sslmode=require',
      password: 's3cr@t',
      user: 'alice',
    });
    expect(splitPassword('postgresql://bob@db/team?password=p&application_name=x').url).toBe(
      'postgresql://bob@db/team?application_name=x',
    );
    expect(() => splitPassword('mysql://x@y/z')).toThrow(/postgres/);
  });

  it('sslmode is honoured as libpq does it (pg with uselibpqcompat)', () => {
    const ssl = (url: string, withoutSsl = false) =>
      (
        new pg.Client(
          clientConfig(url, 'pw', { connectTimeoutMs: 1000, schema: 'self_gen', withoutSsl }),
        ) as unknown as {
          connectionParameters: { ssl: unknown; password: string };
        }
      ).connectionParameters;
    expect(ssl('postgres://a@h/d?sslmode=disable').ssl).toBe(false);
    expect(ssl('postgres://a@h/d?sslmode=require').ssl).toMatchObject({ rejectUnauthorized: false });
    expect(ssl('postgres://a@h/d?sslmode=verify-full').ssl).toEqual({});
    expect(ssl('postgres://a@h/d?sslmode=prefer').ssl).toMatchObject({ rejectUnauthorized: false });
    expect(ssl('postgres://a@h/d?sslmode=prefer', true).ssl).toBe(false); // prefer's plain retry
    expect(ssl('postgres://a@h/d?sslmode=allow').ssl).toBe(false);
    expect(ssl('postgres://a@h/d?sslmode=disable').password).toBe('pw');
  });

  it('one remote, written three ways, is one project', () => {
    const forms = [
      'git@github.com:Acme/payments-api.git',
      'https://user@github.com/acme/payments-api',
      'ssh://git@github.com:22/acme/payments-api.git/',
    ];
    expect(new Set(forms.map(normaliseRemote))).toEqual(new Set(['github.com/acme/payments-api']));
  });
});
