// Resolution detection (docs/learning.md): a tool error is resolved only when a
// later successful call proves it —
//  - Bash/PowerShell: the same command (same program, subcommand and targets after runner prefixes;
//    error-kb/shell.ts) succeeds, alone or at the end of an `&&` chain, or before filters (`| tail`,
//    `| grep x`) when the pipeline's status is honest (`set -o pipefail`) or its output shows no
//    error (never before `||`, `;` or `&`); or, when the command only looked at a file (`cat f`,
//    `head f`), a Read of that very file. A Read of a file the error text merely names proves nothing;
//  - Edit/Write/Read/MultiEdit/NotebookEdit: the same tool succeeds on the same file ("not read yet":
//    any edit tool on it, after the Read);
//  - every other tool (MCP tools, WebFetch, Agent/Task…): the same tool with the same target (its
//    short arguments: url, description, ids…; free text such as a prompt or a script may differ).
// The fix is what happened in between (same session, same agent, in event-id order): edits with a
// short before → after excerpt, installs, other commands, and the proving command itself when it
// differs from the failing one. Inspection calls are never a fix; when nothing else happened, the
// error is closed without learning anything. Claude Code's own tool-usage errors ("File has not
// been read yet", "String to replace not found"…) learn the generic fix that proved them.
// Interrupts, user rejections and permission denials are never learned.
//
// Ordering: only the order of event ids (the order the PostToolUse/PostToolUseFailure hooks
import { recordProvenFix } from './candidates.js';
import type { DB } from '../db/db.js';
import { insertEvent } from '../db/events/write.js';
import { firstOpenErrorId, resolutionWindow } from '../db/events/errors.js';
import type { ResolutionData } from '../db/event-data.js';
import type { HookDeps, HookInput } from '../hook/contract/types.js';
import { neverLearned, parseCall, type Call } from './resolution-call.js';
import { describeFix, type Learned } from './resolution-fix.js';
import { proves, sameAttempt } from './resolution-proof.js';

export {
  COMMAND_TOOLS,
  FILE_TOOLS,
  neverLearned,
  toolUsageKind,
  type ToolUsageKind,
} from './resolution-call.js';
export { cleanOutput, commandProves, proves } from './resolution-proof.js';
export { describeFix, type Learned } from './resolution-fix.js';

/** Errors older than this are no longer considered open. */
const OPEN_WINDOW_MS = 2 * 60 * 60 * 1000;
/** How many of the session's newest events detection looks at. */
const MAX_ROWS = 200;

/**
 * Called after a successful tool call was recorded as event `okEventId`. For every open error of
 * this session that the call proves, records a resolution event and, when a fix is described,
 * a candidate fix in the KB. Returns how many errors it resolved.
 */
export function detectResolutions(input: HookInput, deps: HookDeps, db: DB, okEventId: number): number {
  const tool = input.tool_name ?? '';
  if (!tool) return 0;
  const now = deps.now(); // the time this call's hook fired (HookDeps.now)
  const window = openWindow(db, input, now, okEventId);
  if (!window) return 0;
  const { calls, closed } = window;
  const ok = calls.find((c) => c.id === okEventId);
  if (!ok || ok.type !== 'tool_use') return 0;
  let n = 0;
  // Positions, not ids: the rows are in the order the calls happened (their times), and a call read
  // from the transcript after an error (the warm server reads after answering) has a larger id.
  const okAt = calls.indexOf(ok);
  let learnedAny = false;
  for (let i = 0; i < okAt; i++) {
    const e = calls[i]!;
    if (e.type !== 'tool_error' || closed.has(e.id) || !e.error) continue;
    if (neverLearned(e.errorRaw ?? '', e.isInterrupt === true)) continue;
    if (!proves(e, ok)) continue;
    const learned = fixBetween(e, calls.slice(i + 1, okAt), ok, deps.project.path);
    if (learned) learnedAny = true;
    storeResolution(db, input, deps, now, { e, message: e.error, ok, learned });
    closed.add(e.id);
    n++;
  }
  // The fix policy judges what was learned in the background (it loads a parser: never in a hook);
  // until then the new fix is withheld.
  if (learnedAny && deps.env.SELF_GEN_NO_BACKGROUND !== '1') deps.spawnBackground('fix-policy');
  return n;
}

/**
 * The session's calls since its first open error, up to the successful call, and the errors already
 * resolved in that window; null when no error is open.
 */
function openWindow(
  db: DB,
  input: HookInput,
  now: Date,
  okEventId: number,
): { calls: Call[]; closed: Set<number> } | null {
  const fired = now.toISOString();
  const since = new Date(now.getTime() - OPEN_WINDOW_MS).toISOString();
  const first = firstOpenErrorId(db, {
    sessionId: input.session_id,
    since,
    until: fired,
    beforeId: okEventId,
  });
  if (!first) return null;
  const rows = resolutionWindow(db, {
    sessionId: input.session_id,
    fromId: first,
    toId: okEventId,
    until: fired,
    max: MAX_ROWS,
  });
  // the newest ones (this call included), oldest first — in the order Claude Code fired them (events
  // are stamped with their hook's start time), so a call recorded late (an async or slow hook) never
  // counts as coming after an error that was fired after it
  rows.reverse();
  const closed = new Set<number>();
  const calls: Call[] = [];
  for (const r of rows) {
    if (r.type === 'resolution') {
      try {
        const eid: unknown = (JSON.parse(r.data) as Partial<ResolutionData>).errorEventId;
        if (typeof eid === 'number') closed.add(eid);
      } catch {}
      continue;
    }
    const c = parseCall(r.id, r.type, r.data);
    if (c) calls.push(c);
  }
  return { calls, closed };
}

/** What fixed error `e`, from the calls between it and the successful call `ok`; null when nothing did. */
function fixBetween(e: Call, between: Call[], ok: Call, projectPath: string): Learned | null {
  // The next failure of the same attempt ends this error's window: with the same error it was
  // not fixed in between (superseded); with another error, what came before fixed this one.
  const later = between.filter((c) => c.agentId === e.agentId);
  const next = later.find((c) => c.type === 'tool_error' && sameAttempt(e, c));
  if (next && next.error === e.error) return null;
  const window = later
    .slice(0, next ? later.indexOf(next) : later.length)
    .filter((c) => c.type === 'tool_use');
  return describeFix(e, next ? { ...next, type: 'tool_use' } : ok, window, projectPath);
}

/** Stores the learned fix in the KB (when there is one) and the resolution event. */
function storeResolution(
  db: DB,
  input: HookInput,
  deps: HookDeps,
  now: Date,
  r: { e: Call; message: string; ok: Call; learned: Learned | null },
): void {
  const { e, message, ok, learned } = r;
  let kbId: number | null = null;
  if (learned) {
    kbId = recordProvenFix(
      db,
      message,
      {
        errorRaw: e.errorRaw,
        resolution: learned.resolution,
        fixKey: learned.fixKey,
        resolvedBy: learned.resolvedBy,
        toolSequence: learned.toolSequence,
        proof: learned.proof,
        projectPath: deps.project.path,
      },
      now,
    );
  }
  insertEvent(db, {
    type: 'resolution',
    ts: now.toISOString(),
    sessionId: input.session_id,
    project: deps.project.name,
    projectPath: deps.project.path,
    data: {
      errorEventId: e.id,
      error: message,
      tool: e.tool,
      provenBy: ok.id,
      proof: learned?.proof ?? null,
      resolvedBy: learned?.resolvedBy ?? null,
      toolSequence: learned?.toolSequence ?? [],
      resolution: learned?.resolution ?? null,
      kbId,
      agentId: e.agentId,
    },
    text: learned ? `${message} ${learned.resolution}` : message,
  });
}
