// The error knowledge base's public surface.
export { normalizeError, extractErrorMessage } from './normalize.js';
export { recordResolution, type ResolutionInfo } from './record.js';
export { searchErrorKB, type KbMatch, type KbEntry, type KbTier } from './search.js';
