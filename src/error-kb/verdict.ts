// The fix policy's verdict as stored with each candidate fix (error_kb_fixes.policy_*), read by
// every advice path. No parser here: hooks only read what the background review (fix-policy/background-review.ts) wrote,
// and, for a learned fix the review has not judged yet, give the one verdict that needs no parser:
// offered only in the project that proved it (the project where the user proved it is always
// allowed), so a fix proven in a turn is usable at the next failure of that turn.
import { MAX_OFFERED, textProblem } from '../common/fix-text.js';

/** Bump when the policy changes: older verdicts count as not reviewed until reviewed again. */
export const POLICY_VERSION = 10;
/** The digest of the policy's code this version was set for (test/unit/fix-policy-grammar.test.ts). */
export const POLICY_DIGEST = 'aa0fe79ab29429ad';

/**
 * safe: may be offered (in this project, or elsewhere with the cross-project bar);
 * project: it runs a program the policy does not know: offered only in a project that confirmed it;
 * withheld: never shown; the user is pointed to `self-gen kb show N`.
 */
export type PolicyClass = 'safe' | 'project' | 'withheld';

export interface Verdict {
  cls: PolicyClass;
  /** Why (for withheld and project); '' when safe. */
  reason: string;
  /** The rule of the fix policy's table that decided it (fix-policy/rules.ts); '' when safe. */
  rule?: string;
  /** The text offered: the fix with shell comments stripped. */
  text: string;
}

export interface VerdictColumns {
  policy_class?: string | null;
  policy_reason?: string | null;
  policy_text?: string | null;
  policy_version?: number | null;
  policy_rule?: string | null;
  /** The fix as learned, and how it was proven (for the verdict before the review). */
  resolution?: string | null;
  proof?: string | null;
}

export const NOT_REVIEWED = 'not reviewed by the fix policy yet';

/** The reason and rule of the verdict a learned fix has until the review judges it. */
export const NOT_JUDGED_YET = 'not judged by the fix policy yet: offered only in the project that proved it';
export const NOT_JUDGED_RULE = 'not-judged-yet';

/**
 * The verdict of a learned fix the review has not judged (never, or since its text changed):
 * `project`, with the text as learned, when the text is of a length the policy offers and carries
 * nothing that speaks to the model or hides characters (the checks of the policy that need no
 * parser); null otherwise (withheld until judged).
 */
function unjudgedVerdict(row: VerdictColumns): Verdict | null {
  const text = row.resolution?.trim() ?? '';
  if (!text || row.policy_class || row.proof === 'manual' || row.proof === 'legacy' || !row.proof)
    return null;
  if (text.length > MAX_OFFERED || textProblem(text) || /\[REDACTED/.test(text)) return null;
  return { cls: 'project', reason: NOT_JUDGED_YET, rule: NOT_JUDGED_RULE, text };
}

/**
 * The verdict stored with a fix. One not reviewed by this policy version is withheld, except a
 * learned fix never judged: offered in the project that proved it (unjudgedVerdict).
 */
export function storedVerdict(row: VerdictColumns): Verdict {
  if (row.policy_version !== POLICY_VERSION || !row.policy_class)
    return unjudgedVerdict(row) ?? { cls: 'withheld', reason: NOT_REVIEWED, rule: '', text: '' };
  const cls = row.policy_class === 'safe' || row.policy_class === 'project' ? row.policy_class : 'withheld';
  return {
    cls,
    reason: row.policy_reason ?? '',
    rule: row.policy_rule ?? '',
    text: cls === 'withheld' ? '' : (row.policy_text ?? ''),
  };
}
