// The warm hook server's TCP transport for the bash client (dist/hook-warm.bash): 127.0.0.1 only,
// a random port, and two random tokens (new at every start) in the port file (0600 in the 0700 run
// folder). 127.0.0.1 is reachable by every local user and a stale port may be taken by a stranger,
// so both sides prove themselves before a payload moves:
//
//   client → `<client token>\n`                 the server closes at once on a wrong token
//   server → `<server token>\n`                 only ever sent to a client that knew the client token
//   client → `<Event> <dir bytes> <payload bytes>\n<project dir><payload>`   (one write)
//   server → `.` for each part of a request that is not complete yet (see below)
//   server → `<status>\n<answer>` and closes     200: nothing or one JSON object; 503: use the process path
//
// Why the dots: bash writes a request longer than 4 KiB (or with a line break before the end) in
// several writes, and after the token exchange Linux delays our ACKs (an interactive connection),
// so Nagle holds the client's next write back until the delayed ACK: 40 ms per request (measured).
// A byte sent back at once carries the ACK; the client skips the dots.
//
// The client checks the server token before it sends the payload: a stranger on the port learns the
// client token (useless: it only opens the real server, which then runs on another port with new
// tokens) and never the payload. The answer goes through the same handler path as the Unix-socket
// HTTP one (the caller's `handle`).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface TcpHookRequest {
  event: string;
  projectDir: string;
  payload: string;
  arrived: Date;
  /** performance.now() when the request was read whole (timing records). */
  arrivedAt: number;
}
export interface TcpHookAnswer {
  status: number;
  body: string;
}

export interface TcpHookListener {
  port: number;
  clientToken: string;
  serverToken: string;
  close: () => Promise<void>;
}

/** A connection that has not finished its request within this long is closed. */
const REQUEST_IDLE_MS = 5000;
/** Longest token or head line accepted (the real ones are far shorter). */
const MAX_LINE = 256;
const HEAD = /^([A-Za-z]{1,64}) (\d{1,10}) (\d{1,10})$/;

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

/** The port file's one line: `<port> <client token> <server token> <unix socket>`. */
export function portFileText(
  l: Pick<TcpHookListener, 'port' | 'clientToken' | 'serverToken'>,
  socket: string,
): string {
  return `${l.port} ${l.clientToken} ${l.serverToken} ${socket}\n`;
}

function sameToken(got: Buffer, want: Buffer): boolean {
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Reads one connection's request (see the header) and answers it with `handle`. */
function serveConnection(
  sock: Socket,
  tokens: { client: Buffer; server: string },
  opts: TcpListenOptions,
): void {
  sock.setNoDelay(true);
  sock.setTimeout(REQUEST_IDLE_MS, () => sock.destroy());
  sock.on('error', () => {});
  let buf: Buffer = Buffer.alloc(0);
  let stage: 'token' | 'head' | 'body' | 'done' = 'token';
  let head: { event: string; dirLen: number; len: number } | null = null;
  const line = (): Buffer | null => {
    const i = buf.indexOf(10);
    if (i < 0) {
      if (buf.length > MAX_LINE) sock.destroy();
      return null;
    }
    const l = buf.subarray(0, i);
    buf = buf.subarray(i + 1);
    return l;
  };
  /** Returns whether something was sent back. */
  const step = (): boolean => {
    if (stage === 'token') {
      const tok = line();
      if (!tok) return false;
      if (!sameToken(tok, tokens.client)) {
        sock.destroy();
        return true;
      }
      stage = 'head';
      sock.write(`${tokens.server}\n`);
      if (buf.length === 0) return true;
    }
    if (stage === 'head') {
      const l = line();
      if (!l) return false;
      const m = HEAD.exec(l.toString('latin1'));
      const dirLen = m ? Number(m[2]) : -1;
      const len = m ? Number(m[3]) : -1;
      if (!m || !opts.isEvent(m[1]!) || dirLen > 4096 || len > opts.maxBody) {
        stage = 'done';
        sock.end('400\n');
        return true;
      }
      head = { event: m[1]!, dirLen, len };
      stage = 'body';
    }
    if (stage === 'body' && head) {
      const total = head.dirLen + head.len;
      if (buf.length < total) return false;
      stage = 'done';
      if (buf.length > total) {
        sock.end('400\n');
        return true;
      }
      const arrived = new Date();
      const arrivedAt = performance.now();
      const projectDir = buf.subarray(0, head.dirLen).toString('utf8');
      const payload = buf.subarray(head.dirLen, total).toString('utf8');
      const event = head.event;
      buf = Buffer.alloc(0);
      sock.setTimeout(0); // the handler has its own bound (the server's busy timeout)
      opts.onRequest?.();
      opts.handle({ event, projectDir, payload, arrived, arrivedAt }).then(
        (a) => {
          if (!sock.destroyed) sock.end(`${a.status}\n${a.body}`);
        },
        () => {
          if (!sock.destroyed) sock.end('503\n');
        },
      );
      return true;
    }
    return false;
  };
  sock.on('data', (c: Buffer) => {
    if (stage === 'done') return void sock.destroy();
    buf = buf.length ? Buffer.concat([buf, c]) : c;
    if (!step() && stage !== 'token' && !sock.destroyed) sock.write('.');
  });
}

export interface TcpListenOptions {
  handle: (r: TcpHookRequest) => Promise<TcpHookAnswer>;
  isEvent: (event: string) => boolean;
  maxBody: number;
  onRequest?: () => void;
}

/** Listens on 127.0.0.1 (a random port) with new tokens; an error message when it cannot. */
export async function listenHookTcp(opts: TcpListenOptions): Promise<TcpHookListener | string> {
  const clientToken = newToken();
  const serverToken = newToken();
  const tokens = { client: Buffer.from(clientToken, 'latin1'), server: serverToken };
  const server: Server = createServer((sock) => serveConnection(sock, tokens, opts));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    return (e as Error).message;
  }
  server.on('error', () => {});
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    port,
    clientToken,
    serverToken,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
