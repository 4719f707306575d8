// Hook handlers of the analysis part: SessionStart injects a short digest of open suggestions.
// (SessionEnd's trigger is a background step: see jobs.ts.) Hot path: no zod, no claude call.
import type { HandlerTable, HookDeps, HookInput, HookResult } from '../hook/contract/types.js';
import { analysisConfig } from './config.js';
import { buildDigest } from './digest.js';

export function suggestionDigest(_input: HookInput, deps: HookDeps): HookResult | null {
  const cfg = analysisConfig(deps.config);
  if (cfg.digestMax <= 0) return null;
  const text = buildDigest(deps.db(), deps.project.name, {
    max: cfg.digestMax,
    chars: cfg.digestChars,
    maxAgeDays: cfg.digestMaxAgeDays,
    locale: deps.config.locale,
    now: deps.now(),
  });
  return text ? { additionalContext: text } : null;
}

export const analysisHandlers: HandlerTable = {
  SessionStart: [{ name: 'analysis-digest', run: suggestionDigest }],
};
