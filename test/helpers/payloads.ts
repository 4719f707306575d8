// Hook payloads as Claude Code sends them: a fixture payload (test/fixtures/.../hook-payloads) with
// the project path rewritten and fields overridden, and builders for the events tests send most.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookInput } from '../../src/hook/contract/types.js';
import { FIXTURES } from './env.js';

export const SESSION = '1d781026-4b91-4581-b3a2-f91871abc842';

/** A fixture payload (by file name prefix, e.g. '04') with the project path rewritten and fields overridden. */
export function payload(prefix: string, project: string, over: Record<string, unknown> = {}): HookInput {
  const dir = join(FIXTURES, 'hook-payloads');
  const names = [
    '01-SessionStart',
    '02-UserPromptSubmit',
    '03-PreToolUse',
    '04-PostToolUseFailure',
    '05-PreToolUse',
    '06-PostToolUse',
    '07-PreToolUse',
    '08-SubagentStart',
    '09-PreToolUse',
    '10-PostToolUse',
    '11-SubagentStop',
    '12-PostToolUse',
    '13-Stop',
    '14-SessionEnd',
  ];
  const name = names.find((n) => n.startsWith(prefix + '-'));
  if (!name) throw new Error(`no fixture ${prefix}`);
  const text = readFileSync(join(dir, name + '.json'), 'utf8').replaceAll('/home/dev/proj', project);
  return { ...(JSON.parse(text) as HookInput), ...over } as HookInput;
}

export const preToolUse = (
  project: string,
  tool: string,
  toolInput: Record<string, unknown>,
  over: Record<string, unknown> = {},
) => payload('03', project, { tool_name: tool, tool_input: toolInput, ...over });

export const subagentStart = (project: string, agentType: string, over: Record<string, unknown> = {}) =>
  payload('08', project, { agent_type: agentType, ...over });

export const failure = (
  project: string,
  tool: string,
  toolInput: Record<string, unknown>,
  error: string,
  over: Record<string, unknown> = {},
) => payload('04', project, { tool_name: tool, tool_input: toolInput, error, ...over });

export const success = (
  project: string,
  tool: string,
  toolInput: Record<string, unknown>,
  over: Record<string, unknown> = {},
) => payload('06', project, { tool_name: tool, tool_input: toolInput, tool_response: {}, ...over });

// Minimal payloads (the fields the hooks read), for tests that send many.

export const promptEvent = (project: string, prompt: string, session: string) => ({
  hook_event_name: 'UserPromptSubmit',
  session_id: session,
  cwd: project,
  prompt,
});

export const bashPost = (project: string, id: string, o: { session: string; command: string }) => ({
  hook_event_name: 'PostToolUse',
  session_id: o.session,
  cwd: project,
  tool_name: 'Bash',
  tool_input: { command: o.command },
  tool_response: { stdout: 'ok' },
  tool_use_id: id,
});

export const bashFailure = (
  project: string,
  id: string,
  o: { session: string; command: string; error: string },
) => ({
  hook_event_name: 'PostToolUseFailure',
  session_id: o.session,
  cwd: project,
  tool_name: 'Bash',
  tool_input: { command: o.command },
  tool_use_id: id,
  error: o.error,
});

export const bashPre = (project: string, id: string, o: { session: string; command: string }) => ({
  hook_event_name: 'PreToolUse',
  session_id: o.session,
  cwd: project,
  tool_name: 'Bash',
  tool_input: { command: o.command },
  tool_use_id: id,
});
