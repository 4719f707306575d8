// #15.2: the warm hook server's 127.0.0.1 transport (src/hook/host/server-tcp.ts) for the bash
// client: the server token only goes to a client that knew the client token, the request's byte
// lengths frame it exactly (multibyte and non-UTF-8 bytes), parts of a request are answered with a
// dot at once, and a malformed request gets 400, never the handler.
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import {
  listenHookTcp,
  portFileText,
  type TcpHookListener,
  type TcpHookRequest,
} from '../../src/hook/host/server-tcp.js';
import { parseLocaleVars, withCallerLocale } from '../../src/common/locale.js';

let listener: TcpHookListener | null = null;
const seen: TcpHookRequest[] = [];

async function listen(): Promise<TcpHookListener> {
  const l = await listenHookTcp({
    isEvent: (e) => e === 'PreToolUse' || e === 'PostToolUse',
    maxBody: 1024 * 1024,
    handle: async (r) => {
      seen.push(r);
      return { status: 200, body: JSON.stringify({ got: r.payload.length, dir: r.projectDir }) };
    },
  });
  if (typeof l === 'string') throw new Error(l);
  listener = l;
  return l;
}

afterEach(async () => {
  await listener?.close();
  listener = null;
  seen.length = 0;
});

/** Connects, runs `talk`, and collects every byte the server sent until it closed. */
function exchange(port: number, talk: (s: Socket, received: () => Buffer) => void): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const s = connect(port, '127.0.0.1');
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => {});
    s.on('close', () => resolve(Buffer.concat(chunks)));
    s.on('connect', () => talk(s, () => Buffer.concat(chunks)));
  });
}

const waitFor = async (f: () => boolean) => {
  for (let i = 0; i < 200 && !f(); i++) await new Promise((r) => setTimeout(r, 10));
};

function request(event: string, dir: Buffer, payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${event} ${dir.length} ${payload.length}\n`), dir, payload]);
}

describe('#15.2 the bash client transport: tokens first, then one framed request', () => {
  it('a wrong client token: the connection is closed and the server token is never sent', async () => {
    const l = await listen();
    for (const wrong of ['', 'x'.repeat(48), `${l.clientToken}x`, l.serverToken, l.clientToken.slice(1)]) {
      const got = await exchange(l.port, (s) => s.write(`${wrong}\n`));
      expect(got.toString()).toBe('');
    }
    // A line that never ends is not waited for without limit either.
    const long = await exchange(l.port, (s) => s.write('a'.repeat(1000)));
    expect(long.toString()).toBe('');
    expect(seen).toEqual([]);
  });

  it('the right client token gets the server token; the request reaches the handler byte for byte', async () => {
    const l = await listen();
    // Multibyte text, an emoji, and a byte that is not UTF-8 at all: lengths are bytes.
    const payload = Buffer.concat([
      Buffer.from('{"hook_event_name":"PreToolUse","tool_input":{"command":"echo 한국어 🚀 '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}}'),
    ]);
    const dir = Buffer.from('/home/dev/프로젝트 dir');
    const got = await exchange(l.port, (s, received) => {
      s.write(`${l.clientToken}\n`);
      void waitFor(() => received().length > 0).then(() => {
        expect(received().toString()).toBe(`${l.serverToken}\n`);
        s.write(request('PreToolUse', dir, payload));
      });
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.event).toBe('PreToolUse');
    expect(seen[0]!.projectDir).toBe('/home/dev/프로젝트 dir');
    expect(seen[0]!.payload).toBe(payload.toString('utf8'));
    const body = JSON.stringify({ got: payload.toString('utf8').length, dir: '/home/dev/프로젝트 dir' });
    expect(got.toString()).toBe(`${l.serverToken}\n200\n${body}`);
  });

  it('a request in several parts: each part that leaves it incomplete is answered with a dot at once', async () => {
    const l = await listen();
    const payload = Buffer.from(JSON.stringify({ content: 'y'.repeat(10_000) }));
    const req = request('PostToolUse', Buffer.alloc(0), payload);
    const got = await exchange(l.port, (s, received) => {
      s.write(`${l.clientToken}\n`);
      void (async () => {
        await waitFor(() => received().length > 0);
        let dots = 0;
        for (const part of [req.subarray(0, 100), req.subarray(100, 5000)]) {
          s.write(part);
          dots++;
          await waitFor(() => received().length === l.serverToken.length + 1 + dots);
        }
        s.write(req.subarray(5000));
      })();
    });
    expect(got.toString()).toBe(
      `${l.serverToken}\n..200\n${JSON.stringify({ got: payload.length, dir: '' })}`,
    );
    expect(seen[0]!.payload).toBe(payload.toString());
  });

  it("the client's locale part reaches the handler; a head without it (an older client) leaves it undefined", async () => {
    const l = await listen();
    const send = (req: string) =>
      exchange(l.port, (s, received) => {
        s.write(`${l.clientToken}\n`);
        void waitFor(() => received().length > 0).then(() => s.write(req));
      });
    const loc = 'LC_ALL= LC_MESSAGES= LANG=en_US.UTF-8';
    const got = await send(`PreToolUse 2 2 ${loc.length}\n/p{}${loc}`);
    expect(got.toString()).toBe(`${l.serverToken}\n200\n${JSON.stringify({ got: 2, dir: '/p' })}`);
    expect(seen[0]!.locale).toBe(loc);
    expect(seen[0]!.payload).toBe('{}');
    await send(`PreToolUse 0 2\n{}`);
    expect(seen[1]!.locale).toBeUndefined();
  });

  it.each([
    ['a locale part longer than the limit', `PreToolUse 0 2 5000\n{}`],
    ['an unknown event', `Nope 0 2\n{}`],
    ['a head that is not one', `PreToolUse zero 2\n{}`],
    ['a body longer than the limit', `PreToolUse 0 ${2 * 1024 * 1024}\n{}`],
    ['more bytes than the head said', `PreToolUse 0 2\n{}{}`],
  ])('%s: 400, and the handler is not called', async (_name, req) => {
    const l = await listen();
    const got = await exchange(l.port, (s, received) => {
      s.write(`${l.clientToken}\n`);
      void waitFor(() => received().length > 0).then(() => s.write(req));
    });
    expect(got.toString()).toBe(`${l.serverToken}\n400\n`);
    expect(seen).toEqual([]);
  });

  it('the port file line names the port, both tokens and the socket; every start has new tokens', async () => {
    const a = await listen();
    expect(portFileText(a, '/run/hooks.sock')).toBe(
      `${a.port} ${a.clientToken} ${a.serverToken} /run/hooks.sock\n`,
    );
    expect(a.clientToken).toMatch(/^[0-9a-f]{48}$/);
    expect(a.serverToken).toMatch(/^[0-9a-f]{48}$/);
    const b = await listenHookTcp({
      isEvent: () => true,
      maxBody: 10,
      handle: async () => ({ status: 200, body: '' }),
    });
    if (typeof b === 'string') throw new Error(b);
    try {
      expect([b.clientToken, b.serverToken]).not.toContain(a.clientToken);
      expect([b.clientToken, b.serverToken]).not.toContain(a.serverToken);
    } finally {
      await b.close();
    }
  });
});

describe("the warm clients' locale part", () => {
  it('known variables with locale-like values are read; unknown names and odd values are dropped', () => {
    expect(parseLocaleVars('LC_ALL= LC_MESSAGES=ko_KR.UTF-8 LANG=en_US.utf8@euro')).toEqual({
      LC_MESSAGES: 'ko_KR.UTF-8',
      LANG: 'en_US.utf8@euro',
    });
    expect(parseLocaleVars('PATH=/tmp LANG=$(id) LC_ALL=C')).toEqual({ LC_ALL: 'C' });
    expect(parseLocaleVars('')).toEqual({});
  });

  it("replaces the server's own locale variables, set or not, by the caller's", () => {
    const server = { LANG: 'ko_KR.UTF-8', LC_ALL: 'ko_KR.UTF-8', HOME: '/h' };
    expect(withCallerLocale(server, { LANG: 'en_US.UTF-8' })).toEqual({ LANG: 'en_US.UTF-8', HOME: '/h' });
    expect(withCallerLocale(server, {})).toEqual({ HOME: '/h' });
    expect(server.LC_ALL).toBe('ko_KR.UTF-8'); // not changed in place
  });
});
