// What every hook that gives KB advice shares: the search options of a hook (its daemon embedder)
// and the advice filter with the configured bar (error advice, the pre-tool guide, SubagentStart).
import type { SearchOptions } from './search.js';
import { daemonEmbedder, type Embedder } from '../embed/index.js';
import type { DB } from '../db/db.js';
import { getSection } from '../common/config.js';
import { adviceFor, type Advice } from './advice.js';
import { span } from '../common/timing.js';
import type { HookDeps } from '../hook/contract/types.js';

/**
 * Options for searchErrorKB inside a hook: this process's env, and a daemon embedder shared by the
 * hook's searches that stops asking after the daemon once failed to answer (so several searches
 * never wait several timeouts).
 */
export function hookSearchOptions(deps: HookDeps): SearchOptions {
  let down = false;
  const daemon = daemonEmbedder({ timeoutMs: deps.config.embedding.daemonTimeoutMs, env: deps.env });
  const embedder: Embedder = {
    name: 'daemon (hook)',
    async embed(texts: string[]) {
      if (down) return texts.map(() => null);
      const r = await daemon.embed(texts);
      if (r.every((v) => v === null)) down = true;
      return r;
    },
  };
  return {
    normalized: true,
    mode: getSection(deps.config, 'kbSearch').mode,
    now: deps.now(),
    env: deps.env,
    embedder,
    thresholds: deps.config.embedding.thresholds,
  };
}

/** The advice filter (error-kb/advice.ts) as every hook applies it: this project, the configured bar. */
export function hookAdvice(db: DB, kbId: number, deps: HookDeps, currentRaw?: string): Advice | null {
  const cfg = getSection(deps.config, 'advice');
  return span('kb-advice', () =>
    adviceFor(db, kbId, {
      currentRaw,
      projectPath: deps.project.path,
      now: deps.now(),
      minOtherProjectConfirmations: cfg.minOtherProjectConfirmations,
    }),
  );
}
