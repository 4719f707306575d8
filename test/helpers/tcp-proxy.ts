// A TCP proxy on 127.0.0.1 in front of PostgreSQL: counts the connections made through it and the
// bytes each way, and can be killed (every connection cut, the port refused) when a byte count is
// reached: a server that goes away in the middle of a sync, without stopping the real one.
import net from 'node:net';

export interface Proxy {
  port: number;
  connections: number;
  up: number; // client → server bytes
  down: number; // server → client bytes
  /** Cut everything once `up` or `down` bytes passed (from now). */
  killAfter: (o: { up?: number; down?: number }) => Promise<void>;
  kill: () => Promise<void>;
  /** Listens again on the same port. */
  restart: () => Promise<void>;
}

export async function startProxy(target: { host: string; port: number }, port = 0): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  let limit: { up?: number; down?: number; hit: () => void } | null = null;
  const p: Proxy = {
    port: 0,
    connections: 0,
    up: 0,
    down: 0,
    killAfter: (o) =>
      new Promise((resolve) => {
        limit = {
          up: o.up !== undefined ? p.up + o.up : undefined,
          down: o.down !== undefined ? p.down + o.down : undefined,
          hit: () => void p.kill().then(resolve),
        };
      }),
    kill: async () => {
      limit = null;
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((r) => server.close(() => r()));
    },
    restart: () => listen(p.port),
  };
  const check = () => {
    if (
      limit &&
      ((limit.up !== undefined && p.up >= limit.up) || (limit.down !== undefined && p.down >= limit.down))
    )
      limit.hit();
  };
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        p.connections++;
        const upstream = net.connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        client.on('data', (d) => {
          p.up += d.length;
          upstream.write(d);
          check();
        });
        upstream.on('data', (d) => {
          p.down += d.length;
          client.write(d);
          check();
        });
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('close', end).on('error', end);
        upstream.on('close', end).on('error', end);
      });
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        p.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen(port);
  return p;
}
