// `self-gen doctor` checks of the error KB: the embedding model, the embedding daemon, the KB's size.
import { loadConfig } from '../common/config.js';
import type { DB } from '../db/db.js';
import { pingDaemon, type DaemonInfo, modelStatus, VECTOR_OFF, runtimeCheck } from '../embed/index.js';
import { daemonPaths } from '../common/sockets.js';
import type { CheckResult } from '../hook/contract/part.js';
import { kbStats } from './manage.js';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** One line about a running embedding daemon (doctor, `self-gen daemon status`). */
export function daemonLine(i: DaemonInfo): string {
  return `running: pid ${i.pid}, model ${i.model} ${i.loaded ? `loaded${i.loadMs ? ` in ${Math.round(i.loadMs)} ms` : ''}` : i.error ? `failed: ${i.error}` : 'loading'}, RSS ${mb(i.rssBytes)}, ${i.requests} requests, up ${Math.round(i.uptimeMs / 1000)} s, exits after ${Math.round(i.idleExitMs / 60000)} idle min`;
}

export async function embeddingChecks(ctx: {
  env: NodeJS.ProcessEnv;
  db: DB | null;
}): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  const config = loadConfig(ctx.env);
  const model = modelStatus(config, ctx.env);
  out.push(
    model.present
      ? {
          name: 'embedding model',
          level: 'ok',
          message: `present at ${model.location.dir} (${mb(model.bytes)}, dtype ${model.location.dtype})`,
        }
      : {
          name: 'embedding model',
          // Optional: without it the text tiers answer. A folder the user named and that is wrong warns.
          level: model.location.fromModelPath ? 'warn' : 'info',
          message: `${VECTOR_OFF}: error search uses the exact, prefix and keyword tiers only (expected at ${model.location.dir}, missing ${model.missing.join(', ')})`,
          fix: model.location.fromModelPath
            ? `copy the model into ${model.location.dir}, or fix embedding.modelPath`
            : 'run `self-gen model pull` (or set embedding.modelPath to a local copy)',
        },
  );
  out.push(runtimeCheck(ctx.env));
  const info = await pingDaemon({ env: ctx.env, timeoutMs: 300 });
  out.push(
    info
      ? {
          name: 'embedding daemon',
          level: info.loaded ? 'ok' : 'warn',
          message: daemonLine(info),
          ...(info.error ? { fix: `see ${daemonPaths(ctx.env).log}` } : {}),
        }
      : {
          name: 'embedding daemon',
          level: 'info',
          message: model.present
            ? 'not running (the next session start starts it; or `self-gen daemon start`)'
            : 'not running (needs the model)',
        },
  );
  if (ctx.db) {
    try {
      const s = kbStats(ctx.db);
      out.push({
        name: 'error KB',
        level: 'ok',
        message: model.present
          ? `${s.entries} entries (${s.resolved} resolved), ${s.embedded} embedded, ${s.pending} waiting for an embedding`
          : `${s.entries} entries (${s.resolved} resolved), vector tier off (no model)`,
      });
    } catch (e) {
      out.push({
        name: 'error KB',
        level: 'error',
        message: `cannot read error_kb: ${(e as Error).message}`,
      });
    }
  }
  return out;
}
