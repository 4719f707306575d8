// The demo's recorded sessions: what a developer's two sessions look like to the hooks.
import type { HookInput } from '../hook/contract/types.js';

export interface DemoStep {
  note: string;
  input: Omit<HookInput, 'session_id' | 'cwd'> & { session?: 1 | 2 };
  /** A subagent transcript to write before this step (SubagentStop). */
  transcript?: unknown[];
}

const missing = "Error: Cannot find module 'react'\nRequire stack:\n- /app/src/index.js";

export const DEMO_STEPS: DemoStep[] = [
  { note: 'session 1 starts', input: { hook_event_name: 'SessionStart', source: 'startup' } },
  {
    note: 'the user asks for a build',
    input: { hook_event_name: 'UserPromptSubmit', prompt: 'build the app and fix what breaks' },
  },
  {
    note: 'Claude runs the build',
    input: { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm run build' } },
  },
  {
    note: 'the build fails',
    input: {
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm run build' },
      error: `Exit code 1\n${missing}`,
    },
  },
  {
    note: 'Claude runs Bash again (no fix is known yet, so there is nothing to say)',
    input: { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm install react' } },
  },
  {
    note: 'the missing package is installed',
    input: {
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'npm install react' },
      tool_response: { stdout: 'added 1 package' },
    },
  },
  {
    note: 'the build passes now: that proves the fix, and the resolution is learned',
    input: {
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'npm run build' },
      tool_response: { stdout: 'built in 1.2s' },
    },
  },
  {
    note: 'an edit of src/App.tsx fails',
    input: {
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Edit',
      tool_input: { file_path: '{project}/src/App.tsx', old_string: 'a', new_string: 'b' },
      error: 'String to replace not found in file {project}/src/App.tsx',
    },
  },
  {
    note: 'Claude reads the file and edits again',
    input: {
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_input: { file_path: '{project}/src/App.tsx' },
    },
  },
  {
    note: 'the second edit works',
    input: {
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: '{project}/src/App.tsx', old_string: 'x', new_string: 'y' },
    },
  },
  { note: 'session 1 ends', input: { hook_event_name: 'SessionEnd', reason: 'other' } },
  {
    note: 'session 2 starts (days later)',
    input: { hook_event_name: 'SessionStart', source: 'startup', session: 2 },
  },
  {
    note: 'the same build error comes back: the fix from session 1 is offered at once',
    input: {
      session: 2,
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      error: `Exit code 1\n${missing}`,
    },
  },
  {
    note: 'before the next Bash call: this session’s Bash error and the path that resolved it before',
    input: {
      session: 2,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
    },
  },
  {
    note: 'before editing src/App.tsx: its error history',
    input: {
      session: 2,
      hook_event_name: 'PreToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: '{project}/src/App.tsx', old_string: 'p', new_string: 'q' },
    },
  },
  {
    note: 'a code subagent starts: the project’s recent errors and fixes',
    input: { session: 2, hook_event_name: 'SubagentStart', agent_id: 'demo-agent-1', agent_type: 'executor' },
  },
  {
    note: 'the subagent stops: its findings are saved for the next subagents',
    input: {
      session: 2,
      hook_event_name: 'SubagentStop',
      agent_id: 'demo-agent-1',
      agent_type: 'executor',
      agent_transcript_path: '{transcript}',
      last_assistant_message:
        '## Findings\n- Modified: src/App.tsx\n- Issue: missing null check in render()\n- Verdict: PASS',
    },
    transcript: [
      { type: 'user', message: { role: 'user', content: 'Fix the null check in App' } },
      {
        type: 'assistant',
        message: {
          role: 'assistant',
          stop_reason: 'tool_use',
          content: [
            {
              type: 'tool_use',
              id: 't1',
              name: 'Edit',
              input: { file_path: '{project}/src/App.tsx', old_string: 'a', new_string: 'b' },
            },
          ],
        },
      },
      {
        type: 'user',
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok', is_error: false }],
        },
      },
      {
        type: 'assistant',
        message: {
          role: 'assistant',
          stop_reason: 'end_turn',
          content: [
            {
              type: 'text',
              text: '## Findings\n- Modified: src/App.tsx\n- Issue: missing null check in render()\n- Verdict: PASS',
            },
          ],
        },
      },
    ],
  },
  {
    note: 'a reviewer subagent starts: it learns what the first one changed',
    input: {
      session: 2,
      hook_event_name: 'SubagentStart',
      agent_id: 'demo-agent-2',
      agent_type: 'code-reviewer',
    },
  },
];
