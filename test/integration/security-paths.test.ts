// Issue #12 items 1 and 3, through the built hook entry (dist/hook.cjs) as Claude Code runs it, with
// real symlinks, FIFOs and processes: a hostile repository cannot make a hook delete or write
// outside the project's own folders, and no hook blocks on a non-regular file or a regex.
// Needs a current build (`npm run build`).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { FIXTURES, HOOK_JS, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';

const SID = '1d781026-4b91-4581-b3a2-f91871abc842';
const FIXTURE_TRANSCRIPT = join(FIXTURES, 'transcripts', 'subagent-agent-a0ecf4913e38a93c2.jsonl');
/** A hook still alive after this is killed (SIGKILL → exit code null): the test then fails. */
const GUARD_MS = 20_000;
const TEST_TIMEOUT = 60_000;

let t: TempEnv;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  t = tempEnv('sg-sec-');
  env = { ...t.env, CLAUDE_PROJECT_DIR: t.project, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_NO_DAEMON: '1' };
});
afterEach(() => t.cleanup());

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, 'hook-payloads', name), 'utf8')) as Record<string, unknown>;
}

function stopPayload(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...fixture('11-SubagentStop.json'),
    cwd: t.project,
    agent_transcript_path: FIXTURE_TRANSCRIPT,
    ...extra,
  };
}

function mkfifo(path: string): void {
  const r = spawnSync('mkfifo', [path]);
  if (r.status !== 0) throw new Error(`mkfifo failed: ${String(r.stderr)}`);
  expect(lstatSync(path).isFIFO()).toBe(true);
}

/** Every path below `dir` (symlinks not followed) with its content for files: a snapshot. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isDirectory()) {
        out[p] = `dir ${st.mtimeMs}`;
        walk(p);
      } else if (st.isFile()) out[p] = readFileSync(p, 'utf8');
      else out[p] = st.isSymbolicLink() ? 'link' : 'other';
    }
  };
  walk(dir);
  return out;
}

const scDir = () => join(t.project, '.claude', 'shared-context');

describe('#12.1 nothing outside our own folders is deleted or written', () => {
  it(
    '#12.1 a `.claude/shared-context` symlink to a sibling project: SessionStart deletes nothing there, SubagentStop writes nothing there',
    async () => {
      // The sibling project holds an "old session folder" the TTL cleanup would delete.
      const sibling = join(t.dir, 'sibling');
      const old = join(sibling, 'old-session');
      mkdirSync(old, { recursive: true });
      writeFileSync(join(old, 'notes.md'), 'precious\n');
      const past = new Date(Date.now() - 30 * 24 * 3600_000);
      utimesSync(join(old, 'notes.md'), past, past);
      utimesSync(old, past, past);
      mkdirSync(join(t.project, '.claude'));
      symlinkSync(sibling, scDir());
      const before = snapshot(sibling);

      const start = await runHook(
        'SessionStart',
        { ...fixture('01-SessionStart.json'), cwd: t.project },
        env,
        {
          timeoutMs: GUARD_MS,
        },
      );
      expect(start.code).toBe(0);
      const stop = await runHook('SubagentStop', stopPayload(), env, { timeoutMs: GUARD_MS });
      expect(stop.code).toBe(0);
      const end = await runHook('SessionEnd', { ...fixture('14-SessionEnd.json'), cwd: t.project }, env, {
        timeoutMs: GUARD_MS,
      });
      expect(end.code).toBe(0);

      expect(existsSync(join(old, 'notes.md'))).toBe(true);
      expect(snapshot(sibling)).toEqual(before);
      expect(existsSync(join(sibling, SID))).toBe(false);
      expect(lstatSync(scDir()).isSymbolicLink()).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.1 a `.claude` symlink (one level up) is refused the same way',
    async () => {
      const elsewhere = join(t.dir, 'elsewhere');
      mkdirSync(elsewhere);
      symlinkSync(elsewhere, join(t.project, '.claude'));
      const stop = await runHook('SubagentStop', stopPayload(), env, { timeoutMs: GUARD_MS });
      expect(stop.code).toBe(0);
      expect(readdirSync(elsewhere)).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.1 a symlinked `.gitignore`: its target is not changed',
    async () => {
      const target = join(t.dir, 'victim.txt');
      writeFileSync(target, 'do not touch\n');
      symlinkSync(target, join(t.project, '.gitignore'));
      const stop = await runHook('SubagentStop', stopPayload(), env, { timeoutMs: GUARD_MS });
      expect(stop.code).toBe(0);
      // The hook did its work (the session folder exists) but left the link's target alone.
      expect(existsSync(join(scDir(), SID, '_summary.md'))).toBe(true);
      expect(readFileSync(target, 'utf8')).toBe('do not touch\n');
      expect(lstatSync(join(t.project, '.gitignore')).isSymbolicLink()).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.1 an agent file that is a symlink to a file outside: never read into the summary, never written through',
    async () => {
      const secret = join(t.dir, 'outside-secret.md');
      writeFileSync(secret, '## Findings\n- OUTSIDE-CONTENT-7f3a\n');
      const dir = join(scDir(), SID);
      mkdirSync(dir, { recursive: true });
      symlinkSync(secret, join(dir, 'general-purpose-a32c958c9f43b4a04.md'));
      const stop = await runHook('SubagentStop', stopPayload(), env, { timeoutMs: GUARD_MS });
      expect(stop.code).toBe(0);
      expect(readFileSync(secret, 'utf8')).toBe('## Findings\n- OUTSIDE-CONTENT-7f3a\n');
      const summary = join(dir, '_summary.md');
      if (existsSync(summary)) expect(readFileSync(summary, 'utf8')).not.toContain('OUTSIDE-CONTENT-7f3a');
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.1 payload cwd `../../..` or a folder that does not exist: nothing is created anywhere',
    async () => {
      const noProjectEnv = { ...env };
      delete noProjectEnv.CLAUDE_PROJECT_DIR;
      // The hook process runs three levels below t.dir: `../../..` would resolve to t.dir.
      const deep = join(t.dir, 'a', 'b', 'c');
      mkdirSync(deep, { recursive: true });
      const before = snapshot(t.dir);
      for (const cwd of ['../../..', join(t.dir, 'nope', 'deeper')]) {
        for (const [event, payload] of [
          ['SessionStart', { ...fixture('01-SessionStart.json'), cwd }],
          ['SubagentStop', stopPayload({ cwd })],
          ['SessionEnd', { ...fixture('14-SessionEnd.json'), cwd }],
        ] as const) {
          const r = await runHook(event, payload, noProjectEnv, { timeoutMs: GUARD_MS, cwd: deep });
          expect(r.code).toBe(0);
        }
      }
      const after = snapshot(t.dir);
      // Only the data home may have appeared (the database records the events); nothing else.
      const created = Object.keys(after).filter((p) => !(p in before) && !p.startsWith(t.home));
      expect(created).toEqual([]);
      expect(existsSync(join(t.dir, '.claude'))).toBe(false);
      expect(existsSync(join(t.dir, 'nope'))).toBe(false);
    },
    TEST_TIMEOUT,
  );
});

describe('#12.3 no hook blocks on a non-regular file or a regex', () => {
  it(
    '#12.3 a FIFO as the agent transcript: SubagentStop exits 0 and records the final message',
    async () => {
      const fifo = join(t.dir, 'agent.jsonl');
      mkfifo(fifo);
      const r = await runHook('SubagentStop', stopPayload({ agent_transcript_path: fifo }), env, {
        timeoutMs: GUARD_MS,
      });
      expect(r.code).toBe(0);
      expect(readFileSync(join(scDir(), SID, '_summary.md'), 'utf8')).toContain('missing null check');
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.3 a FIFO as the agent’s own findings file: SubagentStop exits 0 and does not write through it',
    async () => {
      const dir = join(scDir(), SID);
      mkdirSync(dir, { recursive: true });
      const fifo = join(dir, 'general-purpose-a32c958c9f43b4a04.md');
      mkfifo(fifo);
      const r = await runHook('SubagentStop', stopPayload(), env, { timeoutMs: GUARD_MS });
      expect(r.code).toBe(0);
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      // The entry still reaches the summary (from the final message).
      expect(readFileSync(join(dir, '_summary.md'), 'utf8')).toContain('missing null check');
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.3 a FIFO as `_summary.md`: SubagentStart, SubagentStop and SessionEnd exit 0',
    async () => {
      const dir = join(scDir(), SID);
      mkdirSync(dir, { recursive: true });
      mkfifo(join(dir, '_summary.md'));
      for (const [event, payload] of [
        ['SubagentStart', { ...fixture('08-SubagentStart.json'), cwd: t.project }],
        ['SubagentStop', stopPayload()],
        ['SessionEnd', { ...fixture('14-SessionEnd.json'), cwd: t.project }],
      ] as const) {
        const r = await runHook(event, payload, env, { timeoutMs: GUARD_MS });
        expect(r.code, event).toBe(0);
      }
      expect(lstatSync(join(dir, '_summary.md')).isFIFO()).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.3 a FIFO as `.claude/shared-context-config.json` and as the data home config.json: hooks exit 0',
    async () => {
      mkdirSync(join(t.project, '.claude'));
      mkfifo(join(t.project, '.claude', 'shared-context-config.json'));
      mkdirSync(t.home, { recursive: true });
      mkfifo(join(t.home, 'config.json'));
      for (const [event, payload] of [
        ['SubagentStart', { ...fixture('08-SubagentStart.json'), cwd: t.project }],
        ['SubagentStop', stopPayload()],
      ] as const) {
        const r = await runHook(event, payload, env, { timeoutMs: GUARD_MS });
        expect(r.code, event).toBe(0);
      }
      expect(existsSync(join(scDir(), SID, '_summary.md'))).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.3 a FIFO in place of the hook code cache file in the data home: the hook exits 0',
    async () => {
      const main = join(HOOK_JS, '..', 'hook-main.cjs');
      const st = statSync(main);
      const build = `${process.version}-${process.arch}-${st.size}-${Math.floor(st.mtimeMs)}`;
      mkdirSync(join(t.home, 'cache'), { recursive: true });
      mkfifo(join(t.home, 'cache', `hook-SubagentStop-${build}.v8`));
      const r = await runHook(
        'SubagentStop',
        stopPayload(),
        { ...env, SELF_GEN_NO_CODE_CACHE: '' },
        {
          timeoutMs: GUARD_MS,
        },
      );
      expect(r.code).toBe(0);
      expect(existsSync(join(scDir(), SID, '_summary.md'))).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.3 a catastrophic rule regex `(a+)+$` on a long `aaaa…!` line: the hook exits 0 and the rule runs in linear time',
    async () => {
      mkdirSync(join(t.project, '.claude'));
      writeFileSync(
        join(t.project, '.claude', 'shared-context-config.json'),
        JSON.stringify({ rules: [{ name: 'evil', category: 'evil', finalMessage: '(a+)+$' }] }),
      );
      const long = 'a'.repeat(3000) + '!';
      const r = await runHook(
        'SubagentStop',
        stopPayload({ last_assistant_message: `${long}\naaaa\n## Findings\n- Issue: x` }),
        env,
        { timeoutMs: GUARD_MS },
      );
      expect(r.code).toBe(0);
      const summary = readFileSync(join(scDir(), SID, '_summary.md'), 'utf8');
      // Applied, not skipped: the line that matches is an item, the one that does not is not.
      expect(summary).toMatch(/### evil\n- aaaa\n/);
      expect(summary).not.toContain(long.slice(0, 100));
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.3 `self-gen doctor` names a rule the linear-time engine cannot run, with a fix: line',
    () => {
      mkdirSync(join(t.project, '.claude'));
      writeFileSync(
        join(t.project, '.claude', 'shared-context-config.json'),
        JSON.stringify({
          rules: [
            { name: 'lookbehind-rule', category: 'notes', finalMessage: '(?<=Bug: )\\w+' },
            { name: 'fine-rule', category: 'notes', finalMessage: '^Bug:' },
          ],
        }),
      );
      const r = cli(env, ['doctor'], { cwd: t.project });
      const out = `${r.stdout}\n${r.stderr}`;
      const line = out.split('\n').findIndex((l) => l.includes('lookbehind-rule'));
      expect(line, out).toBeGreaterThanOrEqual(0);
      expect(
        out
          .split('\n')
          .slice(line, line + 3)
          .join('\n'),
      ).toMatch(/fix:/);
      expect(out).not.toContain('fine-rule');
    },
    TEST_TIMEOUT,
  );
});

describe('#12.1 more symlinks inside the project', () => {
  it(
    '#12.1 a session folder that is a symlink to a sibling folder: nothing is written or deleted there',
    async () => {
      const sibling = join(t.dir, 'sibling-session');
      mkdirSync(sibling);
      writeFileSync(join(sibling, 'notes.md'), 'precious\n');
      const past = new Date(Date.now() - 30 * 24 * 3600_000);
      utimesSync(join(sibling, 'notes.md'), past, past);
      mkdirSync(scDir(), { recursive: true });
      symlinkSync(sibling, join(scDir(), SID));
      symlinkSync(sibling, join(scDir(), 'other-old-session'));
      const before = snapshot(sibling);
      for (const [event, payload] of [
        ['SessionStart', { ...fixture('01-SessionStart.json'), cwd: t.project, session_id: 'new-session' }],
        ['SubagentStop', stopPayload()],
        ['SessionEnd', { ...fixture('14-SessionEnd.json'), cwd: t.project }],
      ] as const) {
        const r = await runHook(event, payload, env, { timeoutMs: GUARD_MS });
        expect(r.code, event).toBe(0);
      }
      expect(snapshot(sibling)).toEqual(before);
    },
    TEST_TIMEOUT,
  );

  it(
    '#12.1 a `.claude/shared-context-config.json` symlink to a file outside is not read',
    async () => {
      const elsewhere = join(t.dir, 'elsewhere.json');
      writeFileSync(elsewhere, JSON.stringify({ enabled: false }));
      mkdirSync(join(t.project, '.claude'));
      symlinkSync(elsewhere, join(t.project, '.claude', 'shared-context-config.json'));
      const r = await runHook('SubagentStop', stopPayload(), env, { timeoutMs: GUARD_MS });
      expect(r.code).toBe(0);
      // Had the link been followed, `enabled: false` would have switched the shared context off.
      expect(existsSync(join(scDir(), SID, '_summary.md'))).toBe(true);
    },
    TEST_TIMEOUT,
  );
});

describe('#12.1 doctor', () => {
  it(
    '#12.1 `self-gen doctor` warns about a symlinked `.claude/shared-context`, with a fix: line',
    () => {
      mkdirSync(join(t.project, '.claude'));
      symlinkSync(t.dir, scDir());
      const r = cli(env, ['doctor'], { cwd: t.project });
      const lines = `${r.stdout}\n${r.stderr}`.split('\n');
      const i = lines.findIndex((l) => l.includes('is a symlink or not a folder'));
      expect(i, lines.join('\n')).toBeGreaterThanOrEqual(0);
      expect(lines[i + 1]).toMatch(/fix: rm /);
    },
    TEST_TIMEOUT,
  );
});
