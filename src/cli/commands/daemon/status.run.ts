// `self-gen daemon status`: is the embedding daemon running, with which model, how much memory.
import { daemonPaths } from '../../../common/sockets.js';
import { pingDaemon } from '../../../embed/index.js';
import { daemonLine } from '../../../error-kb/index.js';

export interface DaemonStatusOptions {
  json?: boolean;
}

export async function runDaemonStatus(_args: [], o: DaemonStatusOptions): Promise<void> {
  const info = await pingDaemon({ timeoutMs: 500 });
  if (o.json) console.log(JSON.stringify(info));
  else console.log(info ? daemonLine(info) : `not running (socket ${daemonPaths().socket})`);
  if (!info) process.exitCode = 1;
}
