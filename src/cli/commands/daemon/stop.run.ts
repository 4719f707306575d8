// `self-gen daemon stop`: ask the embedding daemon to exit.
import { stopDaemon } from '../../../embed/index.js';

export type DaemonStopOptions = Record<string, never>;

export async function runDaemonStop(): Promise<void> {
  console.log((await stopDaemon()) ? 'stopped' : 'not running');
}
