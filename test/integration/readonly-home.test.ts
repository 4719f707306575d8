// A healthy database on a read-only disk (a tmpfs remounted read-only: file modes do not stop root)
// is reported as read-only, never as damaged: `doctor` says it cannot be written, with a fix;
// `repair` changes nothing and says why, with a fix. Once writable again, nothing was lost.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli as selfGen } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { canMountTmpfs, mountTmpfs } from '../helpers/tmpfs.js';

const canMount = canMountTmpfs();

describe.skipIf(!canMount)('a read-only data home (tmpfs remounted read-only)', () => {
  let t: TempEnv;
  let mnt: string;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => selfGen(env, args);

  beforeAll(async () => {
    t = tempEnv('sg-ro-home-');
    mnt = join(t.dir, 'mnt');
    mkdirSync(mnt);
    mountTmpfs(mnt, '8m');
    env = { ...t.env, SELF_GEN_HOME: join(mnt, 'home'), SELF_GEN_NO_BACKGROUND: '1' };
    const base = { session_id: 'ro', cwd: t.project, transcript_path: join(t.dir, 't.jsonl') };
    await runHook('SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'startup' }, env);
    await runHook(
      'PostToolUseFailure',
      {
        ...base,
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Bash',
        tool_input: { command: 'npm test' },
        error: 'Exit code 1\nError: Cannot find module ./widget',
      },
      env,
    );
    execFileSync('mount', ['-o', 'remount,ro', mnt]);
  });

  afterAll(() => {
    spawnSync('umount', [mnt]);
    t?.cleanup();
  });

  it('doctor: "cannot be written … read-only, not damaged" with a fix, never "damaged"', () => {
    const r = cli('doctor');
    expect(r.stdout).toMatch(/✓ database: .*2 events/);
    expect(r.stdout).not.toMatch(/is damaged|fails its integrity check|self-gen repair/);
    expect(r.stdout).toMatch(/✗ database: .* cannot be written \(.*\); it is read-only, not damaged/);
    // said once, however many checks write
    expect(r.stdout.match(/cannot be written/g)).toHaveLength(1);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => /cannot be written/.test(l));
    expect(lines[at + 1]).toMatch(/^\s+fix: make .* writable/);
    expect(r.code).toBe(1);
  });

  it('repair: exit 1, says the database cannot be written, with a fix line; nothing moved', () => {
    const r = cli('repair');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot be written: .* is read-only \(EROFS\); nothing was checked or changed/);
    expect(r.stderr).not.toMatch(/another integrity check/);
    expect(r.stderr).toMatch(/\n\s*fix: make .* writable/);
    expect(r.stdout).toBe('');
  });

  it('writable again: the same database passes doctor and repair (nothing was lost or flagged)', () => {
    execFileSync('mount', ['-o', 'remount,rw', mnt]);
    const doc = cli('doctor');
    expect(doc.stdout).toMatch(/✓ database: .*2 events/);
    expect(doc.stdout).not.toMatch(/damaged|cannot be written|recovery/);
    const rep = cli('repair');
    expect(rep.code).toBe(0);
    expect(rep.stdout).toMatch(/^ok: quick_check ok; full-text indexes ok/);
  });
});
