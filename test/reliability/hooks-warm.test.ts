// #15.2 / #15.3: the warm hook path (dist/hook-warm.bash over 127.0.0.1, and dist/hook-warm.sh with
// curl over the Unix socket → dist/hook-server.js) with real processes, each test through both clients:
// same answers as the process path, and fail-open when the server is killed, its socket is taken by
// something else, two start at once, its pid file is stale, or the disk is full. Every hook exits 0,
// prints nothing or one JSON object, and every event is recorded by whichever path ran.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { hookServerPaths } from '../../src/common/sockets.js';
import { pingHookServer, stopHookServer } from '../../src/hook/host/server-client.js';
import { cli } from '../helpers/cli.js';
import { FIXTURES, tempEnv, type TempEnv } from '../helpers/env.js';
import { fixturePayloads, parseHookOutput, runHook } from '../helpers/hook-proc.js';
import {
  eventRows,
  runWarm,
  socketOf,
  spawnServer,
  waitForServer,
  WARM_CLIENTS,
  type WarmClient,
} from '../helpers/warm.js';
import { canMountTmpfs, mountTmpfs } from '../helpers/tmpfs.js';
import { holdWriteLock } from '../helpers/db-lock.js';
import { bashFailure, bashPost, bashPre } from '../helpers/payloads.js';

const bash = (project: string, id: string, command = 'ls', session = 'warm-s') =>
  bashPost(project, id, { session, command });
const failure = (project: string, id: string, session = 'warm-s') =>
  bashFailure(project, id, {
    session,
    command: 'cat /nonexistent/dir/file.txt',
    error: 'Exit code 1\ncat: /nonexistent/dir/file.txt: No such file or directory',
  });
const pre = (project: string, id: string, session = 'warm-s') =>
  bashPre(project, id, { session, command: 'cat /nonexistent/dir/file.txt' });

/** Exit 0, nothing on stderr, nothing or one JSON object on stdout. */
function expectClean(r: { code: number | null; stdout: string; stderr: string }) {
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  expect(() => parseHookOutput(r.stdout)).not.toThrow();
}

const ids = (home: string, type: string) =>
  eventRows(home)
    .filter((e) => e.type === type)
    .map((e) => e.toolUseId);

let t: TempEnv;
let env: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];
const servers: Server[] = [];

beforeEach(() => {
  t = tempEnv('sg-warm-');
  env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_NO_HOOK_SERVER: '1' };
});
afterEach(async () => {
  await stopHookServer({ env }).catch(() => false);
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const s of servers.splice(0)) s.close();
  t.cleanup();
});

function start(e = env, prefix?: string): ChildProcess {
  const c = spawnServer(e, prefix);
  children.push(c);
  return c;
}

describe.each(WARM_CLIENTS)('the %s client', (client: WarmClient) => {
  const warm = (...[event, payload, e, o]: Parameters<typeof runWarm>) =>
    runWarm(event, payload, e, { ...o, client });

  describe('#15.3 the same answers on both paths', () => {
    it('every fixture payload gives the same output through the warm server as through a hook process', async () => {
      // typed in the project the payloads name: a fix in prose is offered where it was typed
      const seedKb = (e: NodeJS.ProcessEnv, cwd: string) => {
        const r = cli(
          e,
          [
            'kb',
            'add',
            'cat: /nonexistent/dir/file.txt: No such file or directory',
            '-r',
            'create the folder first (mkdir -p /nonexistent/dir)',
            '-t',
            'Bash',
          ],
          { cwd },
        );
        if (r.code !== 0) throw new Error(`kb add exited ${r.code}: ${r.stderr}`);
      };
      const warmT = tempEnv('sg-warm-b-');
      const envA = env;
      const envB = { ...warmT.env, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_NO_HOOK_SERVER: '1' };
      try {
        seedKb(envA, t.project);
        seedKb(envB, warmT.project);
        start(envB);
        expect(await waitForServer(envB)).not.toBeNull();
        const before = await pingHookServer({ env: envB });
        const outA: string[] = [];
        const outB: string[] = [];
        for (const [tt, e, out, viaWarm] of [
          [t, envA, outA, false],
          [warmT, envB, outB, true],
        ] as const) {
          const transcripts = join(tt.dir, 'claude');
          const payloads = fixturePayloads({ project: tt.project, transcriptDir: transcripts });
          const stop = payloads.find((p) => p.event === 'SubagentStop')!.payload;
          mkdirSync(dirname(String(stop.agent_transcript_path)), { recursive: true });
          copyFileSync(
            join(FIXTURES, 'transcripts', 'subagent-agent-a0ecf4913e38a93c2.jsonl'),
            String(stop.agent_transcript_path),
          );
          for (const { event, payload } of payloads) {
            const r = viaWarm ? await warm(event, payload, e) : await runHook(event, payload, e);
            expectClean(r);
            // Paths differ between the two homes: compare with each project's path taken out.
            out.push(
              `${event} ${r.stdout.trim().replaceAll(tt.project, '<proj>').replaceAll(tt.dir, '<dir>')}`,
            );
          }
        }
        expect(outB).toEqual(outA);
        // The warm side was really answered by the server (not by its fallback).
        const info = await pingHookServer({ env: envB });
        expect(info!.requests - before!.requests - 1).toBe(outB.length);
        // Something was actually answered (advice for the failure, at least).
        expect(outA.some((o) => o.startsWith('PostToolUseFailure {'))).toBe(true);
        const types = (h: string) => eventRows(h).map((r) => r.type);
        expect(types(warmT.home)).toEqual(types(t.home));
      } finally {
        await stopHookServer({ env: envB });
        warmT.cleanup();
      }
    });
  });

  describe('#15.2 fail open: the warm server down, taken, doubled, stale, or on a full disk', () => {
    it('the server killed mid-session: the next hooks fall back to the process path, nothing is lost', async () => {
      const server = start();
      expect(await waitForServer(env)).toBe(server.pid);
      expectClean(await warm('PostToolUse', bash(t.project, 'a1'), env));
      expectClean(await warm('PreToolUse', pre(t.project, 'a2'), env));
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      // The socket file is still there, nobody listens: refused at once, then the process path.
      expectClean(await warm('PostToolUseFailure', failure(t.project, 'a2'), env));
      expectClean(await warm('PostToolUse', bash(t.project, 'a3'), env));
      expect(ids(t.home, 'tool_use')).toEqual(['a1', 'a3']);
      expect(ids(t.home, 'tool_error')).toEqual(['a2']);
    });

    it('a fallback starts the server again for the next hook (one, even when two hooks start it at once)', async () => {
      const e = { ...env, SELF_GEN_NO_HOOK_SERVER: '' };
      const [r1, r2] = await Promise.all([
        warm('PostToolUse', bash(t.project, 'b1'), e),
        warm('PostToolUse', bash(t.project, 'b2'), e),
      ]);
      expectClean(r1);
      expectClean(r2);
      const pid = await waitForServer(e);
      expect(pid).not.toBeNull();
      expectClean(await warm('PostToolUse', bash(t.project, 'b3'), e));
      expect(ids(t.home, 'tool_use').sort()).toEqual(['b1', 'b2', 'b3']);
    });

    it('the server exits by itself when its data home is deleted (no orphan serving a dead socket)', async () => {
      const server = start();
      expect(await waitForServer(env)).toBe(server.pid);
      const exit = new Promise((r) => server.once('exit', r));
      spawnSync('rm', ['-rf', t.home]);
      await exit;
      expect(server.exitCode).toBe(0);
    });

    it('a database locked longer than the client waits: the event is queued once, not recorded twice', async () => {
      const server = start();
      expect(await waitForServer(env)).toBe(server.pid);
      expectClean(await warm('PostToolUse', bash(t.project, 'g0'), env));
      const lock = holdWriteLock(join(t.home, 'data', 'self-gen.db'));
      await lock.ready;
      expectClean(await warm('PostToolUseFailure', failure(t.project, 'g1'), env));
      expect(lock.held(), 'the hook was done while the lock was still held').toBe(true);
      lock.release();
      await lock.done;
      expectClean(await warm('PostToolUse', bash(t.project, 'g2'), env)); // stores the queue
      expect(ids(t.home, 'tool_error')).toEqual(['g1']);
      expect(ids(t.home, 'tool_use').sort()).toEqual(['g0', 'g2']);
    });

    it('two servers started at once: one serves, the other exits', async () => {
      const a = start();
      const b = start();
      const exited = await Promise.race([
        new Promise<ChildProcess>((r) => a.once('exit', () => r(a))),
        new Promise<ChildProcess>((r) => b.once('exit', () => r(b))),
      ]);
      const pid = await waitForServer(env);
      expect(pid).not.toBeNull();
      expect(pid).not.toBe(exited.pid);
      expect([a.pid, b.pid]).toContain(pid);
      expect(exited.exitCode).toBe(0);
      expectClean(await warm('PostToolUse', bash(t.project, 'c1'), env));
      expect(ids(t.home, 'tool_use')).toEqual(['c1']);
    });

    it.each([
      ['answers 500', (res: import('node:http').ServerResponse) => res.writeHead(500).end('boom')],
      [
        'answers 200 with text that is not JSON',
        (res: import('node:http').ServerResponse) => res.writeHead(200).end('hello'),
      ],
      ['never answers', () => {}],
    ])(
      'its socket taken by something else that %s: the process path answers',
      async (_name, handler) => {
        const sock = socketOf(env);
        mkdirSync(dirname(sock), { recursive: true });
        const foreign = createServer((_req, res) => handler(res));
        servers.push(foreign);
        await new Promise<void>((r) => foreign.listen(sock, () => r()));
        const e = { ...env, SELF_GEN_HOOK_CLIENT_TIMEOUT: '0.5' };
        expectClean(await warm('PostToolUseFailure', failure(t.project, 'd1'), e));
        expectClean(await warm('PostToolUse', bash(t.project, 'd2'), e));
        expect(ids(t.home, 'tool_error')).toEqual(['d1']);
        expect(ids(t.home, 'tool_use')).toEqual(['d2']);
        foreign.closeAllConnections();
      },
      60_000,
    );

    it('a stale pid file and socket file: hooks fall back, doctor says so, a new server takes over', async () => {
      const hp = hookServerPaths(env);
      mkdirSync(dirname(hp.info), { recursive: true });
      // A pid that is gone, and a socket path left as a plain file.
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
        encoding: 'utf8',
      });
      writeFileSync(hp.info, JSON.stringify({ pid: Number(dead.stdout), socket: hp.socket }));
      writeFileSync(hp.socket, 'not a socket');
      expectClean(await warm('PostToolUse', bash(t.project, 'e1'), env));
      writeFileSync(join(t.home, 'hooks-mode.json'), '{"mode":"warm"}');
      const doc = cli(env, ['status']);
      expect(doc.stdout).toMatch(/hook server not running \(stale pid file: \d+ is gone\)/);
      const server = start();
      expect(await waitForServer(env)).toBe(server.pid);
      expectClean(await warm('PostToolUse', bash(t.project, 'e2'), env));
      const doc2 = cli(env, ['status']);
      expect(doc2.stdout).toContain(`hook server running (pid ${server.pid}`);
      expect(ids(t.home, 'tool_use')).toEqual(['e1', 'e2']);
    });
  });
});

const canMount = canMountTmpfs();

describe.skipIf(!canMount).each(WARM_CLIENTS)(
  '#15.2 the warm server on a full disk (%s client)',
  (client: WarmClient) => {
    const warm = (...[event, payload, e, o]: Parameters<typeof runWarm>) =>
      runWarm(event, payload, e, { ...o, client });
    it('hooks exit 0 with nothing or one JSON object; once there is space, events are recorded again', async () => {
      const mnt = join(t.dir, 'mnt');
      mkdirSync(mnt);
      mountTmpfs(mnt, '3m');
      try {
        const e = { ...env, SELF_GEN_HOME: join(mnt, 'home') };
        start(e);
        expect(await waitForServer(e)).not.toBeNull();
        expectClean(await warm('PostToolUse', bash(t.project, 'f1'), e));
        const filler = join(mnt, 'filler');
        spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k', 'count=100'], { stdio: 'ignore' });
        for (let i = 0; i < 4; i++) {
          expectClean(await warm('PostToolUseFailure', failure(t.project, `full${i}`), e));
          expectClean(await warm('PostToolUse', bash(t.project, `fullok${i}`, 'x'.repeat(3000)), e));
        }
        spawnSync('rm', ['-f', filler]);
        expectClean(await warm('PostToolUse', bash(t.project, 'f2'), e));
        const home = join(mnt, 'home');
        const used = ids(home, 'tool_use');
        expect(used[0]).toBe('f1');
        expect(used).toContain('f2');
      } finally {
        await stopHookServer({ env: { ...env, SELF_GEN_HOME: join(mnt, 'home') } });
        for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
        await new Promise((r) => setTimeout(r, 200));
        spawnSync('umount', [mnt]);
      }
    });
  },
);
