// Error advice (PostToolUseFailure): when a tool fails with an error the knowledge base has seen
// resolved before, tell Claude right away how it was resolved: a fixed text in our words, and the
// fix as one quoted piece of data (common/quote.ts). Runs after the collector recorded
// the error. The error is keyed exactly as the collector and the CLI do (errorKey: redact +
// extractErrorMessage + normalizeError), so an error fixed in one session is recognised in the next.
import { errorKey } from './error-key.js';
import { searchErrorKB, type KbTier } from './search.js';
import { hookAdvice, hookSearchOptions } from './hook-advice.js';
import { getSection } from '../common/config.js';
import { provenanceText } from './advice.js';
import { formatToolSequence, messages } from './messages.js';
import { quoteInline } from '../common/quote.js';
import { span } from '../common/timing.js';
import { sessionResolvedEntry } from '../db/events/errors.js';
import type { HandlerTable, HookDeps, HookInput, HookResult } from '../hook/contract/types.js';

/** The longest fix shown (the fix policy withholds longer ones: a cut command is another command). */
const FIX_MAX = 600;

export async function errorAdvice(input: HookInput, deps: HookDeps): Promise<HookResult | null> {
  if (input.is_interrupt === true) return null; // the user stopped it: nothing to fix
  const key = errorKey(input.error);
  const normalized = key.normalized;
  if (!normalized) return null;
  if (!getSection(deps.config, 'errorAdvice').enabled) return null;
  const db = deps.db();
  // The same error (same key) already fixed in this session: its entry, whatever the search says
  // (a fix proven in this turn is usable at its next failure).
  const mine = span('kb-session', () => sessionResolvedEntry(db, input.session_id, normalized));
  let tier: KbTier = 'exact';
  let advice = mine !== null ? hookAdvice(db, mine, deps, key.raw) : null;
  if (!advice) {
    const kb = await span('kb-search', () =>
      searchErrorKB(db, normalized, { ...hookSearchOptions(deps), message: key.message, raw: key.raw }),
    );
    if (!kb?.resolution || kb.id === mine) return null;
    tier = kb.tier;
    advice = hookAdvice(db, kb.id, deps, key.raw);
  }
  if (!advice) return null;
  const m = messages(deps.config.locale);
  // Our words, then the fix as one quoted piece of data. No error text: the error the fix was
  // learned on came from elsewhere, and Claude has the current one.
  const lines = [m.resolvedBefore(m.tier(tier)), m.fix(quoteInline(advice.resolution, FIX_MAX))];
  const path = formatToolSequence(advice.toolSequence);
  if (path) lines.push(m.resolutionPath(quoteInline(path, 200)).trim());
  const prov = provenanceText(advice.provenance, deps.now(), deps.config.locale === 'en' ? 'en' : 'ko');
  if (prov) lines.push(m.provenance(prov).trim());
  return { additionalContext: lines.join('\n') };
}

export const errorAdviceHandlers: HandlerTable = {
  PostToolUseFailure: [{ name: 'error-advice', run: errorAdvice }],
};
