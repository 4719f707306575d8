// Issue #12 items 6, 8 and 10: what the CLI prints. Stored text never reaches the terminal with
// its control sequences; a closed pipe ends the CLI quietly; every bad option value and every
// error ends with one line, a `fix:` line and a non-zero exit, without a stack trace.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliProcess, cli as selfGen } from '../helpers/cli.js';
import { FIXTURES, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { termSafe } from '../../src/cli/output.js';

// Raw controls a terminal acts on: C0 except \t and \n, DEL, C1 (U+0080–U+009F), bidi overrides.
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const NASTY = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b1m\u202eevil\r';

describe('CLI output (#12.6, #12.8, #12.10)', () => {
  let t: TempEnv;
  const cli = (...args: string[]) => selfGen(t, args, { cwd: t.project });

  beforeEach(() => {
    t = tempEnv('sg-cli-out-');
  });
  afterEach(() => t.cleanup());

  it('#12.6 escape sequences stored from tool output are shown visibly, never sent raw (events, kb list, kb add)', async () => {
    const payload = JSON.parse(
      readFileSync(join(FIXTURES, 'hook-payloads', '04-PostToolUseFailure.json'), 'utf8'),
    ) as Record<string, unknown>;
    payload.cwd = t.project;
    payload.transcript_path = join(t.dir, 'none.jsonl');
    payload.error = `Exit code 1\n${NASTY} cannot open config`;
    payload.tool_input = { command: `printf '${NASTY}'`, description: 'cat' };
    expect((await runHook('PostToolUseFailure', payload, t.env, { cwd: t.project })).code).toBe(0);

    const added = cli('kb', 'add', `Error: ${NASTY} boom`, '-r', `run ${NASTY} again`);
    expect(added.code, added.stderr).toBe(0);

    for (const args of [['events'], ['events', '-t', 'tool_error'], ['kb', 'list']]) {
      const r = cli(...args);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
      expect(r.stdout.length, args.join(' ')).toBeGreaterThan(0);
      expect(r.stdout, args.join(' ')).not.toMatch(RAW_CONTROL);
      expect(r.stderr, args.join(' ')).not.toMatch(RAW_CONTROL);
    }
    expect(added.stdout).not.toMatch(RAW_CONTROL);
    const list = cli('kb', 'list').stdout;
    // The error text is still there, its controls rendered as text; the typed fix carries hidden
    // characters, so the fix policy withholds it: a listing prints its label, not its text.
    expect(list).toContain('\\u202eevil');
    expect(list).toMatch(/resolution: \[withheld by the fix policy: [^\]\n]+\]/);
    expect(list).not.toContain('pwned');
    // --json stays valid JSON with the original text inside.
    const json = cli('kb', 'list', '--json').stdout.trim().split('\n');
    expect(JSON.stringify(json.map((l) => JSON.parse(l) as unknown))).toContain('pwned');
  });

  it('#12.6 termSafe keeps newlines and tabs, renders every other control', () => {
    expect(termSafe('a\tb\nc')).toBe('a\tb\nc');
    expect(termSafe('a\r\nb')).toBe('a\nb');
    expect(termSafe('\u001b[2J')).toBe('\\x1b[2J');
    expect(termSafe('x\ry')).toBe('x\\x0dy');
    expect(termSafe('\u009b31m')).toBe('\\u009b31m');
    expect(termSafe('é 한국어 ✓')).toBe('é 한국어 ✓');
    expect(termSafe(NASTY)).not.toMatch(RAW_CONTROL);
  });

  it('#12.8 a closed stdout pipe (status | head -1, doctor | head -1) ends quietly, no EPIPE stack', async () => {
    // A reader that is already gone: the first write of the CLI fails with EPIPE.
    for (const cmd of [['status'], ['doctor'], ['events', '--help']]) {
      const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = cliProcess(t, cmd, { cwd: t.project, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout!.destroy();
        let stderr = '';
        child.stderr!.on('data', (d) => (stderr += d));
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(r.stderr, cmd.join(' ')).toBe('');
      expect(r.code, cmd.join(' ')).toBe(0);
    }
  });

  it('#12.10 bad option values are refused with one line and a fix, exit 1, no stack trace', () => {
    const bad: string[][] = [
      ['events', '-n', 'abc'],
      ['events', '-n', '-5'],
      ['events', '-n', '0'],
      ['events', '-n', '1.5'],
      ['events', '-t', 'bogus'],
      ['events', '--since', 'yesterday'],
      ['events', '--since', '2026-02-30'],
      ['demo', '--locale', 'fr'],
      ['kb', 'list', '-n', 'x'],
      ['analyze', '--days', '0'],
      ['shared-context', 'clean', '--older-than', 'soon'],
      ['sc', 'instructions', '--locale', 'de'],
      ['orch', 'record', 'retry', 'T1-S1', '--kind', 'other'],
      ['sc', 'list', '--project', join(t.dir, 'no-such-folder')],
      ['apply', 'm1234567', '--project-dir', join(t.dir, 'no-such-folder')],
      ['events', '--bogus-option'],
      ['no-such-command'],
      ['kb', 'edit'],
    ];
    for (const args of bad) {
      const r = cli(...args);
      const why = `${args.join(' ')}\n${r.stderr}`;
      expect(r.code, why).toBe(1);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines, why).toHaveLength(2);
      expect(lines[0], why).toMatch(/^self-gen( [a-z-]+)*: /);
      expect(lines[1], why).toMatch(/^ {2}fix: \S/);
      expect(r.stderr, why).not.toMatch(/\n\s+at /);
      expect(r.stdout, why).toBe('');
    }
    // The values that are fine still work.
    mkdirSync(join(t.home, 'data'), { recursive: true });
    expect(cli('kb', 'add', 'Error: x', '-r', 'y').code).toBe(0);
    for (const ok of [
      ['events', '-n', '5', '-t', 'tool_error', '--since', '2026-01-01'],
      ['events', '--since', '7d'],
      ['events', '--since', '2026-11-20T08:00:00Z'],
    ]) {
      const r = cli(...ok);
      expect(r.code, `${ok.join(' ')}\n${r.stderr}`).toBe(0);
    }
  });

  it('#12.10 unexpected errors (ENOTDIR, ENOENT) get a fix line and no stack; the stack only with SELF_GEN_DEBUG=1', () => {
    writeFileSync(join(t.dir, 'a-file'), 'x');
    const env = { ...t.env, SELF_GEN_HOME: join(t.dir, 'a-file', 'home') };
    const run = (e: NodeJS.ProcessEnv) =>
      selfGen(e, ['kb', 'add', 'Error: x', '-r', 'y'], { cwd: t.project });
    const r = run(env);
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines, r.stderr).toHaveLength(2);
    expect(lines[0]).toMatch(/^self-gen: .*ENOTDIR/);
    expect(lines[1]).toMatch(/^ {2}fix: .*regular file/);
    const dbg = run({ ...env, SELF_GEN_DEBUG: '1' });
    expect(dbg.code).toBe(1);
    expect(dbg.stderr).toMatch(/\n\s+at /);

    const missing = cli('orch', 'record', 'contract', 'explored', join(t.dir, 'missing.yaml'));
    expect(missing.code).toBe(1);
    expect(missing.stderr.trimEnd().split('\n')).toHaveLength(2);
    expect(missing.stderr).toMatch(/\n {2}fix: /);
  });
});
