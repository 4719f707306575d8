// Shapes of the real-world retrieval set (bench/retrieval/realworld/): see tuning.ts for how it was built.
import type { KbPair } from '../types.js';

/** A pair: the same error reported by two different people, with the fix that applies to both. */
export interface RealPair extends KbPair {
  /** 'recurrence': only variable parts differ; 'paraphrase': another version or layer words it differently. */
  kind: 'recurrence' | 'paraphrase';
  /** Where each text was copied from (a public issue or Q&A thread). */
  sources: { stored: string; query: string };
}

/** A real reported error that looks like one of the pairs but is another problem with another fix. */
export interface NearMiss {
  id: string;
  tool: string;
  text: string;
  source: string;
  /** Why it is not the look-alike pair's problem. */
  differs: string;
  /** The id of the pair it looks like. */
  like?: string;
}
