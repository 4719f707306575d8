// #15.2: the bash warm client (dist/hook-warm.bash → the hook server's 127.0.0.1 port) against what
// only a network port has: a stranger listening on a stale port never receives the payload (it gets
// the client token, never anything more), a wrong server token or an old port file sends the hook to
// the process path, a payload longer than bash's read cap goes through the curl client, byte lengths
// are right for multibyte and non-UTF-8 payloads, and the usual path needs no program but bash.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { pingHookServer, stopHookServer } from '../../src/hook/host/server-client.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { parseHookOutput, runHook, runWithInput } from '../helpers/hook-proc.js';
import {
  BASH,
  eventRows,
  HAS_BASH4,
  portFileOf,
  runWarm,
  spawnServer,
  waitForServer,
  WARM_BASH,
} from '../helpers/warm.js';
import { bashPost } from '../helpers/payloads.js';

const MARK = 'PAYLOAD-MARK-7f3a';
const bashCall = (project: string, id: string, command = `echo ${MARK}`) =>
  bashPost(project, id, { session: 'bash-s', command });

function expectClean(r: { code: number | null; stdout: string; stderr: string }) {
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  expect(() => parseHookOutput(r.stdout)).not.toThrow();
}

const toolUses = (home: string) => eventRows(home).filter((e) => e.type === 'tool_use');

let t: TempEnv;
let env: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];
const strangers: Server[] = [];

beforeEach(() => {
  t = tempEnv('sg-warm-bash-');
  env = {
    ...t.env,
    SELF_GEN_NO_BACKGROUND: '1',
    SELF_GEN_NO_HOOK_SERVER: '1',
    SELF_GEN_HOOK_CLIENT_TIMEOUT: '0.5',
  };
});
afterEach(async () => {
  await stopHookServer({ env }).catch(() => false);
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const s of strangers.splice(0)) s.close();
  t.cleanup();
});

async function startServer(): Promise<number> {
  const c = spawnServer(env);
  children.push(c);
  const pid = await waitForServer(env);
  expect(pid).toBe(c.pid);
  return (await pingHookServer({ env }))!.requests;
}

/** Requests the running server answered since `before` (its own ping not counted). */
const answeredSince = async (before: number) => (await pingHookServer({ env }))!.requests - before - 1;

function writePortFile(line: string) {
  const f = portFileOf(env);
  mkdirSync(dirname(f), { recursive: true, mode: 0o700 });
  writeFileSync(f, line, { mode: 0o600 });
}

/** A stranger's TCP server on 127.0.0.1: records every byte it receives, answers with `onData`. */
async function stranger(
  onData: (s: Socket, got: Buffer) => void,
): Promise<{ port: number; got: () => string }> {
  const chunks: Buffer[] = [];
  const srv = createServer((s) => {
    s.on('error', () => {});
    s.on('data', (c: Buffer) => {
      chunks.push(c);
      onData(s, Buffer.concat(chunks));
    });
  });
  strangers.push(srv);
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const addr = srv.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : 0,
    got: () => Buffer.concat(chunks).toString('latin1'),
  };
}

const CTOK = 'c'.repeat(48);
const STOK = 's'.repeat(48);

describe.skipIf(!HAS_BASH4)(
  '#15.2 a stranger on the port named in the port file never receives the payload',
  () => {
    it.each([
      ['closes at once', (s: Socket) => s.destroy()],
      ['answers a token of its own', (s: Socket) => s.write(`${'x'.repeat(48)}\n`)],
      [
        'answers the client token it was sent (the only one it knows)',
        (s: Socket, got: Buffer) => s.write(got),
      ],
      [
        'answers the server token of another start (it cannot know the new one)',
        (s: Socket) => s.write(`${'o'.repeat(48)}\n`),
      ],
      ['never answers', () => {}],
    ])(
      'a stranger that %s: it gets the client token only; the process path records the call',
      async (_n, answer) => {
        const st = await stranger(answer);
        writePortFile(`${st.port} ${CTOK} ${STOK} /nonexistent.sock\n`);
        const r = await runWarm('PostToolUse', bashCall(t.project, 'x1'), env, { client: 'bash' });
        expectClean(r);
        expect(st.got()).not.toContain(MARK);
        expect(st.got()).not.toContain('PostToolUse');
        expect(`${CTOK}\n`.startsWith(st.got())).toBe(true);
        expect(toolUses(t.home).map((e) => e.toolUseId)).toEqual(['x1']);
      },
    );
  },
);

describe.skipIf(!HAS_BASH4)('#15.2 the port file', () => {
  it('only its owner can read it (0600 in the 0700 run folder); it goes when the server stops', async () => {
    await startServer();
    const f = portFileOf(env);
    expect(statSync(f).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(f)).mode & 0o777).toBe(0o700);
    expect(readFileSync(f, 'utf8')).toMatch(/^\d{1,5} [0-9a-f]{48} [0-9a-f]{48} \/.+\.sock\n$/);
    expect(await stopHookServer({ env })).toBe(true);
    for (let i = 0; i < 100 && existsSync(f); i++) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(f)).toBe(false);
  });
});

describe.skipIf(!HAS_BASH4)('#15.2 the bash client fails open on old or broken port files', () => {
  it('the real server, but the port file holds the tokens of an earlier start: process path, no request reached the handlers', async () => {
    const before = await startServer();
    const [port, , , sock] = readFileSync(portFileOf(env), 'utf8').trim().split(' ');
    writePortFile(`${port} ${CTOK} ${STOK} ${sock}\n`);
    expectClean(await runWarm('PostToolUse', bashCall(t.project, 'o1'), env, { client: 'bash' }));
    expect(await answeredSince(before)).toBe(0);
    expect(toolUses(t.home).map((e) => e.toolUseId)).toEqual(['o1']);
  });

  it.each([
    [
      'a port nobody listens on',
      async () => {
        const st = await stranger(() => {});
        const port = st.port;
        await new Promise<void>((r) => strangers.pop()!.close(() => r()));
        return `${port} ${CTOK} ${STOK} /nonexistent.sock\n`;
      },
    ],
    ['garbage', async () => 'not a port file at all\n'],
    ['short tokens', async () => '1 a b /x.sock\n'],
    ['nothing', async () => ''],
  ])('a port file with %s: the process path answers', async (_n, line) => {
    writePortFile(await line());
    expectClean(await runWarm('PostToolUse', bashCall(t.project, 'p1'), env, { client: 'bash' }));
    expect(toolUses(t.home).map((e) => e.toolUseId)).toEqual(['p1']);
  });
});

describe.skipIf(!HAS_BASH4)('#15.2 what the bash client passes on', () => {
  it('multibyte and non-UTF-8 payloads: the byte length is right (the server answers) and the text arrives whole', async () => {
    const before = await startServer();
    const text = `echo 한국어 テスト 🚀 ${MARK}`;
    expectClean(await runWarm('PostToolUse', bashCall(t.project, 'm1', text), env, { client: 'bash' }));
    // A byte that is not UTF-8 inside a JSON string: decoded as the process path decodes it.
    const raw = Buffer.from(JSON.stringify(bashCall(t.project, 'm2', `echo Z${MARK}`)));
    // (the Z before the mark: a temporary path or id may hold a Z of its own)
    const at = raw.indexOf(`Z${MARK}`);
    raw[at] = 0xff;
    expectClean(await runWarm('PostToolUse', raw, env, { client: 'bash' }));
    expect(await answeredSince(before)).toBe(2);
    const rows = toolUses(t.home);
    expect(rows.map((e) => e.toolUseId)).toEqual(['m1', 'm2']);
    expect(JSON.stringify(rows[0]!.data)).toContain(text);
    expect(JSON.stringify(rows[1]!.data)).toContain(`echo \uFFFD${MARK}`);
  });

  it('a payload longer than the read cap goes through the curl client to the same server, whole', async () => {
    const before = await startServer();
    // The id follows the long command in the payload: recorded, it arrived whole (JSON that parsed).
    const big = `echo ${MARK} ${'x'.repeat(300_000)}`;
    const r = await runWarm('PostToolUse', bashCall(t.project, 'b1', big), env, { client: 'bash' });
    expectClean(r);
    expect(await answeredSince(before)).toBe(1);
    const rows = toolUses(t.home);
    expect(rows.map((e) => e.toolUseId)).toEqual(['b1']);
    expect(JSON.stringify(rows[0]!.data)).toContain(MARK);
  });

  it('a payload longer than the cap with no server: the process path gets all of it', async () => {
    const big = `echo ${MARK} ${'y'.repeat(300_000)}`;
    const payload = bashCall(t.project, 'b2', big);
    const r = await runWarm('PostToolUse', payload, env, { client: 'bash' });
    expectClean(r);
    const rows = toolUses(t.home);
    expect(rows.map((e) => e.toolUseId)).toEqual(['b2']);
    expect(JSON.stringify(rows[0]!.data)).toContain(MARK);
  });

  it('the usual path runs no program but bash: with an empty PATH the server still answers, the same as a hook process', async () => {
    const before = await startServer();
    const failure = {
      hook_event_name: 'PreToolUse',
      session_id: 'bash-s',
      cwd: t.project,
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'n1',
    };
    const r = await runWarm('PreToolUse', failure, { ...env, PATH: '/nonexistent' }, { client: 'bash' });
    expectClean(r);
    expect(await answeredSince(before)).toBe(1);
    const direct = await runHook('PreToolUse', failure, env);
    expect(r.stdout.trim()).toBe(direct.stdout.trim());
  });
});

describe.skipIf(!HAS_BASH4)('#15.2 the environment does not reach into the bash client', () => {
  it('BASH_ENV and exported functions of the caller are ignored (bash -p): the answer stays one JSON object', async () => {
    const before = await startServer();
    const rc = join(t.dir, 'bash-env.sh');
    writeFileSync(rc, 'echo "from BASH_ENV"\n');
    const failure = {
      hook_event_name: 'PreToolUse',
      session_id: 'bash-env-s',
      cwd: t.project,
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'e1',
    };
    const hostile = { ...env, BASH_ENV: rc, 'BASH_FUNC_printf%%': '() { echo hijacked; }' };
    const r = await runWarm('PreToolUse', failure, hostile, { client: 'bash' });
    expectClean(r);
    expect(r.stdout).not.toContain('from BASH_ENV');
    expect(r.stdout).not.toContain('hijacked');
    expect(await answeredSince(before)).toBe(1);
  });
});

describe.skipIf(!HAS_BASH4)('#15.2 the process path behind the bash client', () => {
  it("gets the payload byte for byte (multibyte, non-UTF-8, over the cap) and the caller's LC_ALL back", async () => {
    // The client next to a probe in place of dist/hook.cjs: it reports what the process path got.
    const dist = join(t.dir, 'dist');
    mkdirSync(dist);
    copyFileSync(WARM_BASH, join(dist, 'hook-warm.bash'));
    writeFileSync(
      join(dist, 'hook.cjs'),
      `const c = []; process.stdin.on('data', (d) => c.push(d)).on('end', () => {
        const b = Buffer.concat(c);
        console.log(JSON.stringify({ event: process.argv[2], warm: process.env.SELF_GEN_HOOK_WARM,
          lc: process.env.LC_ALL ?? null, sha: require('node:crypto').createHash('sha256').update(b).digest('hex') }));
      });`,
    );
    const small = Buffer.concat([
      Buffer.from('{"a":"한국어 🚀 '),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('"}'),
    ]);
    const big = Buffer.from(JSON.stringify({ a: 'é'.repeat(200_000) })); // 400 KB: over the cap
    for (const [payload, lc] of [
      [small, 'C.UTF-8'],
      [big, 'C.UTF-8'],
      [small, undefined],
    ] as const) {
      const e: NodeJS.ProcessEnv = { ...env };
      delete e.LC_ALL;
      if (lc) e.LC_ALL = lc;
      const r = await runWithInput(
        BASH,
        [join(dist, 'hook-warm.bash'), 'PreToolUse', portFileOf(env)],
        payload,
        {
          env: e,
        },
      );
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        event: 'PreToolUse',
        warm: '1',
        lc: lc ?? null,
        sha: createHash('sha256').update(payload).digest('hex'),
      });
    }
  });
});
