// Reliability: concurrent writers, a long lock, kill -9 mid-write, full and read-only disks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { promptEvent } from '../helpers/payloads.js';
import { HOOK_JS, ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { holdWriteLock } from '../helpers/db-lock.js';
import { canMountTmpfs, mountTmpfs } from '../helpers/tmpfs.js';

const prompt = (text: string, project: string, session = 'rel') =>
  JSON.stringify(promptEvent(project, text, session));
const dbFile = (t: TempEnv) => join(t.home, 'data', 'self-gen.db');
function prompts(t: TempEnv): string[] {
  const db = new Database(dbFile(t), { readonly: true });
  const rows = db
    .prepare(`SELECT json_extract(data, '$.text') AS t FROM events WHERE type = 'prompt'`)
    .all() as { t: string }[];
  db.close();
  return rows.map((r) => r.t);
}
function quickCheck(t: TempEnv): string {
  const db = new Database(dbFile(t), { readonly: true });
  const r = (db.pragma('integrity_check') as { integrity_check: string }[])[0]!.integrity_check;
  db.close();
  return r;
}
describe('durability', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    t = tempEnv('sg-rel-');
    env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
  });
  afterEach(() => t.cleanup());

  it('50 hook processes writing at once: all 50 events stored', async () => {
    await runHook('UserPromptSubmit', prompt('warm', t.project), env);
    const runs = await Promise.all(
      Array.from({ length: 50 }, (_, i) => runHook('UserPromptSubmit', prompt(`p${i}`, t.project), env)),
    );
    expect(runs.every((r) => r.code === 0 && r.stdout === '')).toBe(true);
    await runHook('UserPromptSubmit', prompt('after', t.project), env); // stores anything queued
    const got = prompts(t);
    for (let i = 0; i < 50; i++) expect(got).toContain(`p${i}`);
    expect(got).toHaveLength(52);
    expect(quickCheck(t)).toBe('ok');
  });

  it('a writer holding the lock: 50 hooks finish without waiting for it, each queues its event, none lost', async () => {
    await runHook('UserPromptSubmit', prompt('warm', t.project), env);
    const lock = holdWriteLock(dbFile(t));
    await lock.ready;
    const runs = await Promise.all(
      Array.from({ length: 50 }, (_, i) => runHook('UserPromptSubmit', prompt(`locked${i}`, t.project), env)),
    );
    expect(runs.every((r) => r.code === 0 && r.stdout === '')).toBe(true);
    expect(lock.held(), 'all 50 hooks were done while the lock was still held').toBe(true);
    // Each gave up on the busy database and queued its event.
    expect(
      readdirSync(join(t.home, 'data', 'queue')).filter((f) => f.endsWith('.json') && !f.startsWith('.')),
    ).toHaveLength(50);
    lock.release();
    await lock.done;
    await runHook('UserPromptSubmit', prompt('after', t.project), env);
    const got = prompts(t);
    for (let i = 0; i < 50; i++) expect(got).toContain(`locked${i}`);
    expect(got).toHaveLength(52);
    expect(readdirSync(join(t.home, 'data', 'queue')).filter((f) => !f.startsWith('.'))).toEqual([]);
  });

  it('kill -9 of hooks and of a writer mid-write: the database stays valid and usable', async () => {
    await runHook('UserPromptSubmit', prompt('warm', t.project), env);
    // A writer in the middle of big transactions, killed at random moments.
    for (let round = 0; round < 5; round++) {
      const w = spawn(
        process.execPath,
        [
          '-e',
          `const D=require('better-sqlite3');const d=new D(process.argv[1]);d.pragma('busy_timeout=5000');
           const s=d.prepare("INSERT INTO events(type,ts,session_id,data) VALUES ('tool_use',?,?,?)");
           console.log('go');for(;;){d.transaction(()=>{for(let i=0;i<2000;i++)s.run(new Date().toISOString(),'kill',JSON.stringify({i,pad:'x'.repeat(200)}))})();}`,
          dbFile(t),
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((r) => w.stdout!.once('data', () => r()));
      await new Promise((r) => setTimeout(r, 50 + round * 40));
      w.kill('SIGKILL');
      await new Promise<void>((r) => w.on('close', () => r()));
    }
    // Hooks killed at random points of their run.
    for (let i = 0; i < 30; i++) {
      const c = spawn(process.execPath, [HOOK_JS, 'UserPromptSubmit'], { env });
      c.stdin.end(prompt(`killed${i}`, t.project));
      await new Promise((r) => setTimeout(r, (i * 7) % 60));
      c.kill('SIGKILL');
      await new Promise<void>((r) => c.on('close', () => r()));
    }
    expect(quickCheck(t)).toBe('ok');
    const r = await runHook('UserPromptSubmit', prompt('still works', t.project), env);
    expect(r.code).toBe(0);
    expect(prompts(t)).toContain('still works');
  });
});

const canMount = canMountTmpfs();

describe.skipIf(!canMount)('full and read-only disks (tmpfs)', () => {
  let t: TempEnv;
  let mnt: string;
  beforeEach(() => {
    t = tempEnv('sg-disk-');
    mnt = join(t.dir, 'mnt');
    mkdirSync(mnt);
  });
  afterEach(() => {
    spawnSync('umount', [mnt]);
    t.cleanup();
  });

  it('a full disk: hooks exit 0 silently, doctor explains, recording resumes once there is space', async () => {
    mountTmpfs(mnt, '2m');
    const env = { ...t.env, SELF_GEN_HOME: join(mnt, 'home'), SELF_GEN_NO_BACKGROUND: '1' };
    const home = { ...t, home: env.SELF_GEN_HOME } as TempEnv;
    await runHook('UserPromptSubmit', prompt('before full', t.project), env);
    // Fill the disk.
    const filler = join(mnt, 'filler');
    spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k', 'count=100'], { stdio: 'ignore' });
    for (let i = 0; i < 5; i++) {
      const r = await runHook('UserPromptSubmit', prompt(`x${i}`.repeat(2000), t.project), env);
      expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    const doc = cli(env, ['doctor']);
    expect(doc.stdout).toMatch(/disk: only .* free/);
    // Space again: recording resumes.
    spawnSync('rm', ['-f', filler]);
    const r = await runHook('UserPromptSubmit', prompt('after space', t.project), env);
    expect(r.code).toBe(0);
    expect(prompts(home)).toEqual(expect.arrayContaining(['before full', 'after space']));
    expect(quickCheck(home)).toBe('ok');
  });

  it('a read-only disk: hooks exit 0 silently and doctor says the home is not writable', async () => {
    mountTmpfs(mnt, '4m');
    const env = { ...t.env, SELF_GEN_HOME: join(mnt, 'home'), SELF_GEN_NO_BACKGROUND: '1' };
    await runHook('UserPromptSubmit', prompt('before ro', t.project), env);
    execFileSync('mount', ['-o', 'remount,ro', mnt]);
    for (const ev of ['UserPromptSubmit', 'PreToolUse', 'SessionEnd']) {
      const r = await runHook(ev, prompt('ro', t.project).replace('UserPromptSubmit', ev), env);
      expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    const doc = cli(env, ['doctor']);
    expect(doc.stdout).toMatch(/not writable/);
    expect(doc.stdout).toContain('fix:');
  });
});

describe('hook with a database that cannot even be created', () => {
  it('SELF_GEN_HOME under a regular file: exit 0, no output', async () => {
    const t = tempEnv('sg-notdir-');
    writeFileSync(join(t.dir, 'file'), 'x');
    const r = await runHook('UserPromptSubmit', prompt('x', t.project), {
      ...t.env,
      SELF_GEN_HOME: join(t.dir, 'file', 'home'),
    });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    t.cleanup();
  });
});
