// Where the embedding daemon listens: a Unix socket in the data home (one per user and home).
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../shared/paths.js';

/** Unix socket paths are limited to ~104–108 bytes; longer homes fall back to the temp folder. */
const MAX_SOCKET_PATH = 100;

export interface DaemonPaths {
  socket: string;
  lock: string;
  info: string;
  log: string;
}

export function daemonPaths(env: NodeJS.ProcessEnv = process.env): DaemonPaths {
  const p = paths(env);
  let socket = join(p.runDir, 'embed.sock');
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
    const h = createHash('sha256').update(p.home).digest('hex').slice(0, 16);
    socket = join(tmpdir(), `self-gen-${uid}-${h}.sock`);
  }
  return {
    socket,
    lock: join(p.runDir, 'embed-daemon.lock'),
    info: join(p.runDir, 'embed-daemon.json'),
    log: join(p.logsDir, 'daemon.log'),
  };
}
