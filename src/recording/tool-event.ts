// Tool events have one builder: every path that records a tool call — the PostToolUse(Agent) hook,
// the PostToolUseFailure hook and the transcript ingestion (ingest.ts) — reads the call's tool_input
// through toolCall and builds its `tool_use` / `tool_error` event through toolUseEvent /
// toolErrorEvent. A new field of tool events is added here (and its type in db/event-data.ts); the
// rows themselves are written by db/events (insertOrQueue / insertEvent → insertPrepared).
import type { AgentFields, SubagentCallInfo, ToolErrorData, ToolUseData } from '../db/event-data.js';
import type { NewEventOf } from '../db/events/write.js';
import { extractFiles } from '../common/files.js';
import { redact, redactDeep, truncate } from '../common/redact.js';
import { summarizeToolInput, SUBAGENT_TOOLS, toolFilePath } from '../hook/contract/tool-input.js';
import type { errorKey } from '../error-kb/index.js';

type ErrorKey = ReturnType<typeof errorKey>;

/** A tool call as recorded: its input summarised and redacted (never file contents). */
export interface ToolCall {
  tool: string;
  input: Record<string, unknown>;
  file?: string;
  command?: string;
}

/** The one reading of a call's tool_input (hook payload or transcript). */
export function toolCall(tool: string, toolInput: Record<string, unknown> | undefined): ToolCall {
  const command = typeof toolInput?.command === 'string' ? toolInput.command : undefined;
  const file = toolFilePath(toolInput);
  const summary = summarizeToolInput(tool, toolInput);
  if (SUBAGENT_TOOLS.has(tool)) summary.subagent_type = toolInput?.subagent_type;
  return {
    tool,
    input: redactDeep(summary) as Record<string, unknown>,
    ...(file ? { file: redact(file) } : {}),
    ...(command ? { command: redact(truncate(command, 4000)) } : {}),
  };
}

/** What a subagent call's result says about the subagent (Agent/Task tools). */
export function subagentInfo(result: unknown, call: ToolCall): SubagentCallInfo {
  const r = (result && typeof result === 'object' ? result : {}) as Record<string, unknown>;
  return {
    agentId: r.agentId,
    agentType: r.agentType ?? call.input.subagent_type,
    status: r.status,
    totalToolUseCount: r.totalToolUseCount,
    totalDurationMs: r.totalDurationMs,
  };
}

/** An event without the fields the writer stamps (session, project). */
export type ToolEvent<K extends 'tool_use' | 'tool_error'> = Omit<
  NewEventOf<K>,
  'sessionId' | 'project' | 'projectPath'
>;

/** The `tool_use` event of a successful call; `result`: the tool's result (a subagent's summary). */
export function toolUseEvent(
  call: ToolCall,
  more: Omit<ToolUseData, 'tool' | 'input' | 'success' | 'subagent'> & { ts?: string; result?: unknown },
): ToolEvent<'tool_use'> {
  const { ts, result, ...fields } = more;
  const data: ToolUseData = { tool: call.tool, input: call.input, success: 1, ...fields };
  if (SUBAGENT_TOOLS.has(call.tool)) data.subagent = subagentInfo(result, call);
  return {
    type: 'tool_use',
    ...(ts ? { ts } : {}),
    data,
    files: call.file ? [call.file] : [],
    text: [call.tool, call.command ?? '', call.file ?? ''].filter(Boolean).join(' '),
  };
}

/** The `tool_error` event of a failed call, keyed by `key` (error-kb errorKey, the one key). */
export function toolErrorEvent(
  call: ToolCall,
  key: ErrorKey,
  more: AgentFields & { isInterrupt: boolean; toolUseId?: string },
): ToolEvent<'tool_error'> {
  const raw = key.raw;
  const named = extractFiles(raw);
  const files = [...(call.file ? [call.file] : []), ...named];
  const data: ToolErrorData = {
    tool: call.tool,
    error: key.normalized,
    keyVersion: key.version,
    errorRaw: truncate(raw, 4000),
    ...(call.file || named[0] ? { filePath: call.file ?? named[0] } : {}),
    files,
    isInterrupt: more.isInterrupt,
    input: call.input,
    toolUseId: more.toolUseId,
    ...(more.agentId ? { agentId: more.agentId } : {}),
    ...(more.agentType ? { agentType: more.agentType } : {}),
  };
  return { type: 'tool_error', data, files, text: `${call.tool} ${raw}` };
}
