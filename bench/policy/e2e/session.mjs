// A Claude Code 2.1.197 session as its hooks and transcript see it (test/fixtures/claude-code-2.1.197):
// the payload fields of each event, and a transcript that grows as the real one does — the assistant
// line with the tool_use before PreToolUse, the user line with the tool_result before
// PostToolUse/PostToolUseFailure, the final text before Stop. Every hook's answer is handed to
// `seen(channel, text)`: what reached Claude.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const VERSION = '2.1.197';

export class Session {
  /** `hooks` from hooks.mjs; `home` the user's home (transcripts go to ~/.claude/projects/). */
  constructor({ hooks, home, project, seen = () => {} }) {
    this.hooks = hooks;
    this.project = project;
    this.seen = seen;
    this.id = randomUUID();
    this.transcript = join(
      home,
      '.claude',
      'projects',
      project.replace(/[^A-Za-z0-9]/g, '-'),
      `${this.id}.jsonl`,
    );
    mkdirSync(dirname(this.transcript), { recursive: true });
    writeFileSync(this.transcript, '');
    this.parent = null;
    this.promptId = null;
    this.msg = 0;
    this.tools = 0;
  }

  line(entry) {
    const uuid = randomUUID();
    const full = {
      parentUuid: this.parent,
      isSidechain: false,
      ...entry,
      uuid,
      timestamp: new Date().toISOString(),
      userType: 'external',
      entrypoint: 'sdk-cli',
      cwd: this.project,
      sessionId: this.id,
      version: VERSION,
      gitBranch: 'main',
    };
    appendFileSync(this.transcript, JSON.stringify(full) + '\n');
    this.parent = uuid;
    return uuid;
  }

  base(event, extra = {}) {
    return {
      session_id: this.id,
      transcript_path: this.transcript,
      cwd: this.project,
      ...(this.promptId ? { prompt_id: this.promptId } : {}),
      permission_mode: 'default',
      effort: { level: 'high' },
      hook_event_name: event,
      ...extra,
    };
  }

  async hook(channel, event, payload) {
    const text = await this.hooks.run(event, payload);
    if (text) this.seen(channel, text);
    return text;
  }

  async start() {
    await this.hook('session-start', 'SessionStart', {
      session_id: this.id,
      transcript_path: this.transcript,
      cwd: this.project,
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
  }

  async prompt(text) {
    this.promptId = randomUUID();
    await this.hook('prompt', 'UserPromptSubmit', this.base('UserPromptSubmit', { prompt: text }));
    this.line({
      promptId: this.promptId,
      type: 'user',
      message: { role: 'user', content: text },
      permissionMode: 'default',
      promptSource: 'sdk',
    });
  }

  assistant(content, stop) {
    return this.line({
      message: {
        id: `msg_${++this.msg}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-opus-4-8',
        content,
        stop_reason: stop,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5 },
      },
      type: 'assistant',
    });
  }

  /**
   * One tool call: `error` set → it fails (PostToolUseFailure), else it succeeds with `response`.
   * `silent`: a failure Claude Code reports before running the tool (its own input checks, such as
   * "File has not been read yet"): no hook fires, only the transcript has it.
   * `channel` names where its PreToolUse / PostToolUseFailure answers are counted.
   */
  async tool({ tool, input, response = {}, error, silent = false }, channel = {}) {
    const id = `toolu_${String(++this.tools).padStart(6, '0')}${this.id.slice(0, 6)}`;
    const by = this.assistant([{ type: 'tool_use', id, name: tool, input }], 'tool_use');
    if (!silent)
      await this.hook(
        channel.pre ?? 'pre-tool',
        'PreToolUse',
        this.base('PreToolUse', { tool_name: tool, tool_input: input, tool_use_id: id }),
      );
    const content = error
      ? silent
        ? `<tool_use_error>${error}</tool_use_error>`
        : error
      : typeof response.stdout === 'string'
        ? response.stdout
        : 'ok';
    this.line({
      promptId: this.promptId,
      type: 'user',
      message: {
        role: 'user',
        content: [{ tool_use_id: id, type: 'tool_result', content, is_error: !!error }],
      },
      toolUseResult: error ? `Error: ${error}` : response,
      sourceToolAssistantUUID: by,
    });
    if (silent) return;
    if (error)
      await this.hook(
        channel.failure ?? 'failure',
        'PostToolUseFailure',
        this.base('PostToolUseFailure', {
          tool_name: tool,
          tool_input: input,
          tool_use_id: id,
          error,
          is_interrupt: false,
          duration_ms: 40,
        }),
      );
    else
      await this.hook(
        channel.post ?? 'post-tool',
        'PostToolUse',
        this.base('PostToolUse', {
          tool_name: tool,
          tool_input: input,
          tool_response: response,
          tool_use_id: id,
          duration_ms: 12,
        }),
      );
  }

  /** An Agent call to a code subagent (`executor`): PreToolUse, SubagentStart, SubagentStop, PostToolUse. */
  async subagent(task, findings) {
    const id = `toolu_${String(++this.tools).padStart(6, '0')}${this.id.slice(0, 6)}`;
    const agentId = `a${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const input = { description: 'check the module', prompt: task, subagent_type: 'executor' };
    const by = this.assistant([{ type: 'tool_use', id, name: 'Agent', input }], 'tool_use');
    await this.hook(
      'pre-tool',
      'PreToolUse',
      this.base('PreToolUse', { tool_name: 'Agent', tool_input: input, tool_use_id: id }),
    );
    const sub = {
      session_id: this.id,
      transcript_path: this.transcript,
      cwd: this.project,
      ...(this.promptId ? { prompt_id: this.promptId } : {}),
      agent_id: agentId,
      agent_type: 'executor',
    };
    await this.hook('subagent', 'SubagentStart', { ...sub, hook_event_name: 'SubagentStart' });
    const agentTranscript = join(dirname(this.transcript), this.id, 'subagents', `agent-${agentId}.jsonl`);
    mkdirSync(dirname(agentTranscript), { recursive: true });
    writeFileSync(
      agentTranscript,
      [
        { type: 'user', isSidechain: true, agentId, message: { role: 'user', content: task } },
        {
          type: 'assistant',
          isSidechain: true,
          agentId,
          message: {
            role: 'assistant',
            content: [{ type: 'text', text: findings }],
            stop_reason: 'end_turn',
          },
        },
      ]
        .map((l) =>
          JSON.stringify({
            ...l,
            sessionId: this.id,
            timestamp: new Date().toISOString(),
            cwd: this.project,
            version: VERSION,
          }),
        )
        .join('\n') + '\n',
    );
    await this.hook('subagent-stop', 'SubagentStop', {
      ...sub,
      permission_mode: 'default',
      effort: { level: 'high' },
      hook_event_name: 'SubagentStop',
      stop_hook_active: false,
      agent_transcript_path: agentTranscript,
      last_assistant_message: findings,
      background_tasks: [],
      session_crons: [],
    });
    const response = {
      status: 'completed',
      prompt: task,
      agentId,
      agentType: 'executor',
      content: [{ type: 'text', text: findings }],
      totalDurationMs: 120,
      totalTokens: 15,
      totalToolUseCount: 0,
    };
    this.line({
      promptId: this.promptId,
      type: 'user',
      message: {
        role: 'user',
        content: [{ tool_use_id: id, type: 'tool_result', content: [{ type: 'text', text: findings }] }],
      },
      toolUseResult: response,
      sourceToolAssistantUUID: by,
    });
    await this.hook(
      'post-tool',
      'PostToolUse',
      this.base('PostToolUse', {
        tool_name: 'Agent',
        tool_input: input,
        tool_response: response,
        tool_use_id: id,
        duration_ms: 120,
      }),
    );
  }

  /** The end of a turn: the final text, then Stop. */
  async stop(text = 'Done.') {
    this.assistant([{ type: 'text', text }], 'end_turn');
    await this.hook(
      'stop',
      'Stop',
      this.base('Stop', {
        stop_hook_active: false,
        last_assistant_message: text,
        background_tasks: [],
        session_crons: [],
      }),
    );
  }

  async end() {
    await this.hook('session-end', 'SessionEnd', {
      session_id: this.id,
      transcript_path: this.transcript,
      cwd: this.project,
      ...(this.promptId ? { prompt_id: this.promptId } : {}),
      hook_event_name: 'SessionEnd',
      reason: 'other',
    });
  }
}
