// The handler contract, at the bottom of the hook runtime: every part's handlers are functions of
// (input, deps) → result, and import only this (and payload.ts, tool-input.ts) from the runtime.
// The only process-level code is entry.cts (a guarded loader), main.ts and server.ts.
import type { LoadedConfig } from '../../common/config.js';
import type { DB } from '../../db/db.js';

export const HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'SessionEnd',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Events whose hookSpecificOutput.additionalContext Claude Code passes to the model. */
export const CONTEXT_EVENTS: ReadonlySet<HookEvent> = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
]);

/** Claude Code caps additionalContext at 10,000 characters. */
export const CONTEXT_CAP = 10_000;

/** The hook payload as Claude Code sends it (snake_case), validated loosely. */
export interface HookInput {
  hook_event_name: HookEvent;
  session_id: string;
  transcript_path?: string;
  cwd: string;
  permission_mode?: string;
  prompt_id?: string;
  agent_id?: string;
  agent_type?: string;
  // UserPromptSubmit
  prompt?: string;
  // Pre/PostToolUse(Failure)
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  tool_response?: unknown;
  tool_use_id?: string;
  error?: string;
  is_interrupt?: boolean;
  duration_ms?: number;
  // SessionStart / SessionEnd
  source?: string;
  reason?: string;
  model?: string;
  // SubagentStop / Stop
  agent_transcript_path?: string;
  last_assistant_message?: string;
  stop_hook_active?: boolean;
  [key: string]: unknown;
}

export interface HookDeps {
  env: NodeJS.ProcessEnv;
  now: () => Date;
  config: LoadedConfig;
  /** Opens the database lazily (the first call opens it; throws when it cannot be opened). */
  db: () => DB;
  project: { path: string; name: string };
  /** Starts a detached background job (dist/worker.js <job> …); never waits for it. */
  spawnBackground: (job: string, args?: string[]) => void;
  /**
   * Runs work after the answer in this process, when it outlives the hook (the warm server); absent
   * in a hook process, which exits after answering (it spawns a background job instead).
   */
  later?: (work: () => void | Promise<void>) => void;
  /** Debug log (only written when SELF_GEN_DEBUG=1). */
  log: (message: string) => void;
  // Capabilities one part offers the others, wired by the parts list (src/parts/index.ts); absent
  // where nothing wired them (then the step is skipped).
  /** Learns from a recorded successful call (event `okEventId`): the fixes it proves (error-kb). */
  learn?: (input: HookInput, deps: HookDeps, db: DB, okEventId: number) => number;
  /** Records the calls of this hook's own transcript that are not recorded yet (recording). */
  ingestOwn?: (input: HookInput, deps: HookDeps, db: DB) => void;
}

/** The names of the capabilities on HookDeps. */
export type Capability = 'learn' | 'ingestOwn';

export interface HookResult {
  additionalContext?: string;
  /** A notice for the user (Claude Code shows it; the model does not see it): our own words only. */
  systemMessage?: string;
}

export type HandlerFn = (
  input: HookInput,
  deps: HookDeps,
) => HookResult | null | undefined | void | Promise<HookResult | null | undefined | void>;

export interface Handler {
  /** A short name, for debug logs and tests. */
  name: string;
  run: HandlerFn;
}

export type HandlerTable = Partial<Record<HookEvent, Handler[]>>;
