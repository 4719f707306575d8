// `self-gen daemon start`: start the embedding daemon now and wait until its model is loaded.
import { loadConfig } from '../../../common/config.js';
import { daemonPaths } from '../../../common/sockets.js';
import { ensureDaemon, pingDaemon, modelStatus } from '../../../embed/index.js';
import { daemonLine } from '../../../error-kb/index.js';
import { CliError } from '../../errors.js';

export type DaemonStartOptions = Record<string, never>;

export async function runDaemonStart(): Promise<void> {
  const config = loadConfig();
  if (!modelStatus(config).present)
    throw new CliError('the embedding model is not downloaded', 'run `self-gen model pull`');
  const r = await ensureDaemon();
  if (r === 'running') {
    console.log('already running');
    return;
  }
  if (r !== 'spawned')
    throw new CliError(
      `could not start the daemon (${r})`,
      'run `npm run build` in the self-generation folder',
    );
  for (let i = 0; i < 100; i++) {
    await new Promise((res) => setTimeout(res, 100));
    const info = await pingDaemon({ timeoutMs: 300 });
    if (info?.loaded) {
      console.log(daemonLine(info));
      return;
    }
  }
  throw new CliError('the daemon did not come up within 10 s', `see ${daemonPaths().log}`);
}
