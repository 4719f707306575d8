// The data of each event type: one declaration shared by the writers (hooks/collectors.ts,
// hooks/resolution.ts, jobs/hook-timing.ts) and the readers (store/events.ts queries, the UI, the
// analysis), so a renamed key is a compile error on both sides. Stored as JSON in events.data;
// rows written by older versions may lack any key, so readers still check what they get.

/** Who ran the call: set when it ran inside a subagent. */
export interface AgentFields {
  agentId?: string;
  agentType?: string;
}

/** `prompt` (UserPromptSubmit). The text only when `collectPromptText` is on. */
export interface PromptData extends AgentFields {
  promptId?: string;
  length?: number;
  text?: string;
}

/** What a Task/Agent call's response says about the subagent it ran. */
export interface SubagentCallInfo {
  agentId?: unknown;
  agentType?: unknown;
  status?: unknown;
  totalToolUseCount?: unknown;
  totalDurationMs?: unknown;
}

/** `tool_use` (PostToolUse): a successful tool call. */
export interface ToolUseData extends AgentFields {
  tool: string;
  /** The tool input, summarised (hooks/tool-input.ts). */
  input?: unknown;
  success?: 1;
  durationMs?: number;
  toolUseId?: string;
  subagent?: SubagentCallInfo;
  /** 'transcript' when read from the session transcript (recording/ingest.ts), not a PostToolUse hook. */
  source?: 'transcript';
  /** A piped command (read from the transcript): its output showed no error (error-kb/resolution.ts). */
  outputClean?: boolean;
}

/** `tool_error` (PostToolUseFailure). `error` is the normalized error: the KB key. */
export interface ToolErrorData extends AgentFields {
  tool: string;
  error: string;
  /** The raw error text (redacted, cut to 4000 characters). */
  errorRaw?: string;
  /** The version of the key `error` (error-kb KEY_VERSION); absent: version 1. */
  keyVersion?: number;
  filePath?: string;
  files?: string[];
  isInterrupt?: boolean;
  input?: unknown;
  toolUseId?: string;
}

/** `subagent_start` (SubagentStart). */
export interface SubagentStartData {
  agentId?: string;
  agentType?: string;
}

/** `subagent_stop` (SubagentStop): the judged outcome of a subagent run. */
export interface SubagentStopData {
  agentId?: string;
  agentType?: string;
  /** 1 = success, 0 = failure (numbers, so SQL can sum them). */
  success: 0 | 1;
  failureReason?: string;
  durationMs?: number | null;
  lastMessage?: string;
}

/** `session_start` (SessionStart). */
export interface SessionStartData {
  source?: string;
  model?: string;
  transcriptPath?: string;
  cwd?: string;
}

/** `session_summary` (SessionEnd): the session's counts (hooks/collectors.ts sessionCounts). */
export interface SessionSummaryData {
  reason?: string;
  prompts?: number;
  tools?: number;
  errors?: number;
  subagents?: number;
  resolutions?: number;
  durationMs?: number | null;
}

/** `resolution`: a later successful call proved the tool_error `errorEventId` fixed. */
export interface ResolutionData {
  errorEventId: number;
  /** The normalized error (the KB key). */
  error: string;
  /** The version of the key `error` (error-kb KEY_VERSION); absent: version 1. */
  keyVersion?: number;
  tool?: string;
  /** The tool_use event that proved it. */
  provenBy?: number;
  proof?: string | null;
  resolvedBy?: string | null;
  toolSequence?: string[];
  resolution?: string | null;
  kbId?: number | null;
  agentId?: string;
}

/** Latency of one hook event kind in a session (ms, nearest-rank percentiles). */
export interface HookTimingStats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * `hook_timing` data: how long our hooks took as Claude Code measured them (the transcript's
 * hook_* attachments' `durationMs`), one event per session, written by the session-end job.
 */
export interface HookTimingData {
  /** Durations in ms, in transcript order (the last 1000 at most). */
  samples: number[];
  /** Per hook event (SessionStart, PreToolUse, …), over all the session's records read. */
  byEvent: Record<string, HookTimingStats>;
}

/** Every event type and its data. */
export interface EventDataMap {
  prompt: PromptData;
  tool_use: ToolUseData;
  tool_error: ToolErrorData;
  subagent_start: SubagentStartData;
  subagent_stop: SubagentStopData;
  session_start: SessionStartData;
  session_summary: SessionSummaryData;
  resolution: ResolutionData;
  hook_timing: HookTimingData;
}

export type EventType = keyof EventDataMap;

export const EVENT_TYPES: readonly EventType[] = [
  'prompt',
  'tool_use',
  'tool_error',
  'subagent_start',
  'subagent_stop',
  'session_start',
  'session_summary',
  'resolution',
  'hook_timing',
];
