// Collectors: one event row per hook (docs/real-time.md), plus resolution detection on success.
// Successful tool calls come from the session transcript (recording/ingest.ts), read before
// an error is recorded, at Stop, SubagentStop and SessionEnd; PostToolUse only fires for Agent/Task.
import { errorKey } from '../error-kb/index.js';
import { isCorruptError, type DB } from '../db/db.js';
import { flagDamage } from '../hook/runtime/damage.js';
import { type EventType, type NewEventOf } from '../db/events/write.js';
import { subagentStarts } from '../db/events/sessions.js';
import { sessionTypeCounts } from '../db/events/sessions.js';
import { sessionStartTs } from '../db/events/sessions.js';
import { insertOrQueue } from '../db/events/queue.js';
import { spillNotice } from '../db/events/spill.js';
import { describeJobFailure, takeUntoldJobFailures } from '../db/job-failures.js';
import type { AgentFields } from '../db/event-data.js';
import { truncate } from '../common/redact.js';
import {
  ingestQuietly,
  ingestUntilComplete,
  ownTarget,
  PENDING_POLL_MS,
  type IngestResult,
  pruneIngestState,
  sessionTargets,
  ingestedFromTranscript,
} from './ingest.js';
import { judgeOutcomeFromFile } from './subagent-outcome.js';
import { toolCall, toolErrorEvent, toolUseEvent } from './tool-event.js';
import type { HandlerTable, HookDeps, HookInput, HookResult } from '../hook/contract/types.js';

function agentFields(input: HookInput): AgentFields {
  const out: AgentFields = {};
  if (input.agent_id) out.agentId = input.agent_id;
  if (input.agent_type) out.agentType = input.agent_type;
  return out;
}

/** Opens the database; null when it cannot be opened right now (the event is queued instead). */
function tryDb(deps: HookDeps): DB | null {
  try {
    return deps.db();
  } catch (e) {
    if (!flagDamage(deps, e)) deps.log(`database unavailable: ${String(e)}`);
    return null;
  }
}

/** Stores an event (or queues it when the database is locked/unavailable). */
export function record<K extends EventType>(
  deps: HookDeps,
  input: HookInput,
  e: Omit<NewEventOf<K>, 'sessionId' | 'project' | 'projectPath'>,
): number | null {
  const event: NewEventOf<K> = {
    ...e,
    ts: e.ts ?? deps.now().toISOString(),
    sessionId: input.session_id,
    project: deps.project.name,
    projectPath: deps.project.path,
  };
  try {
    return insertOrQueue(tryDb(deps), event, deps.env);
  } catch (err) {
    if (!isCorruptError(err)) throw err;
    // Damage found mid-write: flag it for the background check (which moves the file aside and
    // salvages it) and keep the event in the on-disk queue: the fresh database receives it.
    flagDamage(deps, err);
    return insertOrQueue(null, event, deps.env);
  }
}

export function collectPrompt(input: HookInput, deps: HookDeps): void {
  const text = typeof input.prompt === 'string' ? input.prompt : '';
  const keep = deps.config.collectPromptText;
  record(deps, input, {
    type: 'prompt',
    data: {
      promptId: input.prompt_id,
      length: text.length,
      ...(keep ? { text } : {}),
      ...agentFields(input),
    },
    text: keep ? text : undefined,
  });
}

export function collectToolUse(input: HookInput, deps: HookDeps): void {
  const call = toolCall(input.tool_name ?? 'unknown', input.tool_input);
  // Already recorded from the transcript (an ingestion ran first): once only.
  const db0 = input.tool_use_id ? tryDb(deps) : null;
  try {
    if (db0 && ingestedFromTranscript(db0, input.session_id, input.tool_use_id!)) return;
  } catch {}
  const id = record(
    deps,
    input,
    toolUseEvent(call, {
      durationMs: input.duration_ms,
      toolUseId: input.tool_use_id,
      ...agentFields(input),
      result: input.tool_response,
    }),
  );
  if (id !== null) {
    const db = tryDb(deps);
    if (db) deps.learn?.(input, deps, db, id);
  }
}

/** Records the successful calls the transcript holds that are not recorded yet (see ingest.ts). */
function ingestOwn(input: HookInput, deps: HookDeps): IngestResult | null {
  const target = ownTarget(input);
  if (!target) return null;
  const db = tryDb(deps);
  return db ? ingestQuietly(input, deps, db, [target]) : null;
}

export function collectToolError(input: HookInput, deps: HookDeps): void {
  // The successes before this error, stamped with the transcript's times (so they order before it
  // and never "resolve" it), read first — by the warm server too: one of them may prove an earlier
  // error of this turn, and the fix it teaches is what this hook's advice may need.
  ingestOwn(input, deps);
  // The KB key the CLI and every hook use (redacted first: normalisation must never turn a secret
  // into a shape redaction no longer sees).
  const call = toolCall(input.tool_name ?? 'unknown', input.tool_input);
  record(
    deps,
    input,
    toolErrorEvent(call, errorKey(input.error), {
      isInterrupt: input.is_interrupt === true,
      toolUseId: input.tool_use_id,
      ...agentFields(input),
    }),
  );
}

export function collectSubagentStart(input: HookInput, deps: HookDeps): void {
  record(deps, input, {
    type: 'subagent_start',
    data: { agentId: input.agent_id, agentType: input.agent_type },
    text: input.agent_type,
  });
}

function startTime(deps: HookDeps, input: HookInput): number | null {
  const db = tryDb(deps);
  if (!db || !input.agent_id) return null;
  try {
    const rows = subagentStarts(db, input.session_id);
    const hit = rows.find((r) => r.agentId === input.agent_id);
    return hit ? Date.parse(hit.ts) : null;
  } catch {
    return null;
  }
}

/**
 * Stop: the turn's successful calls from the transcript. Claude Code writes its transcript in
 * batches, so the last call's result may not be there yet when the turn ends: then the detached
 * worker reads it again shortly (job `ingest-pending`); the hook itself never waits.
 */
/** The warm server's re-reads after Stop wait at most this long for a locked database (then retry). */
const LATER_BUSY_MS = 50;

export function collectStop(input: HookInput, deps: HookDeps): void {
  const r = ingestOwn(input, deps);
  if (!r || r.pending === 0 || !input.transcript_path) return;
  const later = deps.later;
  const target = ownTarget(input);
  if (!later || !target) {
    deps.spawnBackground('ingest-pending', [input.session_id, input.transcript_path]);
    return;
  }
  // The warm server outlives the hook: it reads again itself, after answering (no worker process).
  later(async () => {
    const db = tryDb(deps);
    if (!db) return;
    const n = await ingestUntilComplete(
      input,
      { ...deps, now: () => new Date() },
      db,
      target,
      PENDING_POLL_MS,
      LATER_BUSY_MS,
    );
    deps.log(`ingest-pending ${input.session_id}: ${n} call(s) recorded`);
  });
}

export function collectSubagentStop(input: HookInput, deps: HookDeps): void {
  ingestOwn(input, deps);
  const outcome = judgeOutcomeFromFile(input.agent_transcript_path, input.last_assistant_message);
  const started = startTime(deps, input);
  const now = deps.now();
  record(deps, input, {
    type: 'subagent_stop',
    ts: now.toISOString(),
    data: {
      agentId: input.agent_id,
      agentType: input.agent_type,
      success: outcome.success ? 1 : 0,
      ...(outcome.reason ? { failureReason: outcome.reason } : {}),
      durationMs: started !== null ? Math.max(0, now.getTime() - started) : null,
      lastMessage: truncate(input.last_assistant_message ?? '', 1000),
    },
    text: `${input.agent_type ?? ''} ${input.last_assistant_message ?? ''}`,
  });
}

export function collectSessionStart(input: HookInput, deps: HookDeps): void {
  record(deps, input, {
    type: 'session_start',
    data: { source: input.source, model: input.model, transcriptPath: input.transcript_path, cwd: input.cwd },
  });
}

export function sessionCounts(db: DB, sessionId: string): Record<string, number> {
  const by = sessionTypeCounts(db, sessionId);
  return {
    prompts: by.prompt ?? 0,
    tools: by.tool_use ?? 0,
    errors: by.tool_error ?? 0,
    subagents: by.subagent_stop ?? by.subagent_start ?? 0,
    resolutions: by.resolution ?? 0,
  };
}

export function collectSessionEnd(input: HookInput, deps: HookDeps): void {
  const db = tryDb(deps);
  let counts: Record<string, number> = {};
  let durationMs: number | null = null;
  if (db) {
    // What no earlier ingestion got to (a background Stop ended by the exit): the calls are complete.
    ingestQuietly(input, deps, db, sessionTargets(input.transcript_path));
    try {
      pruneIngestState(db, deps.now());
    } catch {}
    try {
      counts = sessionCounts(db, input.session_id);
      const start = sessionStartTs(db, input.session_id);
      if (start) durationMs = deps.now().getTime() - Date.parse(start);
    } catch {}
  }
  record(deps, input, { type: 'session_summary', data: { reason: input.reason, ...counts, durationMs } });
  // Heavy work (embeddings, analysis, pruning) runs detached; SessionEnd never waits for it.
  if (deps.env.SELF_GEN_NO_BACKGROUND !== '1')
    deps.spawnBackground('session-end', [
      input.session_id,
      ...(typeof input.transcript_path === 'string' && input.transcript_path ? [input.transcript_path] : []),
    ]);
}

const h = (name: string, fn: (i: HookInput, d: HookDeps) => void | Promise<void>) => ({ name, run: fn });

/**
 * Tells the user (once) that events wait outside a data folder that cannot be written (spill.ts),
 * and that a background job (analysis, embeddings, team sync) failed (db/job-failures.ts).
 */
function noticeHandler(_input: HookInput, deps: HookDeps): HookResult | undefined {
  const notes: string[] = [];
  const spill = spillNotice(deps.env);
  if (spill) notes.push(spill);
  try {
    for (const f of takeUntoldJobFailures(deps.db()))
      notes.push(`self-generation: ${describeJobFailure(f)}. fix: ${f.fix}`);
  } catch {} // an unreadable database: the spill notice or doctor says why
  return notes.length ? { systemMessage: notes.join('\n') } : undefined;
}

export const collectorHandlers: HandlerTable = {
  // after the collector: a database writable again has stored the waiting events by then
  SessionStart: [h('collect-session-start', collectSessionStart), { name: 'notices', run: noticeHandler }],
  UserPromptSubmit: [h('collect-prompt', collectPrompt)],
  PostToolUse: [h('collect-tool-use', collectToolUse)],
  PostToolUseFailure: [h('collect-tool-error', collectToolError)],
  SubagentStart: [h('collect-subagent-start', collectSubagentStart)],
  SubagentStop: [h('collect-subagent-stop', collectSubagentStop)],
  Stop: [h('collect-stop', collectStop)],
  SessionEnd: [h('collect-session-end', collectSessionEnd)],
};
