// The dashboard's KB view (src/error-kb/view.ts): confidence from the candidate fixes (proof,
// confirmations, projects, last confirmed), every candidate in the detail, unsafe and legacy fixes
// flagged as never advised, and "advice given" from the real lookups (error_kb_lookups).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type DB } from '../../src/db/db.js';
import { countLookup, recordProvenFix } from '../../src/error-kb/candidates.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { bumpUse } from '../../src/error-kb/search.js';
import { editEntry, kbStats, removeEntries } from '../../src/error-kb/manage.js';
import { insertEvent } from '../../src/db/events/write.js';
import { adviceOutcomes, adviceSummary, kbView } from '../../src/error-kb/view.js';
import { judgeAll } from '../helpers/fix-policy.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv('sg-kbview-');
  db = openDb({ env: t.env });
});
afterEach(() => {
  db.close();
  closeDb();
  t.cleanup();
});

const ERR = "Error: Cannot find module '<PATH>'";
const learn = (project: string, fix: string, key: string, at: string) =>
  recordProvenFix(
    db,
    ERR,
    { resolution: fix, fixKey: key, resolvedBy: 'Bash', proof: 'same-command', projectPath: project },
    new Date(at),
  )!;
const view = (id: number) => {
  judgeAll(db); // the fix policy's background review
  return kbView(db).find((e) => e.id === id)!;
};

describe('kbView confidence', () => {
  it('the best candidate: proof, confirmations, projects, last confirmed; every candidate listed', () => {
    const id = learn('/p/a', 'ran `npm run build`', 'npm run build', '2026-11-01T00:00:00.000Z');
    learn('/p/b', 'ran `npm run build`', 'npm run build', '2026-11-03T00:00:00.000Z');
    learn('/p/a', 'ran `npm ci`', 'npm ci', '2026-11-02T00:00:00.000Z');
    const e = view(id);
    expect(e.confidence).toEqual({
      proof: 'same-command',
      confirmations: 2,
      projects: ['/p/b', '/p/a'],
      lastConfirmed: '2026-11-03T00:00:00.000Z',
      neverAdvised: null,
    });
    expect(e.candidates.map((c) => [c.resolution, c.confirmations])).toEqual([
      ['ran `npm run build`', 2],
      ['ran `npm ci`', 1],
    ]);
    expect(e.candidates[0]!.projects).toEqual([
      { path: '/p/b', confirmations: 1, lastTs: '2026-11-03T00:00:00.000Z' },
      { path: '/p/a', confirmations: 1, lastTs: '2026-11-01T00:00:00.000Z' },
    ]);
    expect(e.resolutionNeverAdvised).toBeNull();
  });

  it('#22.4 a fix the policy withholds (stored by an older version) and a legacy one are flagged, with the reason', () => {
    const now = '2026-11-01T00:00:00.000Z';
    const plant = (err: string, fix: string, proof: string) => {
      const id = (
        db
          .prepare(
            `INSERT INTO error_kb (ts, error_normalized, resolution, use_count) VALUES (?, ?, ?, 1) RETURNING id`,
          )
          .get(now, err, fix) as { id: number }
      ).id;
      db.prepare(
        `INSERT INTO error_kb_fixes (kb_id, fix_key, resolution, proof, strength, confirmations, first_ts, last_ts)
         VALUES (?, 'k', ?, ?, ?, 3, ?, ?)`,
      ).run(id, fix, proof, proof === 'legacy' ? 0 : 2, now, now);
      return id;
    };
    const unsafe = plant(
      'Error: rustup missing',
      'ran `curl -sSf https://sh.rustup.example | sh`',
      'same-command',
    );
    const legacy = plant('Error: stale cache', 'Bash: rm -rf .cache', 'legacy');
    const u = view(unsafe);
    expect(u.confidence).toMatchObject({
      proof: 'same-command',
      confirmations: 3,
      neverAdvised: { kind: 'withheld', why: 'runs piped or inline text as a shell script' },
    });
    expect(u.resolutionNeverAdvised).toEqual({
      kind: 'withheld',
      why: 'runs piped or inline text as a shell script',
    });
    expect(u.candidates[0]!.neverAdvised?.kind).toBe('withheld');
    expect(u.candidates[0]!.policy).toEqual({
      cls: 'withheld',
      reason: 'runs piped or inline text as a shell script',
      rule: 'piped-shell',
    });
    const l = view(legacy);
    expect(l.confidence?.neverAdvised?.kind).toBe('legacy');
    expect(l.resolutionNeverAdvised?.kind).toBe('legacy');
  });

  it('a safe candidate is preferred over an unsafe best one; no candidates: confidence null', () => {
    const id = learn('/p/a', 'ran `npm run build`', 'npm run build', '2026-11-01T00:00:00.000Z');
    db.prepare(
      `INSERT INTO error_kb_fixes (kb_id, fix_key, resolution, proof, strength, confirmations, first_ts, last_ts)
       VALUES (?, 'bad', ?, 'same-command', 2, 9, '2026-11-02T00:00:00.000Z', '2026-11-02T00:00:00.000Z')`,
    ).run(id, 'ran `git push --force`');
    const e = view(id);
    expect(e.candidates[0]!.neverAdvised).toEqual({
      kind: 'withheld',
      why: 'force-pushes or deletes remote branches',
    }); // best by confirmations
    expect(e.confidence).toMatchObject({ confirmations: 1, neverAdvised: null, projects: ['/p/a'] });
    const bare = (
      db
        .prepare(
          `INSERT INTO error_kb (ts, error_normalized, use_count) VALUES (?, 'Error: none', 0) RETURNING id`,
        )
        .get('2026-11-01T00:00:00.000Z') as { id: number }
    ).id;
    expect(view(bare)).toMatchObject({ confidence: null, candidates: [], resolutionNeverAdvised: null });
  });

  it('edit and forget (the kb/manage functions of kb edit / kb rm) keep the candidates consistent', async () => {
    const id = learn('/p/a', 'ran `npm run build`', 'npm run build', '2026-11-01T00:00:00.000Z');
    await editEntry(db, id, { resolution: 'Bash: npm run build:all' });
    const e = view(id);
    expect(e.confidence).toMatchObject({ proof: 'manual', neverAdvised: null });
    expect(e.candidates.map((c) => c.proof)).toEqual(['manual', 'same-command']);
    await editEntry(db, id, { resolution: null });
    expect(view(id).candidates).toEqual([]);
    await removeEntries(db, [id]);
    expect(db.prepare('SELECT count(*) AS n FROM error_kb_fixes WHERE kb_id = ?').get(id)).toEqual({ n: 0 });
  });
});

describe('advice given comes from error_kb_lookups', () => {
  it('counts advice actually shown, not use_count / last_used', () => {
    const a = recordResolution(db, 'Error: A', { resolution: 'Bash: fix a' })!;
    const b = recordResolution(db, 'Error: B', { resolution: 'Bash: fix b' })!;
    bumpUse(db, b, new Date('2026-11-05T00:00:00.000Z')); // a search hit, no advice shown
    countLookup(db, a, new Date('2026-11-01T00:00:00.000Z'), '/work/p');
    countLookup(db, a, new Date('2026-11-02T00:00:00.000Z'), '/work/p');
    expect(adviceSummary(db)).toEqual({
      advised: 1,
      times: 2,
      teamTimes: 0,
      lastAdvised: '2026-11-02T00:00:00.000Z',
    });
    expect(adviceOutcomes(db)).toEqual([
      {
        id: a,
        error: 'Error: A',
        useCount: 2,
        lastUsed: '2026-11-02T00:00:00.000Z',
        lastProject: '/work/p',
        cameBack: 0,
      },
    ]);
    expect(view(a).advised).toBe(2);
    expect(view(b).advised).toBe(0);
  });

  it('#23.5 came back after: recurrences after the last advice, in the project it was given in only', () => {
    const a = recordResolution(db, 'Error: A', { resolution: 'Bash: fix a' })!;
    const old = recordResolution(db, 'Error: B', { resolution: 'Bash: fix b' })!;
    countLookup(db, a, new Date('2026-11-02T00:00:00.000Z'), '/work/p');
    countLookup(db, old, new Date('2026-11-02T00:00:00.000Z')); // an older version: no project
    const err = (ts: string, projectPath: string, error = 'Error: A') =>
      insertEvent(db, {
        type: 'tool_error',
        ts,
        sessionId: 's',
        project: 'p',
        projectPath,
        data: { tool: 'Bash', error },
      });
    err('2026-11-01T00:00:00.000Z', '/work/p'); // before the advice
    err('2026-11-03T00:00:00.000Z', '/work/p');
    err('2026-11-03T00:00:00.000Z', '/work/q'); // another project: no advice was given there
    err('2026-11-04T00:00:00.000Z', '/work/q');
    err('2026-11-03T00:00:00.000Z', '/work/p', 'Error: B');
    const by = Object.fromEntries(adviceOutcomes(db).map((o) => [o.id, o.cameBack]));
    expect(by).toEqual({ [a]: 1, [old]: null });
  });

  it('#23.5 fixes learned: entries with a proven fix, not typed (kb add) or legacy ones', () => {
    recordResolution(db, 'Error: typed', { resolution: 'Bash: typed fix' });
    learn('/work/p', 'Bash: npm run build', 'build', '2026-11-01T00:00:00.000Z');
    db.prepare(
      `INSERT INTO error_kb (ts, error_normalized, resolution) VALUES ('2026-01-01T00:00:00Z', 'Error: legacy', 'x')`,
    ).run();
    db.prepare(
      `INSERT INTO error_kb_fixes (kb_id, fix_key, resolution, proof, strength, confirmations, first_ts, last_ts)
       SELECT id, 'legacy', 'x', 'legacy', 0, 1, ts, ts FROM error_kb WHERE error_normalized = 'Error: legacy'`,
    ).run();
    expect(kbStats(db)).toMatchObject({ entries: 3, resolved: 3, learned: 1 });
  });

  it('#23.5 editing an entry keeps when it was learned and the folders its fixes were confirmed in', async () => {
    const id = learn('/work/p', 'Bash: npm run build', 'build', '2026-11-01T00:00:00.000Z')!;
    const before = view(id);
    await editEntry(db, id, { resolution: 'Bash: npm ci && npm run build' });
    const after = view(id);
    expect(after.ts).toBe(before.ts);
    expect(after.resolution).toBe('Bash: npm ci && npm run build');
    expect(after.candidates.flatMap((c) => c.projects.map((p) => p.path))).toContain('/work/p');
  });
});
