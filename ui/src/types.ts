// The shapes the API returns: the server's own declarations, imported type-only (nothing of the
// server is bundled into the page; esbuild drops type imports). Composed answers: src/ui/api.ts.
export type {
  HistoryDetail,
  HistoryResponse,
  OverviewResponse,
  PlanPreview as Plan,
  SessionDetail,
} from '../../src/ui/api.js';
export type { HistoryHit } from '../../src/db/history.js';
export type { HookLatency, Overview, SessionSummary } from '../../src/db/overview.js';
export type { KbStats } from '../../src/error-kb/manage.js';
export type {
  AdviceOutcome as Advice,
  KbCandidateView as KbCandidate,
  KbConfidence,
  KbViewEntry as KbEntry,
  NeverAdvised,
} from '../../src/error-kb/view.js';
export type { Proof } from '../../src/error-kb/candidates.js';
export type { EventRow } from '../../src/db/events/write.js';
export type { Board, BoardSubtask } from '../../src/orchestrator/board.js';
export type { ListedSuggestion as Suggestion } from '../../src/analysis/suggestions.js';
