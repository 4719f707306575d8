// The lazy registry must list exactly the events each part handles, or a handler would never run.
import { describe, expect, it } from 'vitest';
import { handlersFor, PARTS } from '../../src/parts/index.js';
import type { HookInput } from '../../src/hook/contract/types.js';

describe('hook registry', () => {
  it('each part declares exactly the events its table has handlers for', async () => {
    for (const part of PARTS) {
      const table = part.handlers ? await part.handlers() : {};
      const events = Object.entries(table)
        .filter(([, hs]) => (hs ?? []).length > 0)
        .map(([e]) => e)
        .sort();
      expect([...part.events].sort(), part.name).toEqual(events);
    }
  });

  it('PostToolUse of an ordinary tool does not load shared context; of Agent/Task it does', async () => {
    const base = { hook_event_name: 'PostToolUse', session_id: 's', cwd: '/tmp' } as HookInput;
    const names = async (tool: string) =>
      (await handlersFor({ ...base, tool_name: tool })).map((h) => h.name);
    const bash = await names('Bash');
    const agent = await names('Agent');
    expect(agent.length).toBeGreaterThan(bash.length);
    expect(await names('Task')).toEqual(agent);
  });

  it('Stop loads only the collector (it reads the transcript, #15)', async () => {
    const stop = await handlersFor({ hook_event_name: 'Stop', session_id: 's', cwd: '/tmp' } as HookInput);
    expect(stop.map((h) => h.name)).toEqual(['collect-stop']);
  });
});
