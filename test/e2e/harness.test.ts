// The harness itself with the real CLI: self-gen install wires the hooks, a scripted session runs
// to the end, self-generation records it, and the stub sees what the model was sent.
import { afterAll, expect, it } from 'vitest';
import { contentText, toolUse } from '../helpers/anthropic-stub.js';
import { createE2EProject, type E2EProject } from '../helpers/claude-harness.js';
import { CHECK_ERROR, CHECK_FILES, describeE2E, failThenFixTurns, FIX_COMMAND } from './fixtures.js';

describeE2E('e2e harness: install + a recorded session', () => {
  let p: E2EProject | undefined;
  afterAll(() => p?.cleanup());

  it('records a failing and a fixed Bash call, a subagent, and the session', async () => {
    p = await createE2EProject({ files: CHECK_FILES, agents: { executor: 'Executes code changes' } });

    const hooks = p.settings().hooks as Record<string, { hooks: { command: string }[] }[]>;
    for (const event of [
      'SessionStart',
      'PreToolUse',
      'PostToolUseFailure',
      'SubagentStart',
      'SubagentStop',
      'SessionEnd',
    ]) {
      expect(JSON.stringify(hooks?.[event] ?? []), `${event} hook installed`).toMatch(
        /dist\/hook(\.cjs|-warm\.sh|-warm\.bash)/,
      );
    }

    const turns = failThenFixTurns();
    const run = await p.runClaude({
      prompt: 'Run the project check and fix it.',
      script: {
        main: [
          ...turns.slice(0, 3),
          [
            toolUse('Agent', {
              description: 'look',
              prompt: 'E2E-SMOKE-SUB: look around',
              subagent_type: 'executor',
            }),
          ],
          'Done.',
        ],
        subagents: { 'E2E-SMOKE-SUB': ['Findings: nothing to change.'] },
      },
    });
    const why = run.summary();
    expect(run.code, why).toBe(0);
    expect(run.result?.is_error, why).toBe(false);
    expect(run.result?.result, why).toBe('Done.');
    expect(run.requests[0]?.method, why).toBe('HEAD');
    expect(
      run.main.map((r) => r.turn),
      why,
    ).toEqual([0, 1, 2, 3, 4]);
    expect(run.subagent('E2E-SMOKE-SUB'), why).toHaveLength(1);
    // The model was sent the failing command's output as an error tool result.
    const failed = (run.main[1]!.body!.messages ?? [])
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .find((b) => b.type === 'tool_result' && b.is_error);
    expect(contentText(failed?.content as string), why).toContain(CHECK_ERROR);

    const types = new Set(p.events().map((e) => e.type));
    for (const t of [
      'session_start',
      'prompt',
      'tool_use',
      'tool_error',
      'resolution',
      'subagent_start',
      'subagent_stop',
      'session_summary',
    ]) {
      expect(types.has(t), `${t} recorded\n${why}`).toBe(true);
    }
    expect(p.events().every((e) => e.session_id === run.sessionId)).toBe(true);
    const kb = p.errorKb();
    expect(
      kb.some(
        (k) => String(k.error_normalized).includes(CHECK_ERROR) && String(k.resolution).includes(FIX_COMMAND),
      ),
      JSON.stringify(kb),
    ).toBe(true);
  });
});
