// The warm hook server's TCP transport for the bash client (dist/hook-warm.bash): 127.0.0.1 only,
// a random port, and two random tokens (new at every start) in the port file (0600 in the 0700 run
// folder). 127.0.0.1 is reachable by every local user and a stale port may be taken by a stranger,
// so both sides prove themselves before a payload moves:
//
//   client → `<client token>\n`                 the server closes at once on a wrong token
//   server → `<server token>\n`                 only ever sent to a client that knew the client token
//   client → `<Event> <dir bytes> <payload bytes> <locale bytes>\n<project dir><payload><locale>`
//            (one write; the locale part is the client's `LC_ALL=… LC_MESSAGES=… LANG=…`, and a
//            head without its length, from an older client, leaves the server's own locale)
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
import { sinceStartMs } from '../../common/clock.js';

export interface TcpHookRequest {
  event: string;
  projectDir: string;
  payload: string;
  /** The client's locale variables (`LC_ALL=… LC_MESSAGES=… LANG=…`); undefined from an older client. */
  locale?: string;
  arrived: Date;
  /** sinceStartMs() when the request was read whole (timing records). */
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
const HEAD = /^([A-Za-z]{1,64}) (\d{1,10}) (\d{1,10})(?: (\d{1,4}))?$/;
/** Longest locale part accepted (three short variables). */
const MAX_LOCALE = 1024;

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
  const conn = new TcpConnection(sock, tokens, opts);
  sock.on('data', (c: Buffer) => conn.data(c));
}

/** A request's head line: the event and the byte lengths of its parts (localeLen -1: no locale part). */
interface Head {
  event: string;
  dirLen: number;
  len: number;
  localeLen: number;
}

/** One connection's request, read stage by stage: the client token, the head line, the body. */
class TcpConnection {
  private buf: Buffer = Buffer.alloc(0);
  private stage: 'token' | 'head' | 'body' | 'done' = 'token';
  private head: Head | null = null;
  private readonly sock: Socket;
  private readonly tokens: { client: Buffer; server: string };
  private readonly opts: TcpListenOptions;

  constructor(sock: Socket, tokens: { client: Buffer; server: string }, opts: TcpListenOptions) {
    this.sock = sock;
    this.tokens = tokens;
    this.opts = opts;
  }

  data(c: Buffer): void {
    if (this.stage === 'done') return void this.sock.destroy();
    this.buf = this.buf.length ? Buffer.concat([this.buf, c]) : c;
    if (!this.step() && this.stage !== 'token' && !this.sock.destroyed) this.sock.write('.');
  }

  private line(): Buffer | null {
    const i = this.buf.indexOf(10);
    if (i < 0) {
      if (this.buf.length > MAX_LINE) this.sock.destroy();
      return null;
    }
    const l = this.buf.subarray(0, i);
    this.buf = this.buf.subarray(i + 1);
    return l;
  }

  /** Returns whether something was sent back. */
  private step(): boolean {
    if (this.stage === 'token') {
      const sent = this.readToken();
      if (sent !== undefined) return sent;
    }
    if (this.stage === 'head') {
      const sent = this.readHead();
      if (sent !== undefined) return sent;
    }
    if (this.stage === 'body' && this.head) return this.readBody(this.head);
    return false;
  }

  /** Whether something was sent back, or undefined when the next stage may read on. */
  private readToken(): boolean | undefined {
    const tok = this.line();
    if (!tok) return false;
    if (!sameToken(tok, this.tokens.client)) {
      this.sock.destroy();
      return true;
    }
    this.stage = 'head';
    this.sock.write(`${this.tokens.server}\n`);
    if (this.buf.length === 0) return true;
    return undefined;
  }

  /** Whether something was sent back, or undefined when the body may be read on. */
  private readHead(): boolean | undefined {
    const l = this.line();
    if (!l) return false;
    const m = HEAD.exec(l.toString('latin1'));
    const dirLen = m ? Number(m[2]) : -1;
    const len = m ? Number(m[3]) : -1;
    const localeLen = m?.[4] === undefined ? -1 : Number(m[4]);
    if (
      !m ||
      !this.opts.isEvent(m[1]!) ||
      dirLen > 4096 ||
      len > this.opts.maxBody ||
      localeLen > MAX_LOCALE
    ) {
      this.stage = 'done';
      this.sock.end('400\n');
      return true;
    }
    this.head = { event: m[1]!, dirLen, len, localeLen };
    this.stage = 'body';
    return undefined;
  }

  /** Once the body is whole: hands it to `handle` and sends the answer. */
  private readBody(head: Head): boolean {
    const sock = this.sock;
    const total = head.dirLen + head.len + Math.max(0, head.localeLen);
    if (this.buf.length < total) return false;
    this.stage = 'done';
    if (this.buf.length > total) {
      sock.end('400\n');
      return true;
    }
    const arrived = new Date();
    const arrivedAt = sinceStartMs();
    const projectDir = this.buf.subarray(0, head.dirLen).toString('utf8');
    const payload = this.buf.subarray(head.dirLen, head.dirLen + head.len).toString('utf8');
    const locale =
      head.localeLen < 0 ? undefined : this.buf.subarray(head.dirLen + head.len, total).toString('latin1');
    const event = head.event;
    this.buf = Buffer.alloc(0);
    sock.setTimeout(0); // the handler has its own bound (the server's busy timeout)
    this.opts.onRequest?.();
    this.opts.handle({ event, projectDir, payload, locale, arrived, arrivedAt }).then(
      (a) => {
        if (!sock.destroyed) sock.end(`${a.status}\n${a.body}`);
      },
      () => {
        if (!sock.destroyed) sock.end('503\n');
      },
    );
    return true;
  }
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
