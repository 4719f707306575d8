// Hook handlers of the embeddings part: SessionStart starts the embedding daemon (detached) when
// the model and the embedding runtime are on disk. Never loads anything, never waits for the daemon.
import type { HandlerTable, HookDeps } from '../hook/contract/types.js';
import { ensureDaemon, type EnsureResult } from './client.js';
import { modelPresent } from './model.js';
import { runtimePresent } from './runtime.js';

export async function startDaemonIfModel(
  deps: Pick<HookDeps, 'config' | 'env' | 'log'>,
): Promise<EnsureResult | 'no-model'> {
  if (deps.env.SELF_GEN_NO_DAEMON === '1') return 'no-model';
  if (!modelPresent(deps.config, deps.env) || !runtimePresent(deps.env)) return 'no-model';
  const r = await ensureDaemon(deps.env, { pingTimeoutMs: 30 });
  if (r !== 'running') deps.log(`embedding daemon: ${r}`);
  return r;
}

export const embedHandlers: HandlerTable = {
  SessionStart: [
    {
      name: 'embed-daemon',
      run: async (_input, deps) => {
        await startDaemonIfModel(deps);
        return null;
      },
    },
  ],
};
