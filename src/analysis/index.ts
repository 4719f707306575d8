// The AI analysis part's public surface: its cached suggestions and the user's feedback on them
// (SubagentStart gives a subagent only the rules the user applied).
/** The newest analysis stored within the last `hours` for `project` (or a global one, project NULL). */
export { getCachedAnalysis } from './cache.js';
/** A suggestion of the AI analysis as cached. */
export type { Suggestion } from './cache.js';
/** Feedback for these ids, the newest per id. */
export { feedbackFor } from './suggestions.js';
/** Runs the AI analysis of the recorded sessions and stores its suggestions. */
export { analyze } from './run.js';
/** A failure of the analysis, with the fix to show the user. */
export { AnalysisError } from './run.js';
/** What one analysis run produced. */
export type { AnalyzeResult } from './run.js';
/** A suggestion as stored, with its number and state. */
export type { StoredSuggestion } from './answer.js';
/** A suggestion that cannot be applied, with why. */
export { ApplyError } from './apply.js';
/** What applying `s` means. */
export { planApply } from './apply.js';
/** Where a project's files live: the current project when the names match, else the last recorded path. */
export { projectDirFor } from './apply.js';
/** Writes a planned change atomically (temporary file + rename), never outside its folder. */
export { writePlan } from './apply.js';
/** Records the user's feedback on a suggestion (applied, dismissed). */
export { recordFeedback } from './suggestions.js';
/** Finds a suggestion by id (or a unique id prefix of ≥ 4 characters) in the recent analyses, or by its 1-based position in `listed` (the list `self-gen suggestions` printed). */
export { findSuggestion } from './suggestions.js';
/** The analysis state: when it last ran and on how much data. */
export { readState } from './state.js';
/** The suggestions of the newest analysis of `project` plus the newest global one, with their feedback status. */
export { listSuggestions } from './suggestions.js';
/** What applying a suggestion would write, and where. */
export type { ApplyPlan } from './apply.js';
