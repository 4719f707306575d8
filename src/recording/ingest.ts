// Tool successes from the session transcript: no PostToolUse hook runs for an ordinary
// tool call any more (each one cost Claude Code a process start). Instead, the transcript Claude
// Code writes anyway (transcript_path; a subagent's own file under <session>/subagents/) is read
// incrementally — only the bytes added since the last read — at PostToolUseFailure (before the
// error is recorded), before the Bash pre-tool guide speaks, at Stop, SubagentStop and SessionEnd,
// and by the session-end job. Every successful tool call found becomes a `tool_use` event stamped
// with the transcript's own time of its result, then resolution detection runs for it, exactly as
// the PostToolUse hook did.
//
// Idempotent and safe when several hooks ingest at once: one IMMEDIATE transaction reads the stored
// offset, reads the new bytes, records the calls not yet recorded (by tool_use_id, whoever recorded
// them: a PostToolUse(Agent) hook or an earlier ingestion) and stores the new offset. A tool call
// whose result is not written yet is kept (summarised) in the stored state until its result comes.
// Errors are left to the PostToolUseFailure hook (it gives advice and records them).
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DB } from '../db/db.js';
import { insertEvent } from '../db/events/write.js';
import { transcriptCallRecorded } from '../db/events/sessions.js';
import { sessionToolCallIds } from '../db/events/sessions.js';
import { kvDeleteOlder, kvGet, kvSet } from '../db/kv.js';
import { readRegularText } from '../common/safe-fs.js';
import {
  parseTranscriptLine,
  readTranscriptFrom,
  transcriptItems,
  type TranscriptItem,
} from '../common/transcript.js';
import { cleanOutput, COMMAND_TOOLS } from '../error-kb/index.js';
import type { HookDeps, HookInput } from '../hook/contract/types.js';
import { span } from '../common/timing.js';
import { toolCall, toolUseEvent, type ToolCall } from './tool-event.js';

/** A call whose result has not arrived yet (tool-event.ts toolCall: summarised, never file contents). */
interface Pending extends ToolCall {
  ts: string | null;
  agentId?: string;
}

interface IngestState {
  path: string;
  offset: number;
  /** The bytes before `offset` (readTranscriptFrom's mark): a rewritten file is read again. */
  mark: string;
  pending: Record<string, Pending>;
  at: string;
}

/** At most this many calls wait for their result (a transcript cut off mid-turn leaves a few). */
const MAX_PENDING = 200;
/** State rows older than this are dropped (SessionEnd housekeeping). */
const STATE_TTL_MS = 14 * 24 * 3_600_000;
/** At most this many subagent transcripts of one session are read at SessionEnd. */
const MAX_SUBAGENT_FILES = 200;

export interface IngestTarget {
  /** The transcript file (main: transcript_path; a subagent: its agent transcript). */
  path: string;
  /** The subagent the file belongs to (its calls carry its agentId, as its hooks' events do). */
  agentId?: string;
  agentType?: string;
}

export interface IngestResult {
  recorded: number;
  resolved: number;
  /** The file has more bytes than one read takes (read again to get to its end). */
  more: boolean;
  /**
   * Calls of the last 30 s read without their result yet (Claude Code writes the transcript in
   * batches); older ones (an interrupted call) are not waited for.
   */
  pending: number;
  /** A read failed (e.g. the database stayed locked): nothing is known about what waits. */
  failed?: boolean;
}

/** A call without its result older than this is not waited for (see IngestResult.pending). */
const PENDING_WAIT_MS = 30_000;

function recentPending(pending: Record<string, Pending>, now: Date): number {
  const since = now.getTime() - PENDING_WAIT_MS;
  return Object.values(pending).filter((p) => {
    const t = p.ts ? Date.parse(p.ts) : NaN;
    return !Number.isFinite(t) || t >= since;
  }).length;
}

const stateKey = (sessionId: string, agentId: string | undefined) =>
  `ingest:${sessionId}:${agentId ?? 'main'}`;

function readState(db: DB, key: string, path: string): IngestState {
  const value = kvGet(db, key);
  const fresh: IngestState = { path, offset: 0, mark: '', pending: {}, at: '' };
  if (value === null) return fresh;
  try {
    const v = JSON.parse(value) as Partial<IngestState>;
    // Another file under the same key (a resumed session writes a new transcript): start it fresh.
    if (v.path !== path || typeof v.offset !== 'number') return fresh;
    return {
      path,
      offset: v.offset,
      mark: typeof v.mark === 'string' ? v.mark : '',
      pending: v.pending && typeof v.pending === 'object' ? v.pending : {},
      at: '',
    };
  } catch {
    return fresh;
  }
}

function writeState(db: DB, key: string, s: IngestState): void {
  kvSet(db, key, JSON.stringify(s));
}

/** The tool_use_ids this session already has events for (tool calls and errors). */
function recordedIds(db: DB, sessionId: string): Set<string> {
  return sessionToolCallIds(db, sessionId);
}

/** Whether an ingestion already recorded the call with this id (the PostToolUse(Agent) hook's dedupe). */
export function ingestedFromTranscript(db: DB, sessionId: string, toolUseId: string): boolean {
  return transcriptCallRecorded(db, sessionId, toolUseId);
}

function validTs(ts: string | null, fallback: Date): string {
  if (ts && Number.isFinite(Date.parse(ts))) return new Date(Date.parse(ts)).toISOString();
  return fallback.toISOString();
}

/**
 * Records the successful tool calls written to `target.path` since the last read, and detects the
 * resolutions they prove. Never throws for a file it cannot read (missing, FIFO, symlink: nothing
 * happens); database errors are thrown to the caller (a hook logs them and goes on).
 */
export function ingestTranscript(
  input: HookInput,
  deps: HookDeps,
  db: DB,
  target: IngestTarget,
): IngestResult {
  const out: IngestResult = { recorded: 0, resolved: 0, more: false, pending: 0 };
  if (!target.path || !input.session_id) return out;
  const key = stateKey(input.session_id, target.agentId);
  const run = db.transaction(() => {
    const state = span('ingest-state', () => readState(db, key, target.path));
    const chunk = span('ingest-read', () =>
      readTranscriptFrom(target.path, state.offset, undefined, state.mark),
    );
    out.pending = recentPending(state.pending, deps.now());
    if (!chunk || (chunk.end === state.offset && chunk.start === state.offset)) return;
    out.more = chunk.end < chunk.size && chunk.end > chunk.start;
    if (chunk.start < state.offset) state.pending = {};
    const seen = span('ingest-seen-ids', () => recordedIds(db, input.session_id));
    const now = deps.now();
    // An event the plugin kept and replays later (src/plugin/spool.ts) finds the whole transcript
    // written: it stops at the first entry after its own time and leaves the stored state as it
    // was, so the calls after it are recorded by the later events, in order.
    const until = deps.env.SELF_GEN_EVENT_TIME ? now.getTime() : Infinity;
    let stopped = false;
    lines: for (const line of chunk.lines) {
      // Cheap test first: most lines (attachments, text) carry no tool call or result.
      if (!line.text.includes('"tool_use') && !line.text.includes('"tool_result')) continue;
      const entry = parseTranscriptLine(line.text);
      if (!entry) continue;
      for (const item of transcriptItems(entry)) {
        if (item.ts && Date.parse(item.ts) > until) {
          stopped = true;
          break lines;
        }
        if (item.kind === 'call') {
          if (item.call.id && !seen.has(item.call.id)) state.pending[item.call.id] = pendingCall(item);
          continue;
        }
        const id = item.result.toolUseId;
        const call = state.pending[id];
        delete state.pending[id];
        // Errors are the PostToolUseFailure hook's; an unknown or already recorded call is skipped.
        if (!call || item.result.isError || seen.has(id)) continue;
        seen.add(id);
        out.resolved += recordResult({ input, deps, db, target }, call, item, validTs(item.ts, now));
        out.recorded++;
      }
    }
    if (stopped) return;
    const ids = Object.keys(state.pending);
    for (const id of ids.slice(0, Math.max(0, ids.length - MAX_PENDING))) delete state.pending[id];
    out.pending = recentPending(state.pending, now);
    span('ingest-state', () =>
      writeState(db, key, {
        path: target.path,
        offset: chunk.end,
        mark: chunk.mark,
        pending: state.pending,
        at: now.toISOString(),
      }),
    );
  });
  run.immediate();
  return out;
}

type CallItem = Extract<TranscriptItem, { kind: 'call' }>;
type ResultItem = Extract<TranscriptItem, { kind: 'result' }>;

/** A call kept in the database until its result comes: redacted like every stored event. */
function pendingCall(item: CallItem): Pending {
  return {
    ...toolCall(item.call.name, item.call.input),
    ts: item.ts,
    ...(item.agentId ? { agentId: item.agentId } : {}),
  };
}

/**
 * Records a call whose successful result the transcript holds (at `ts`, the time of its result),
 * then learns from it as of that time (deps.learn); returns how many resolutions it proved.
 */
function recordResult(
  c: { input: HookInput; deps: HookDeps; db: DB; target: IngestTarget },
  call: Pending,
  item: ResultItem,
  ts: string,
): number {
  const { input, deps, db, target } = c;
  const agentId = target.agentId ?? call.agentId ?? item.agentId ?? undefined;
  const event = toolUseEvent(call, {
    ts,
    toolUseId: item.result.toolUseId,
    ...(agentId ? { agentId } : {}),
    ...(agentId && target.agentType ? { agentType: target.agentType } : {}),
    source: 'transcript',
    // a piped command's status is its filter's: whether the output shows an error is the evidence
    ...(COMMAND_TOOLS.has(call.tool) && call.command?.includes('|')
      ? { outputClean: cleanOutput(item.result.text) }
      : {}),
    result: item.raw,
  });
  const eventId = span('ingest-insert', () =>
    insertEvent(db, {
      ...event,
      sessionId: input.session_id,
      project: deps.project.name,
      projectPath: deps.project.path,
    }),
  );
  const learn = deps.learn;
  if (!learn) return 0;
  const at = new Date(ts);
  return span('ingest-resolutions', () =>
    learn(
      { ...input, tool_name: call.tool, ...(agentId ? { agent_id: agentId } : {}) },
      { ...deps, now: () => new Date(at.getTime()) },
      db,
      eventId,
    ),
  );
}

/** A subagent's transcript: `<transcript without .jsonl>/subagents/agent-<id>.jsonl`. */
export function subagentTranscriptPath(transcriptPath: string, agentId: string): string | null {
  if (!/\.jsonl$/.test(transcriptPath) || !/^[A-Za-z0-9_-]{1,128}$/.test(agentId)) return null;
  return join(transcriptPath.replace(/\.jsonl$/, ''), 'subagents', `agent-${agentId}.jsonl`);
}

/** The agent type a subagent's `.meta.json` names (next to its transcript), if any. */
function metaAgentType(agentPath: string): string | undefined {
  const text = readRegularText(agentPath.replace(/\.jsonl$/, '.meta.json'), { maxBytes: 64 * 1024 });
  const meta = text ? parseTranscriptLine(text) : null;
  return typeof meta?.agentType === 'string' ? meta.agentType : undefined;
}

/** The transcript this payload's own calls are in: the subagent's when it comes from one. */
export function ownTarget(input: HookInput): IngestTarget | null {
  if (input.agent_id) {
    const path =
      input.agent_transcript_path ||
      (input.transcript_path ? subagentTranscriptPath(input.transcript_path, input.agent_id) : null);
    return path
      ? { path, agentId: input.agent_id, ...(input.agent_type ? { agentType: input.agent_type } : {}) }
      : null;
  }
  return input.transcript_path ? { path: input.transcript_path } : null;
}

/** deps.ingestOwn: the successes of this hook's own transcript, read now (the pre-tool guide). */
export function ingestOwnTranscript(input: HookInput, deps: HookDeps, db: DB): void {
  const own = ownTarget(input);
  if (own) ingestQuietly(input, deps, db, [own]);
}

/** Every transcript of the session: the main one and each subagent's (SessionEnd, session-end job). */
export function sessionTargets(transcriptPath: string | undefined): IngestTarget[] {
  if (!transcriptPath) return [];
  const out: IngestTarget[] = [{ path: transcriptPath }];
  if (!/\.jsonl$/.test(transcriptPath)) return out;
  const dir = join(transcriptPath.replace(/\.jsonl$/, ''), 'subagents');
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {}
  for (const name of names.slice(0, MAX_SUBAGENT_FILES)) {
    const m = /^agent-([A-Za-z0-9_-]{1,128})\.jsonl$/.exec(name);
    if (!m) continue;
    const path = join(dir, name);
    const agentType = metaAgentType(path);
    out.push({ path, agentId: m[1]!, ...(agentType ? { agentType } : {}) });
  }
  return out;
}

/** Ingests, logging instead of throwing (hooks): the next ingestion picks up what this one missed. */
export function ingestQuietly(
  input: HookInput,
  deps: HookDeps,
  db: DB,
  targets: IngestTarget[],
): IngestResult {
  const total: IngestResult = { recorded: 0, resolved: 0, more: false, pending: 0 };
  for (const t of targets) {
    try {
      const r = span('ingest', () => ingestTranscript(input, deps, db, t));
      total.recorded += r.recorded;
      total.resolved += r.resolved;
      total.more ||= r.more;
      total.pending += r.pending;
    } catch (e) {
      total.failed = true;
      deps.log(
        `transcript ingestion of ${basename(dirname(t.path))}/${basename(t.path)} failed: ${String(e)}`,
      );
    }
  }
  return total;
}

/** How long the calls a Stop found without their result are waited for, and how often it looks. */
export const PENDING_WAIT_TOTAL_MS = 3000;
export const PENDING_POLL_MS = 100;

/**
 * Reads `target` again every PENDING_POLL_MS until no call of the last 30 s waits for its result
 * (Claude Code writes its transcript in batches) or PENDING_WAIT_TOTAL_MS passed; the number of
 * calls recorded. `firstWait` first when the caller has just read it (Stop). Stop's `ingest-pending`
 * job (a worker process), or the warm server itself after answering Stop.
 */
export async function ingestUntilComplete(
  input: HookInput,
  deps: HookDeps,
  db: DB,
  target: IngestTarget,
  firstWait = 0,
  /**
   * At most this long waiting for a locked database per read (the warm server: its one connection
   * must not stall other hooks behind a background writer; a locked read is simply tried again).
   */
  busyMs?: number,
): Promise<number> {
  const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
  const read = () => {
    if (busyMs === undefined) return ingestQuietly(input, deps, db, [target]);
    // Set and restored within one synchronous read: no other hook runs in between.
    const before = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyMs))}`);
    try {
      return ingestQuietly(input, deps, db, [target]);
    } finally {
      db.pragma(`busy_timeout = ${before}`);
    }
  };
  let total = 0;
  if (firstWait > 0) await sleep(firstWait);
  for (let waited = firstWait; ; waited += PENDING_POLL_MS) {
    const r = read();
    total += r.recorded;
    if ((r.pending === 0 && !r.failed) || waited >= PENDING_WAIT_TOTAL_MS) break;
    await sleep(PENDING_POLL_MS);
  }
  return total;
}

/** Drops ingestion states not touched for two weeks (their sessions are long over). */
export function pruneIngestState(db: DB, now: Date): void {
  kvDeleteOlder(db, 'ingest:', '$.at', new Date(now.getTime() - STATE_TTL_MS).toISOString());
}
