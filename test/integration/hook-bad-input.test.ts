// Foundation: every hook exits 0 and prints nothing (or one JSON object) whatever it is given.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { FIXTURES, ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { holdWriteLock } from '../helpers/db-lock.js';

const fixture = (name: string) => readFileSync(join(FIXTURES, 'hook-payloads', name), 'utf8');
const dbPath = (t: TempEnv) => join(t.home, 'data', 'self-gen.db');
function count(t: TempEnv, where = '1=1'): number {
  const db = new Database(dbPath(t), { readonly: true });
  const n = (db.prepare(`SELECT count(*) AS n FROM events WHERE ${where}`).get() as { n: number }).n;
  db.close();
  return n;
}
const promptPayload = (text: string, project: string) =>
  JSON.stringify({ ...JSON.parse(fixture('02-UserPromptSubmit.json')), prompt: text, cwd: project });

describe('bad input', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    t = tempEnv();
    env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
  });
  afterEach(() => t.cleanup());

  it('empty stdin: exit 0, no output, nothing written', async () => {
    for (const ev of [
      'SessionStart',
      'PreToolUse',
      'PostToolUse',
      'SubagentStart',
      'SubagentStop',
      'SessionEnd',
    ]) {
      const r = await runHook(ev, '', env);
      expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    expect(existsSync(dbPath(t))).toBe(false);
  });

  it('invalid and truncated JSON: exit 0, no output', async () => {
    const full = fixture('04-PostToolUseFailure.json');
    for (const body of [
      '{',
      'not json',
      full.slice(0, full.length / 2),
      '[1,2,3]',
      'null',
      '"str"',
      '\u0000\u0001\u0002',
    ]) {
      const r = await runHook('PostToolUseFailure', body, env);
      expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
  });

  it('wrong types in known fields: required ones drop the event, optional ones are ignored', async () => {
    const base = JSON.parse(fixture('06-PostToolUse.json')) as Record<string, unknown>;
    const bad1 = await runHook('PostToolUse', { ...base, session_id: 42 }, env);
    expect(bad1).toMatchObject({ code: 0, stdout: '' });
    const bad2 = await runHook(
      'PostToolUse',
      { ...base, cwd: t.project, tool_input: 'oops', duration_ms: 'x' },
      env,
    );
    expect(bad2).toMatchObject({ code: 0, stdout: '' });
    expect(count(t, "type = 'tool_use'")).toBe(1);
  });

  it('unknown event: exit 0, no output, nothing written', async () => {
    const r = await runHook('Bogus', { hook_event_name: 'Bogus', session_id: 's', cwd: t.project }, env);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(dbPath(t))).toBe(false);
  });

  it('a 10 MB payload: exit 0, no output, the event stored with its data size-limited', async () => {
    const base = JSON.parse(fixture('06-PostToolUse.json')) as Record<string, unknown>;
    const huge = { ...base, cwd: t.project, tool_response: { stdout: 'x'.repeat(10 * 1024 * 1024) } };
    const r = await runHook('PostToolUse', huge, env);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const db = new Database(dbPath(t), { readonly: true });
    const row = db.prepare(`SELECT length(data) AS n FROM events WHERE type = 'tool_use'`).get() as {
      n: number;
    };
    db.close();
    expect(row.n).toBeLessThan(70 * 1024);
  });

  it('a payload over the 32 MB stdin cap: exit 0, no output', async () => {
    const r = await runHook('PostToolUse', Buffer.alloc(40 * 1024 * 1024, 0x61), env);
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('#12.5 a corrupt database file: the hook queues its event and flags it; the background check moves it aside; doctor reports it', async () => {
    mkdirSync(join(t.home, 'data'), { recursive: true, mode: 0o700 });
    writeFileSync(dbPath(t), 'this is not a database'.repeat(500));
    const r = await runHook('UserPromptSubmit', promptPayload('after corruption', t.project), env);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(dbPath(t), 'utf8')).toContain('this is not a database'); // not replaced by a hook
    spawnSync(process.execPath, [join(ROOT, 'dist', 'worker.js'), 'integrity-check'], { env });
    const aside = readdirSync(join(t.home, 'data')).filter(
      (f) => /^self-gen\.db\.corrupt-[^-]/.test(f) && !/-wal$|-shm$/.test(f),
    );
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(t.home, 'data', aside[0]!), 'utf8')).toContain('this is not a database');
    expect(count(t, "type = 'prompt'")).toBe(1);
    const doc = cli(env, ['doctor']);
    expect(doc.stdout).toMatch(/database was moved aside .*corrupt-/);
    expect(doc.stdout).toContain('fix:');
    expect(doc.code).toBe(1);
  });

  it('#12.5 a database corrupted inside (valid header, broken data pages): the hook exits 0, the background check moves it aside and keeps the readable rows', async () => {
    await runHook('UserPromptSubmit', promptPayload('one', t.project), env);
    const db0 = new Database(dbPath(t));
    const ins = db0.prepare(`INSERT INTO events (type, ts, session_id, data) VALUES ('prompt', ?, ?, '{}')`);
    db0.transaction(() => {
      for (let i = 0; i < 3000; i++) ins.run(new Date().toISOString(), `s${i}`);
    })();
    db0.pragma('wal_checkpoint(TRUNCATE)');
    db0.close();
    const buf = readFileSync(dbPath(t));
    for (let i = buf.length - 8192; i < buf.length; i++) buf[i] = (i * 7) & 0xff; // the newest leaf pages
    writeFileSync(dbPath(t), buf);
    const r = await runHook('UserPromptSubmit', promptPayload('two', t.project), env);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    spawnSync(process.execPath, [join(ROOT, 'dist', 'worker.js'), 'integrity-check'], { env });
    const aside = readdirSync(join(t.home, 'data')).filter(
      (f) => f.startsWith('self-gen.db.corrupt-') && !/-(wal|shm)$/.test(f),
    );
    expect(aside).toHaveLength(1);
    await runHook('UserPromptSubmit', promptPayload('three', t.project), env);
    const db = new Database(dbPath(t), { readonly: true });
    expect((db.pragma('quick_check') as { quick_check: string }[])[0]!.quick_check).toBe('ok');
    const texts = (
      db.prepare(`SELECT json_extract(data, '$.text') AS t FROM events WHERE type = 'prompt'`).all() as {
        t: string | null;
      }[]
    ).map((x) => x.t);
    const n = (db.prepare(`SELECT count(*) AS n FROM events`).get() as { n: number }).n;
    db.close();
    expect(texts).toEqual(expect.arrayContaining(['one', 'two', 'three']));
    expect(n).toBeGreaterThan(2000); // the readable rows were kept
  });

  it('a read-only data home: exit 0, no output', async () => {
    mkdirSync(t.home, { recursive: true });
    chmodSync(t.home, 0o500);
    chmodSync(t.dir, 0o755);
    // Root ignores file modes: run the hook as an unprivileged user then (its runtime folder too).
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    if (asUser.uid) chownSync(env.XDG_RUNTIME_DIR!, asUser.uid, asUser.gid);
    const body = promptPayload('read-only', t.project);
    const r = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const c = spawn(process.execPath, [join(ROOT, 'dist', 'hook.js'), 'UserPromptSubmit'], {
        env,
        ...asUser,
      });
      let out = '';
      let err = '';
      c.stdout.on('data', (d) => (out += d));
      c.stderr.on('data', (d) => (err += d));
      c.on('close', (code) => resolve({ code, out, err }));
      c.stdin.end(body);
    });
    expect(r).toEqual({ code: 0, out: '', err: '' });
    expect(existsSync(join(t.home, 'data'))).toBe(false);
  });

  it('a database locked past the busy timeout: the event is queued, then stored by a later hook', async () => {
    await runHook('UserPromptSubmit', promptPayload('before lock', t.project), env);
    // Another process holds the write lock until the hook is done.
    const lock = holdWriteLock(dbPath(t));
    await lock.ready;
    const lockedEnv = { ...env, SELF_GEN_BUSY_TIMEOUT_MS: '300' };
    const r = await runHook('UserPromptSubmit', promptPayload('during lock', t.project), lockedEnv);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(lock.held(), 'the hook finished while the lock was still held').toBe(true);
    const queued = readdirSync(join(t.home, 'data', 'queue')).filter(
      (f) => f.endsWith('.json') && !f.startsWith('.'),
    );
    expect(queued).toHaveLength(1);
    expect(readFileSync(join(t.home, 'data', 'queue', queued[0]!), 'utf8')).toContain('during lock');
    lock.release();
    await lock.done;
    await runHook('UserPromptSubmit', promptPayload('after lock', t.project), env);
    const db = new Database(dbPath(t), { readonly: true });
    const texts = (
      db
        .prepare(`SELECT json_extract(data,'$.text') AS t FROM events WHERE type='prompt' ORDER BY ts`)
        .all() as { t: string }[]
    ).map((x) => x.t);
    db.close();
    expect(texts).toEqual(['before lock', 'during lock', 'after lock']);
    expect(readdirSync(join(t.home, 'data', 'queue')).filter((f) => !f.startsWith('.'))).toHaveLength(0);
  });

  it('SELF_GEN_DISABLE=1 / enabled:false: nothing recorded, nothing printed', async () => {
    mkdirSync(t.home, { recursive: true });
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ enabled: false }));
    const r = await runHook('UserPromptSubmit', promptPayload('x', t.project), env);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(dbPath(t))).toBe(false);
  });

  it('an invalid config file: hooks still run with defaults', async () => {
    mkdirSync(t.home, { recursive: true });
    writeFileSync(join(t.home, 'config.json'), '{ not json');
    const r = await runHook('UserPromptSubmit', promptPayload('y', t.project), env);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(count(t, "type = 'prompt'")).toBe(1);
  });
});
