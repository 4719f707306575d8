// Error advice (PostToolUseFailure): when a tool fails with an error the knowledge base has seen
// resolved before, tell Claude right away how it was resolved. Runs after the collector recorded
// the error. The error is keyed exactly as the collector and the CLI do (errorKey: redact +
// extractErrorMessage + normalizeError), so an error fixed in one session is recognised in the next.
import * as z from 'zod/mini';
import { errorKey } from '../kb/error-key.js';
import { searchErrorKB, type SearchOptions } from '../kb/search.js';
import { daemonEmbedder } from '../embed/client.js';
import type { Embedder } from '../embed/embedder.js';
import { getSection } from '../store/config.js';
import { formatToolSequence, messages, oneLine } from './messages.js';
import type { HandlerTable, HookDeps, HookInput, HookResult } from './types.js';

export const ErrorAdviceConfig = z.object({
  enabled: z._default(z.boolean(), true),
});

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
    now: deps.now(),
    env: deps.env,
    embedder,
    thresholds: deps.config.embedding.thresholds,
  };
}

export async function errorAdvice(input: HookInput, deps: HookDeps): Promise<HookResult | null> {
  if (input.is_interrupt === true) return null; // the user stopped it: nothing to fix
  const normalized = errorKey(input.error).normalized;
  if (!normalized) return null;
  if (!getSection(deps.config, 'errorAdvice', ErrorAdviceConfig).enabled) return null;
  const kb = await searchErrorKB(deps.db(), normalized, hookSearchOptions(deps));
  if (!kb?.resolution) return null;
  const m = messages(deps.config.locale);
  const lines = [
    m.resolvedBefore(m.tier(kb.tier), oneLine(kb.error_normalized, 200)),
    m.fix(oneLine(kb.resolution, 500)),
  ];
  const path = formatToolSequence(kb.tool_sequence);
  if (path) lines.push(m.resolutionPath(path).trim());
  return { additionalContext: lines.join('\n') };
}

export const errorAdviceHandlers: HandlerTable = {
  PostToolUseFailure: [{ name: 'error-advice', run: errorAdvice }],
};
