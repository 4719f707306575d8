// #12.5: damaged, truncated and foreign database files; the background integrity check, the
// recovery notices, and `status`/`doctor` always answering with a fix. Real files, real damage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { cli as selfGen } from '../helpers/cli.js';
import { promptEvent } from '../helpers/payloads.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { fixturePayloads, runHook } from '../helpers/hook-proc.js';
import { canMountTmpfs, mountTmpfs } from '../helpers/tmpfs.js';

const WORKER_JS = join(ROOT, 'dist', 'worker.js');
const dataDir = (home: string) => join(home, 'data');
const dbFile = (home: string) => join(dataDir(home), 'self-gen.db');

const prompt = (text: string, project: string) => promptEvent(project, text, 'integrity');

const cli = (env: NodeJS.ProcessEnv, ...args: string[]) => selfGen(env, args);

/** The background job a hook starts (`node dist/worker.js integrity-check`), run to its end. */
function backgroundCheck(env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [WORKER_JS, 'integrity-check'], { env, encoding: 'utf8' });
}

/** A database with history: 2,000 events (full-text indexed) and 500 KB entries. */
async function seed(home: string, project: string, env: NodeJS.ProcessEnv): Promise<void> {
  await runHook('UserPromptSubmit', prompt('first', project), env);
  const db = new Database(dbFile(home));
  const ev = db.prepare(`INSERT INTO events (type, ts, session_id, data) VALUES ('prompt', ?, 's', ?)`);
  const fts = db.prepare(`INSERT INTO events_fts (rowid, text) VALUES (?, ?)`);
  const kb = db.prepare(
    `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution) VALUES (?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) {
      const text = `word${i} alpha beta gamma`;
      const id = ev.run(new Date().toISOString(), JSON.stringify({ text })).lastInsertRowid;
      fts.run(id, `${text} ${'lorem ipsum '.repeat(5)}${i}`);
    }
    for (let i = 0; i < 500; i++)
      kb.run(
        new Date().toISOString(),
        `cannot find module m${i}`,
        `Error: Cannot find module 'm${i}'`,
        `npm i m${i}`,
      );
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** Overwrites every leaf page of `table` in the file with garbage (pages found via dbstat). */
function smashPages(file: string, table: string): number {
  const db = new Database(file, { readonly: true });
  const pages = (
    db.prepare(`SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'`).all(table) as {
      pageno: number;
    }[]
  ).map((r) => r.pageno);
  const size = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(file, 'r+');
  for (const p of pages) {
    const junk = Buffer.alloc(size);
    for (let i = 0; i < size; i++) junk[i] = (i * 31 + p) & 0xff;
    writeSync(fd, junk, 0, size, (p - 1) * size);
  }
  closeSync(fd);
  return pages.length;
}

const asideFiles = (home: string) =>
  readdirSync(dataDir(home)).filter((f) => /^self-gen\.db\.corrupt-/.test(f) && !/-(wal|shm)$/.test(f));

interface Notice {
  kind?: string;
  movedTo?: string;
  reason?: string;
  salvaged?: Record<string, number>;
  rebuilt?: string[];
}
function notices(home: string): Notice[] {
  const f = join(dataDir(home), 'recovery.log');
  if (!existsSync(f)) return [];
  return readFileSync(f, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Notice);
}

async function until(cond: () => boolean, what: string, maxMs = 120_000): Promise<void> {
  // A condition that throws (the fresh database not created yet) is not met yet.
  const met = () => {
    try {
      return cond();
    } catch {
      return false;
    }
  };
  for (let waited = 0; !met(); waited += 100) {
    if (waited > maxMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function count(home: string, sql: string): number {
  const db = new Database(dbFile(home), { readonly: true });
  const n = (db.prepare(sql).get() as { n: number }).n;
  db.close();
  return n;
}
function quickCheck(home: string): string {
  const db = new Database(dbFile(home), { readonly: true });
  const r = (db.pragma('quick_check') as { quick_check: string }[])[0]!.quick_check;
  db.close();
  return r;
}

/** Nothing a user sees may be a stack trace. */
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('#12.5 damaged and foreign database files', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    t = tempEnv('sg-integrity-');
    env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_NO_DAEMON: '1' };
  });
  afterEach(() => t.cleanup());

  it('#12.5 damaged FTS pages: status and doctor answer with a fix (no crash); doctor exits 1', async () => {
    await seed(t.home, t.project, env);
    expect(smashPages(dbFile(t.home), 'error_kb_fts_data')).toBeGreaterThan(0);
    const status = cli(env, 'status');
    noStack(status.stdout + status.stderr);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/✗ database: .*self-gen\.db is damaged/);
    expect(status.stdout).toMatch(/fix: run `self-gen repair`/);
    const doctor = cli(env, 'doctor');
    noStack(doctor.stdout + doctor.stderr);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/✗ database: .*damaged/);
    expect(doctor.stdout).toContain('fix: run `self-gen repair`');
    // the rest of the checks still ran
    expect(doctor.stdout).toMatch(/hooks:/);
  });

  it('#12.5 damaged FTS pages: the hook whose write hits them exits 0 and flags the database; the background work of SessionEnd moves it aside, keeps every readable row and rebuilds the index; later hooks record into the fresh database', async () => {
    await seed(t.home, t.project, env);
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ analysis: { auto: false } }));
    smashPages(dbFile(t.home), 'error_kb_fts_data');
    const fixture = (ev: string) =>
      fixturePayloads({ project: t.project }).find((f) => f.event === ev)!.payload;
    // a failure, a fix and the same command passing (a proven fix, #13.1): the error_kb write
    // reaches the damaged index
    const failed = fixture('PostToolUseFailure') as { tool_input: { command: string } } & Record<
      string,
      unknown
    >;
    const ok = fixture('PostToolUse') as Record<string, unknown>;
    const file = String(failed.tool_input.command).replace(/^cat /, '');
    const steps: [string, Record<string, unknown>][] = [
      ['PostToolUseFailure', failed],
      [
        'PostToolUse',
        {
          ...ok,
          tool_name: 'Write',
          tool_input: { file_path: file, content: 'x' },
          tool_use_id: 'toolu_fix1',
        },
      ],
      ['PostToolUse', { ...ok, tool_input: { ...failed.tool_input }, tool_use_id: 'toolu_proof1' }],
    ];
    for (const [ev, payload] of steps) {
      const r = await runHook(ev, payload, env);
      expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    expect(existsSync(join(dataDir(t.home), 'needs-check'))).toBe(true); // flagged, not moved
    expect(asideFiles(t.home)).toEqual([]);
    const bg = { ...env };
    delete bg.SELF_GEN_NO_BACKGROUND; // SessionEnd starts its background work, as in real use
    const end = await runHook('SessionEnd', fixture('SessionEnd'), bg);
    expect(end).toMatchObject({ code: 0, stdout: '', stderr: '' });
    await until(() => notices(t.home).some((n) => n.kind === 'moved'), 'the background check');
    await until(() => !existsSync(join(dataDir(t.home), 'integrity.lock')), 'the check to finish');
    const [n] = notices(t.home);
    expect(n!.reason).toMatch(/damaged pages/);
    expect(asideFiles(t.home)).toHaveLength(1);
    expect(n!.movedTo).toBe(join(dataDir(t.home), asideFiles(t.home)[0]!));
    expect(n!.salvaged).toMatchObject({ error_kb: 500 });
    expect(n!.salvaged!.events).toBeGreaterThanOrEqual(2001);
    expect(quickCheck(t.home)).toBe('ok');
    expect(count(t.home, 'SELECT count(*) AS n FROM error_kb')).toBe(500);
    // the full-text index was rebuilt in the fresh database: lexical search finds old entries again
    expect(count(t.home, `SELECT count(*) AS n FROM error_kb_fts WHERE error_kb_fts MATCH '"m42"'`)).toBe(1);
    expect(count(t.home, `SELECT count(*) AS n FROM events_fts WHERE events_fts MATCH '"word1999"'`)).toBe(1);
    const r = await runHook('UserPromptSubmit', prompt('after repair', t.project), env);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(
      count(t.home, `SELECT count(*) AS n FROM events WHERE json_extract(data, '$.text') = 'after repair'`),
    ).toBe(1);
    // doctor: exit 1 with the notice until acknowledged in the documented way, then 0
    const before = cli(env, 'doctor');
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(/✗ recovery: the database was moved aside .*corrupt-.*see .*recovery\.log/);
    expect(before.stdout).toContain('fix: inspect or delete');
    expect(cli(env, 'repair', '--ack').stdout).toMatch(/acknowledged 1 notice/);
    const after = cli(env, 'doctor');
    expect(after.stdout).not.toMatch(/recovery:/);
    expect(after.code).toBe(0);
  });

  it('#12.5 an FTS index out of step with its table is rebuilt in place by the background check (nothing moved, nothing lost)', async () => {
    await seed(t.home, t.project, env);
    const db = new Database(dbFile(t.home));
    const trigger = (
      db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'error_kb_au'`).get() as {
        sql: string;
      }
    ).sql;
    db.exec('DROP TRIGGER error_kb_au'); // rows change behind the index's back
    db.exec(`UPDATE error_kb SET error_normalized = 'renamed entry ' || id WHERE id <= 50`);
    db.exec(trigger);
    db.close();
    expect(quickCheck(t.home)).toBe('ok'); // the pages are fine: only the index is wrong
    expect(cli(env, 'doctor').stdout).toMatch(/full-text index error_kb_fts fails its integrity check/);
    backgroundCheck(env);
    expect(asideFiles(t.home)).toEqual([]);
    expect(notices(t.home)).toMatchObject([{ kind: 'rebuilt', rebuilt: ['error_kb_fts'] }]);
    expect(count(t.home, `SELECT count(*) AS n FROM error_kb_fts WHERE error_kb_fts MATCH '"renamed"'`)).toBe(
      50,
    );
    expect(count(t.home, 'SELECT count(*) AS n FROM error_kb')).toBe(500);
    const doc = cli(env, 'doctor');
    expect(doc.stdout).toMatch(/! recovery: a damaged full-text index was rebuilt/);
    expect(doc.stdout).not.toMatch(/✗ database/);
  });

  it('#12.5 a 0-byte database is never silently replaced: hooks queue, the check moves it aside with a notice, the queued events reach the fresh database', async () => {
    mkdirSync(dataDir(t.home), { recursive: true, mode: 0o700 });
    writeFileSync(dbFile(t.home), '');
    const r = await runHook('UserPromptSubmit', prompt('while truncated', t.project), env);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(statSync(dbFile(t.home)).size).toBe(0); // not turned into an empty database
    expect(existsSync(join(dataDir(t.home), 'needs-check'))).toBe(true);
    const doc0 = cli(env, 'doctor');
    expect(doc0.code).toBe(1);
    expect(doc0.stdout).toMatch(/empty \(0 bytes\)/);
    expect(doc0.stdout).toContain('fix:');
    backgroundCheck(env);
    expect(notices(t.home)).toMatchObject([
      { kind: 'moved', reason: expect.stringMatching(/empty \(0 bytes\)/) },
    ]);
    expect(asideFiles(t.home)).toHaveLength(1);
    expect(
      count(
        t.home,
        `SELECT count(*) AS n FROM events WHERE json_extract(data, '$.text') = 'while truncated'`,
      ),
    ).toBe(1);
    const doc = cli(env, 'doctor');
    expect(doc.code).toBe(1);
    expect(doc.stdout).toMatch(/moved aside .*empty \(0 bytes\)/);
  });

  it('#12.5 a file that is not SQLite: the hook exits 0 and starts the check, which moves it aside with a notice', async () => {
    mkdirSync(dataDir(t.home), { recursive: true, mode: 0o700 });
    writeFileSync(dbFile(t.home), 'these are my notes, not a database\n'.repeat(200));
    const bg = { ...env };
    delete bg.SELF_GEN_NO_BACKGROUND;
    const r = await runHook('UserPromptSubmit', prompt('foreign', t.project), bg);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    await until(() => notices(t.home).length > 0, 'the background check');
    await until(() => count(t.home, 'SELECT count(*) AS n FROM events') === 1, 'the queued event');
    expect(notices(t.home)[0]).toMatchObject({
      kind: 'moved',
      reason: expect.stringMatching(/not a SQLite database/),
    });
    expect(readFileSync(join(dataDir(t.home), asideFiles(t.home)[0]!), 'utf8')).toContain(
      'these are my notes',
    );
  });

  it('#12.5 a data home under a regular file: doctor says what is wrong and exits 1', () => {
    writeFileSync(join(t.dir, 'plain-file'), 'x');
    const r = cli({ ...env, SELF_GEN_HOME: join(t.dir, 'plain-file', 'sub') }, 'doctor');
    noStack(r.stdout + r.stderr);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /✗ data home: .*plain-file\/sub cannot be created: .*plain-file is a file, not a folder/,
    );
    expect(r.stdout).toMatch(/fix: point SELF_GEN_HOME at a folder/);
  });
});

const canMount = canMountTmpfs();

describe.skipIf(!canMount)('#12.5 a full disk (tmpfs)', () => {
  let t: TempEnv;
  let mnt: string;
  beforeEach(() => {
    t = tempEnv('sg-integrity-disk-');
    mnt = join(t.dir, 'mnt');
    mkdirSync(mnt);
  });
  afterEach(() => {
    spawnSync('umount', [mnt]);
    t.cleanup();
  });

  it('#12.5 doctor names the full disk and adds no false sqlite-vec error', async () => {
    mountTmpfs(mnt, '2m');
    const env = { ...t.env, SELF_GEN_HOME: join(mnt, 'home'), SELF_GEN_NO_BACKGROUND: '1' };
    await runHook('UserPromptSubmit', prompt('before full', t.project), env);
    spawnSync('dd', ['if=/dev/zero', `of=${join(mnt, 'filler')}`, 'bs=64k', 'count=100'], {
      stdio: 'ignore',
    });
    const r = cli(env, 'doctor');
    noStack(r.stdout + r.stderr);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/disk: only .* free/);
    expect(r.stdout).toMatch(/✗ database: the disk of .* is full \(while creating the vector table\)/);
    expect(r.stdout).not.toMatch(/sqlite-vec could not be loaded/);
    expect(r.stdout).not.toMatch(/reinstall/);
  });
});
