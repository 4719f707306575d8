// What a KB search can be asked (the tiers, the word limit of a keyword search): constants only, so
// the CLI's command declarations can name them without loading the search itself.

export type KbTier = 'exact' | 'similar' | 'vector';
/** The tiers every search runs unless told otherwise (hooks, `kb search`, MCP). */
export const DEFAULT_TIERS: readonly KbTier[] = ['exact', 'similar', 'vector'];

/** Most words an entry search takes (each is a LIKE over three columns). */
export const MAX_FIND_WORDS = 20;
