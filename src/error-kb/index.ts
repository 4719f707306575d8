// The error knowledge base's public surface.
export { normalizeError, extractErrorMessage } from './normalize.js';
export { errorKey, type ErrorKey } from './error-key.js';
export { recordResolution, describeResolution, resolutionText, type ResolutionInfo } from './record.js';
export {
  searchErrorKB,
  searchText,
  type KbMatch,
  type KbEntry,
  type KbTier,
  type SearchOptions,
  type SearchTrace,
} from './search.js';
export { generateErrorEmbeddings, pendingEmbeddings, EMBED_BATCH, type EmbedReport } from './embeddings.js';
export { keywords, sharesKeyword } from './keywords.js';
