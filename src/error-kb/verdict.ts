// The fix policy's verdict as stored with each candidate fix (error_kb_fixes.policy_*), read by
// every advice path. No parser here: hooks only read what the background review (review.ts) wrote.

/** Bump when the policy changes: older verdicts count as not reviewed until reviewed again. */
export const POLICY_VERSION = 3;
/** The digest of the policy's code this version was set for (test/unit/fix-policy-grammar.test.ts). */
export const POLICY_DIGEST = 'a459af143f654de9';

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
}

export const NOT_REVIEWED = 'not reviewed by the fix policy yet';

/** The verdict stored with a fix; one not reviewed by this policy version is withheld. */
export function storedVerdict(row: VerdictColumns): Verdict {
  if (row.policy_version !== POLICY_VERSION || !row.policy_class)
    return { cls: 'withheld', reason: NOT_REVIEWED, rule: '', text: '' };
  const cls = row.policy_class === 'safe' || row.policy_class === 'project' ? row.policy_class : 'withheld';
  return {
    cls,
    reason: row.policy_reason ?? '',
    rule: row.policy_rule ?? '',
    text: cls === 'withheld' ? '' : (row.policy_text ?? ''),
  };
}
