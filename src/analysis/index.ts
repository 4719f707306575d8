// The AI analysis part's public surface: its cached suggestions and the user's feedback on them
// (SubagentStart gives a subagent only the rules the user applied).
export { getCachedAnalysis, type Suggestion } from './cache.js';
export { feedbackFor } from './suggestions.js';
