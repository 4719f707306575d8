// The AI analysis part's public surface: its cached suggestions (SubagentStart reads them).
export { getCachedAnalysis, type Suggestion } from './cache.js';
