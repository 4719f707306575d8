// What a KB search can be asked (the tiers, the word limit of a keyword search): constants only, so
// the CLI's command declarations can name them without loading the search itself.

export type KbTier = 'exact' | 'prefix' | 'similar' | 'vector';
/** The tiers every search runs unless told otherwise (hooks, `kb search`, MCP). */
export const DEFAULT_TIERS: readonly KbTier[] = ['exact', 'similar', 'vector'];
/** Seed 001's tiers (config kbSearch.mode `seed`). */
export const SEED_TIERS: readonly KbTier[] = ['exact', 'prefix', 'vector'];
export type KbSearchMode = 'matcher' | 'seed';
/** The seed's prefix tier: the first 30 characters, and a length ratio of at least 0.7. */
export const SEED_PREFIX = 30;
export const SEED_LENGTH_RATIO = 0.7;

/** Most words an entry search takes (each is a LIKE over three columns). */
export const MAX_FIND_WORDS = 20;
