// The shapes the API returns (mirrors src/store/overview.ts, src/kb/view.ts, src/orchestrator/board.ts).
export interface Overview {
  sessions: number;
  prompts: number;
  toolCalls: number;
  errors: number;
  subagents: number;
  resolutions: number;
  projects: number;
  perDay: { day: string; toolCalls: number; errors: number }[];
  topErrors: { error: string; n: number }[];
  subagentOutcomes: { ok: number; failed: number };
}
export interface KbStats {
  entries: number;
  resolved: number;
  embedded: number;
  totalUses: number;
  lastUsed: string | null;
}
export interface Advice {
  id: number;
  error: string;
  useCount: number;
  lastUsed: string;
  cameBack: number;
}
export interface OverviewResponse {
  overview: Overview;
  kb: KbStats;
  advice: Advice[];
  adviceSummary: { advised: number; times: number; lastAdvised: string | null };
  latency: {
    n: number;
    p50: number;
    p95: number;
    max: number;
    sessions: number;
    byEvent: Record<string, { n: number; p50: number; p95: number; max: number }>;
  } | null;
}
export interface KbEntry {
  id: number;
  ts: string;
  error_normalized: string;
  error_raw: string | null;
  resolution: string | null;
  resolved_by: string | null;
  use_count: number;
  last_used: string | null;
  embedded: boolean;
  projects: string[];
  toolSequence: string[];
  confidence: KbConfidence | null;
  candidates: KbCandidate[];
  resolutionNeverAdvised: NeverAdvised | null;
  advised: number;
}
export type Proof = 'manual' | 'same-command' | 'same-file' | 'tool-usage' | 'legacy';
export interface NeverAdvised {
  kind: 'unsafe' | 'legacy';
  why: string;
}
export interface KbConfidence {
  proof: Proof;
  confirmations: number;
  projects: string[];
  lastConfirmed: string;
  neverAdvised: NeverAdvised | null;
}
export interface KbCandidate {
  id: number;
  resolution: string;
  resolvedBy: string | null;
  proof: Proof;
  confirmations: number;
  projects: { path: string; confirmations: number; lastTs: string }[];
  firstTs: string;
  lastConfirmed: string;
  neverAdvised: NeverAdvised | null;
}
export interface SessionSummary {
  sessionId: string;
  project: string | null;
  projectPath: string | null;
  first: string;
  last: string;
  prompts: number;
  toolCalls: number;
  errors: number;
  subagents: number;
}
export interface EventRow {
  id: number;
  type: string;
  ts: string;
  data: Record<string, unknown>;
}
export interface SessionDetail {
  sessionId: string;
  project: string | null;
  projectPath: string | null;
  timeline: EventRow[];
  subagents: {
    agentId: string | null;
    agentType: string | null;
    ts: string;
    success: boolean;
    failureReason: string | null;
    durationMs: number | null;
  }[];
  context: { folder: string; summary: string | null; agents: { file: string; text: string }[] } | null;
}
export interface BoardSubtask {
  id: string;
  name: string;
  status: string;
  phase: string;
  gates: Record<string, string>;
  current: boolean;
  retries: number;
  failedTestRuns: number;
}
export interface Board {
  projectRoot: string;
  session: { status: string; createdAt: string; updatedAt: string; project: string } | null;
  request: { id: string; text: string; status: string; phase: string; currentTask: string | null } | null;
  tasks: { id: string; name: string; status: string; current: boolean; subtasks: BoardSubtask[] }[];
  earlierSessions: { createdAt: string; status: string; request: string | null }[];
  maxRetries: number;
  warnings: string[];
}
export interface Suggestion {
  id: string;
  type: string;
  rule: string;
  summary: string;
  project: string | null;
  evidence?: string;
  status: string;
  analyzedAt: string;
  skill?: { name: string; description: string };
}
export interface Plan {
  kind: 'write' | 'manual';
  target: string;
  preview: string;
  alreadyApplied: boolean;
}
