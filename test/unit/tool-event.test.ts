// Tool events have one builder (src/recording/tool-event.ts): the hook and the transcript ingestion
// read a call's input and build its event through the same functions.
import { describe, expect, it } from 'vitest';
import { errorKey } from '../../src/error-kb/index.js';
import { toolCall, toolErrorEvent, toolUseEvent } from '../../src/recording/tool-event.js';

describe('tool events: one builder', () => {
  it('a Write call is summarised (no file contents) and keeps its file and text', () => {
    const call = toolCall('Write', { file_path: '/p/src/a.ts', content: 'SECRET BODY '.repeat(50) });
    expect(call.file).toBe('/p/src/a.ts');
    expect(JSON.stringify(call.input)).not.toContain('SECRET BODY SECRET BODY');
    const e = toolUseEvent(call, { toolUseId: 't1', source: 'transcript', ts: '2026-01-01T00:00:00.000Z' });
    expect(e).toMatchObject({
      type: 'tool_use',
      ts: '2026-01-01T00:00:00.000Z',
      files: ['/p/src/a.ts'],
      text: 'Write /p/src/a.ts',
      data: { tool: 'Write', success: 1, toolUseId: 't1', source: 'transcript' },
    });
    expect(e.data.subagent).toBeUndefined();
  });

  it('a subagent call carries what its result says, its type from the input otherwise', () => {
    const call = toolCall('Agent', { subagent_type: 'explorer', description: 'look', prompt: 'long' });
    const e = toolUseEvent(call, { result: { agentId: 'a1', status: 'completed' } });
    expect(e.data.subagent).toMatchObject({ agentId: 'a1', agentType: 'explorer', status: 'completed' });
  });

  it('a command is redacted before it is kept; a failure is keyed by errorKey', () => {
    const call = toolCall('Bash', {
      command: 'curl -H "Authorization: Bearer sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789" x',
    });
    expect(call.command).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');
    const raw = "Exit code 1\nError: Cannot find module 'left-pad'";
    const e = toolErrorEvent(call, errorKey(raw), { isInterrupt: false, toolUseId: 't2', agentId: 'ag' });
    expect(e.type).toBe('tool_error');
    expect(e.data).toMatchObject({
      tool: 'Bash',
      error: errorKey(raw).normalized,
      keyVersion: errorKey(raw).version,
      isInterrupt: false,
      toolUseId: 't2',
      agentId: 'ag',
    });
    expect(e.text).toBe(`Bash ${errorKey(raw).raw}`);
  });
});
