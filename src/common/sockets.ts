// Where our local servers listen: Unix sockets in the data home (one per user and home). Used by the
// embedding daemon (embed.sock) and the warm hook server (hooks.sock).
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from './paths.js';

/** Unix socket paths are limited to ~104–108 bytes; longer homes fall back to the temp folder. */
const MAX_SOCKET_PATH = 100;

export interface DaemonPaths {
  socket: string;
  lock: string;
  info: string;
  log: string;
}

/** `<data home>/run/<name>.sock`, or a per-user, per-home name in the temp folder when that is too long. */
export function runSocketPath(env: NodeJS.ProcessEnv, name: string): string {
  const p = paths(env);
  const socket = join(p.runDir, `${name}.sock`);
  if (Buffer.byteLength(socket) <= MAX_SOCKET_PATH) return socket;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const h = createHash('sha256').update(p.home).digest('hex').slice(0, 16);
  return join(tmpdir(), `self-gen-${uid}-${h}${name === 'embed' ? '' : `-${name}`}.sock`);
}

export function daemonPaths(env: NodeJS.ProcessEnv = process.env): DaemonPaths {
  const p = paths(env);
  return {
    socket: runSocketPath(env, 'embed'),
    lock: join(p.runDir, 'embed-daemon.lock'),
    info: join(p.runDir, 'embed-daemon.json'),
    log: join(p.logsDir, 'daemon.log'),
  };
}

export interface HookServerPaths extends DaemonPaths {
  /** `<port> <client token> <server token> <socket>` for the bash client (src/hook/host/server-tcp.ts). */
  port: string;
}

/** The warm hook server's files (see src/hook/host/server.ts). */
export function hookServerPaths(env: NodeJS.ProcessEnv = process.env): HookServerPaths {
  const p = paths(env);
  return {
    socket: runSocketPath(env, 'hooks'),
    port: join(p.runDir, 'hook-server.port'),
    lock: join(p.runDir, 'hook-server.lock'),
    info: join(p.runDir, 'hook-server.json'),
    log: join(p.logsDir, 'hook-server.log'),
  };
}
