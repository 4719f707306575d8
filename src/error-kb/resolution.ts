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
// recorded the calls) is used, never wall-clock times between calls.
import { recordProvenFix, type ProvenFix } from './candidates.js';
import {
  commandKey,
  commandKeys,
  coreWords,
  canonicalWords,
  hasPipefail,
  isFilterSegment,
  isInspectionCommand,
  isInspectionSegment,
  isRunSegment,
  operands,
  segmentKey,
  segments,
} from './shell.js';
import type { DB } from '../db/db.js';
import { insertEvent } from '../db/events/write.js';
import { resolutionWindow } from '../db/events/errors.js';
import { firstOpenErrorId } from '../db/events/errors.js';
import type { ResolutionData, ToolErrorData } from '../db/event-data.js';
import { sameFile } from '../common/files.js';
import { truncate } from '../common/redact.js';
import { FILE_EDIT_TOOLS } from '../hook/contract/tool-input.js';
import type { HookDeps, HookInput } from '../hook/contract/types.js';

/** Errors older than this are no longer considered open. */
const OPEN_WINDOW_MS = 2 * 60 * 60 * 1000;
/** More fix steps than this between an error and its proof: too diffuse to learn. */
const MAX_STEPS = 8;
/** More calls than this between an error and its proof: too diffuse to learn (and not parsed). */
const MAX_WINDOW = 60;
/** How many of the session's newest events detection looks at. */
const MAX_ROWS = 200;
/** Steps shown in a fix description. */
const SHOWN_STEPS = 5;

export const FILE_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'Read', 'NotebookEdit']);
/** Tools whose input is a shell command line. */
export const COMMAND_TOOLS = new Set(['Bash', 'PowerShell']);
const SAME_FAMILY: Record<string, string[]> = {
  Edit: ['Edit', 'MultiEdit'],
  MultiEdit: ['Edit', 'MultiEdit'],
  Write: ['Write'],
  Read: ['Read'],
  NotebookEdit: ['NotebookEdit'],
};

/** Errors that say the user or a permission rule stopped the call: nothing to learn. */
const NEVER_LEARN =
  /doesn't want to proceed with this tool use|tool use was rejected|user rejected|has been denied|haven't granted it yet|permission to use \S+ (?:with command .*)?has been denied|blocked by (?:a |the )?hook|operation blocked by hook/i;

export type ToolUsageKind = 'not-read' | 'modified' | 'old-string' | 'multiple-matches';

/** Claude Code's own tool-usage errors (Edit/Write contract), by kind. */
export function toolUsageKind(raw: string): ToolUsageKind | null {
  if (/File has not been read yet|File must be read first|Read it first before writing/i.test(raw))
    return 'not-read';
  if (/File has been (?:unexpectedly )?modified since read/i.test(raw)) return 'modified';
  if (/String to replace not found|old_string not found|old_string was not found/i.test(raw))
    return 'old-string';
  if (/Found \d+ matches of the string to replace|old_string is not unique/i.test(raw))
    return 'multiple-matches';
  return null;
}

export function neverLearned(raw: string, isInterrupt: boolean): boolean {
  return isInterrupt || NEVER_LEARN.test(raw);
}

interface Call {
  id: number;
  type: 'tool_use' | 'tool_error';
  tool: string;
  command?: string;
  file?: string;
  excerpt?: string;
  agentId?: string;
  // errors only
  error?: string;
  errorRaw?: string;
  files?: string[];
  isInterrupt?: boolean;
  /** Any other tool: its target (tool-input.ts `target`), and an excerpt of its free-text input. */
  target?: string;
  /** A piped command's output showed no error (ingest.ts). */
  outputClean?: boolean;
}

/** The input fields that name the target of the tools tool-input.ts summarises by name. */
const TARGET_FIELDS: Record<string, string[]> = {
  Agent: ['subagent_type', 'description'],
  Task: ['subagent_type', 'description'],
  WebFetch: ['url'],
  WebSearch: ['query'],
  Glob: ['pattern', 'path'],
  Grep: ['pattern', 'path'],
};

function parseCall(id: number, type: string, data: string): Call | null {
  // tool_use or tool_error data (store/event-data.ts); rows may lack any key
  let d: Partial<ToolErrorData>;
  try {
    d = JSON.parse(data) as Partial<ToolErrorData>;
  } catch {
    return null;
  }
  const input = (d.input && typeof d.input === 'object' ? d.input : {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const fields = TARGET_FIELDS[String(d.tool ?? '')];
  const target =
    input.target && typeof input.target === 'object'
      ? JSON.stringify(input.target)
      : fields
        ? JSON.stringify(fields.map((f) => input[f] ?? null))
        : undefined;
  return {
    target,
    outputClean: (d as { outputClean?: unknown }).outputClean === true,
    id,
    type: type as Call['type'],
    tool: String(d.tool ?? ''),
    command: s(input.command),
    file: s(input.file_path) ?? s(d.filePath),
    excerpt: s(input.excerpt),
    agentId: s(d.agentId),
    error: s(d.error),
    errorRaw: typeof d.errorRaw === 'string' ? d.errorRaw : '',
    files: Array.isArray(d.files)
      ? (d.files as unknown[]).filter((f): f is string => typeof f === 'string')
      : [],
    isInterrupt: d.isInterrupt === true,
  };
}

/** The keys a failing command is proven by: its meaningful segments, else (inspection only) all. */
function proofKeys(command: string): string[] {
  const keys = commandKeys(command);
  if (keys.length) return keys;
  return segments(command)
    .map((s) => segmentKey(s.words))
    .filter(Boolean);
}

/**
 * Does successful command `ok` prove failing command `failed`? Each meaningful segment of `failed`
 * must end `ok` or an `&&` link of it, or feed only filters (`| tail -20`, `| grep FAIL`) when the
 * pipeline's status is honest (`set -o pipefail`) or, without it (the status is the filter's),
 * when `outputClean` says the output showed no error.
 */
export function commandProves(failed: string, ok: string, outputClean = false): boolean {
  const want = proofKeys(failed);
  if (!want.length) return false;
  const segs = segments(ok);
  // `… || true`, `… ; exit 0`: the exit status says nothing.
  if (segs.some((s) => s.next === '||') || /\b(?:exit 0|true|:)\s*$/.test(ok.trim())) return false;
  const honest = (next: string) => next === '' || next === '&&' || next === '\n';
  const pipeOk = hasPipefail(ok) || outputClean;
  const proofAt = (i: number): boolean => {
    if (honest(segs[i]!.next)) return true;
    if (segs[i]!.next !== '|' || !pipeOk) return false;
    let j = i + 1;
    while (j < segs.length && isFilterSegment(segs[j]!) && segs[j]!.next === '|') j++;
    return j < segs.length && isFilterSegment(segs[j]!) && honest(segs[j]!.next);
  };
  const keyed = segs.map((s) => segmentKey(s.words));
  return want.every((k) => keyed.some((key, i) => key === k && proofAt(i)));
}

/** Counts of nothing (`0 failed`, `no errors`): not a sign of an error. */
const NONE =
  /\b(?:0|no|zero) (?:failed|failures?|errors?|warnings?)\b|\b(?:errors?|failures?|failed): ?0\b/gi;
const ERROR_SIGN =
  /\b(?:errors?|fail(?:ed|ure|ures|s)?|fatal|panic(?:ked)?|traceback|exception|cannot|can't|unable to|not found|no such file|denied|refused|invalid|abort(?:ed)?|segmentation fault)\b|exit (?:code|status) [1-9]/i;

/**
 * The output of a piped command shows no sign of an error: without `set -o pipefail` the status is
 * the filter's, so this is the only honest evidence that the filtered command succeeded.
 */
export function cleanOutput(text: string): boolean {
  return !ERROR_SIGN.test(text.slice(0, 20_000).replace(NONE, ''));
}

/** `command` only looked at `file` (`cat f`, `head -40 f`, `sed -n 1,9p f`): a Read of it does the same. */
function inspects(command: string, file: string): boolean {
  if (!isInspectionCommand(command)) return false;
  return segments(command).some((s) =>
    operands(s.words).some((w) => /[\w.]\.\w{1,8}$/.test(w) && sameFile(w, file)),
  );
}

/** The meaningful simple commands of a command line, as written (redirections dropped). */
function meaningful(command: string): string[] {
  return segments(command)
    .filter((s) => s.writes || !isInspectionSegment(s.words))
    .map((s) => canonicalWords(s.words).join(' ') + (s.writes ? ' >' : ''));
}

/** Another run of the failing command (its keys all there): an attempt, not a fix. */
function isRerun(failed: string | undefined, command: string): boolean {
  if (!failed) return false;
  const want = proofKeys(failed);
  const have = new Set(segments(command).map((s) => segmentKey(s.words)));
  return want.length > 0 && want.every((k) => have.has(k));
}

function relPath(file: string, projectPath: string): string {
  const root = projectPath.replace(/\/+$/, '') + '/';
  return file.startsWith(root) ? file.slice(root.length) : file;
}

const base = (f: string) => f.replace(/\\/g, '/').split('/').pop() ?? f;

interface Step {
  key: string;
  text: string;
  tool: string;
  /** A run of tests/build/a program: a fix only when nothing else happened. */
  weak?: boolean;
}

function stepOf(c: Call, e: Call, projectPath: string): Step | null {
  if (c.type !== 'tool_use') return null;
  if (COMMAND_TOOLS.has(c.tool) && c.command) {
    if (isInspectionCommand(c.command) || isRerun(e.command, c.command)) return null;
    const cmd = truncate(c.command.replace(/\s*\n\s*/g, ' ; ').trim(), 200);
    const segs = segments(c.command).filter((s) => s.writes || !isInspectionSegment(s.words));
    const weak = segs.every((s) => !s.writes && (isRunSegment(s.words) || coreWords(s.words)[0] === 'cd'));
    return { key: `bash:${commandKey(c.command)}`, text: `ran \`${cmd}\``, tool: 'Bash', weak };
  }
  if (FILE_EDIT_TOOLS.has(c.tool) && c.file) {
    const rel = relPath(c.file, projectPath);
    if (c.tool === 'Write')
      return {
        key: `write:${base(c.file)}`,
        text: `Write ${rel}${c.excerpt ? ` (${c.excerpt})` : ''}`,
        tool: c.tool,
      };
    return {
      key: `edit:${base(c.file)}:${c.excerpt ?? ''}`,
      text: `${c.tool} ${rel}${c.excerpt ? `: ${c.excerpt}` : ''}`,
      tool: c.tool,
    };
  }
  return mcpStep(c, e);
}

/** The MCP server of a tool (`mcp__<server>__<tool>`), or null. */
const mcpServer = (tool: string): string | null => /^mcp__(.+?)__./.exec(tool)?.[1] ?? null;

/**
 * Another tool of the failing MCP tool's own server, called on something (a click on an element, a
 * navigation to a url: it has short arguments), is a step of the fix (a browser upload refused until
 * the upload button was clicked); one called on nothing (a snapshot, a screenshot, a listing) only
 * looked.
 */
function mcpStep(c: Call, e: Call): Step | null {
  const server = mcpServer(e.tool);
  if (!server || c.tool === e.tool || mcpServer(c.tool) !== server) return null;
  if (!c.target || c.target === '{}' || c.target === '[]') return null;
  return {
    key: `call:${c.tool}:${c.target}`,
    text: `called ${c.tool} with \`${truncate(c.target, 160)}\``,
    tool: c.tool,
  };
}

const TOOL_USAGE_FIX: Record<ToolUsageKind, (readFirst: boolean) => { text: string; key: string }> = {
  'not-read': () => ({ text: 'Read the file first, then Edit/Write it', key: 'tool-usage:not-read' }),
  modified: () => ({
    text: 'Read the file again (it changed since the last Read), then Edit',
    key: 'tool-usage:modified',
  }),
  'old-string': (readFirst) =>
    readFirst
      ? {
          text: 'Read the file again and copy old_string exactly from its current text',
          key: 'tool-usage:old-string:read',
        }
      : {
          text: 'Edit with old_string copied exactly from the current file text',
          key: 'tool-usage:old-string',
        },
  'multiple-matches': () => ({
    text: 'make old_string unique (include more surrounding lines) or set replace_all',
    key: 'tool-usage:multiple-matches',
  }),
};

export interface Learned {
  resolution: string;
  fixKey: string;
  proof: ProvenFix['proof'];
  resolvedBy: string;
  toolSequence: string[];
}

/**
 * The fix of error `e` proven by `ok`, from the calls in between (`window`, in order), or null
 * when nothing in between counts as a fix.
 */
export function describeFix(e: Call, ok: Call, window: Call[], projectPath: string): Learned | null {
  const toolSequence = [...window.filter((c) => c.type === 'tool_use').map((c) => c.tool), ok.tool].slice(
    -20,
  );
  const usage = FILE_TOOLS.has(e.tool) ? toolUsageKind(e.errorRaw ?? '') : null;
  if (usage) {
    const readFirst = window.some(
      (c) => c.type === 'tool_use' && c.tool === 'Read' && c.file && e.file && sameFile(c.file, e.file),
    );
    if (usage !== 'old-string' && usage !== 'multiple-matches' && !readFirst) return null;
    const f = TOOL_USAGE_FIX[usage](readFirst);
    return { resolution: f.text, fixKey: f.key, proof: 'tool-usage', resolvedBy: ok.tool, toolSequence };
  }
  if (window.length > MAX_WINDOW) return null;
  let steps: Step[] = [];
  for (const c of window) {
    const s = stepOf(c, e, projectPath);
    if (!s) continue;
    const dup = steps.findIndex((x) => x.key === s.key);
    if (dup !== -1) steps.splice(dup, 1);
    steps.push(s);
  }
  // Runs of tests/builds/programs are the fix only when nothing that changes things happened.
  if (steps.some((s) => !s.weak)) steps = steps.filter((s) => !s.weak);
  // `ok` is the next attempt when that one failed with another error: its changes fixed this error,
  // its own correction did not work, so it is never named as the fix.
  const attempted = !!ok.error;
  if (!attempted && COMMAND_TOOLS.has(e.tool) && ok.tool === e.tool && e.command && ok.command) {
    const before = meaningful(e.command);
    const after = meaningful(ok.command);
    if (before.join(' && ') !== after.join(' && ')) {
      const cmd = truncate(ok.command.replace(/\s*\n\s*/g, ' ; ').trim(), 200);
      steps.push({
        key: `corrected:${commandKey(ok.command)}|${after.join(' && ')}`,
        text: `ran \`${cmd}\` instead of \`${truncate(e.command.replace(/\s*\n\s*/g, ' ; ').trim(), 120)}\``,
        tool: 'Bash',
      });
    }
  }
  if (steps.length === 0 && COMMAND_TOOLS.has(e.tool) && ok.tool === 'Read' && ok.file && e.command) {
    const cmd = truncate(e.command.replace(/\s*\n\s*/g, ' ; ').trim(), 120);
    steps.push({
      key: `read-instead:${base(ok.file)}`,
      text: `read ${relPath(ok.file, projectPath)} with the Read tool instead of \`${cmd}\``,
      tool: 'Read',
    });
  }
  if (
    !attempted &&
    !COMMAND_TOOLS.has(e.tool) &&
    !FILE_TOOLS.has(e.tool) &&
    ok.excerpt &&
    ok.excerpt !== e.excerpt
  ) {
    steps.push({
      key: `corrected:${ok.tool}:${ok.excerpt}`,
      text: `called ${ok.tool} with \`${ok.excerpt}\`${e.excerpt ? ` instead of \`${truncate(e.excerpt, 80)}\`` : ''}`,
      tool: ok.tool,
    });
  }
  if (steps.length === 0 || steps.length > MAX_STEPS) return null;
  const shown = steps.slice(-SHOWN_STEPS);
  const more = steps.length - shown.length;
  const resolution =
    shown.map((s) => s.text).join('; then ') + (more > 0 ? ` (+${more} earlier step(s))` : '');
  return {
    resolution,
    fixKey: steps.map((s) => s.key).join(' ; '),
    proof: COMMAND_TOOLS.has(e.tool) && ok.tool === e.tool ? 'same-command' : 'same-file',
    resolvedBy: steps.at(-1)!.tool,
    toolSequence,
  };
}

/** Does successful call `ok` prove error `e`? */
export function proves(e: Call, ok: Call): boolean {
  if (e.agentId !== ok.agentId) return false;
  if (COMMAND_TOOLS.has(e.tool)) {
    if (ok.tool === e.tool && e.command && ok.command)
      return commandProves(e.command, ok.command, ok.outputClean === true);
    return ok.tool === 'Read' && !!ok.file && !!e.command && inspects(e.command, ok.file);
  }
  if (FILE_TOOLS.has(e.tool)) {
    // "not read yet": after the Read, any edit tool on the file shows it may be written now
    const family =
      toolUsageKind(e.errorRaw ?? '') === 'not-read' ? [...FILE_EDIT_TOOLS] : SAME_FAMILY[e.tool];
    return !!(e.file && ok.file && family?.includes(ok.tool) && sameFile(e.file, ok.file));
  }
  return ok.tool === e.tool && !!e.target && e.target === ok.target;
}

/** Same failing call again (same command / same tool on the same file): the next attempt. */
function sameAttempt(a: Call, b: Call): boolean {
  if (a.tool !== b.tool || a.agentId !== b.agentId) return false;
  if (COMMAND_TOOLS.has(a.tool))
    return !!(a.command && b.command && commandKey(a.command) === commandKey(b.command));
  if (FILE_TOOLS.has(a.tool)) return !!(a.file && b.file && sameFile(a.file, b.file));
  return !!a.target && a.target === b.target;
}

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
    recordResolution(db, input, deps, now, { e, message: e.error, ok, learned });
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
function recordResolution(
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
