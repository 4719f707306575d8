// The shape of one row of the fix policy's rule table (rules.ts, rules-deny.ts).
export type Effect = 'withhold' | 'project';

export interface RuleDef {
  id: string;
  /** The class of danger (as the adversarial corpus names them). */
  class: string;
  /** withhold: never offered; project: offered only in the project that proved it. */
  effect: Effect;
  /** What it catches. */
  what: string;
  /** The reason shown with the verdict. */
  why: string;
  /** The test that proves it (file). */
  test: string;
}
