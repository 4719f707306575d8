// #15.2 with the real Claude Code CLI: in warm mode (the default where curl exists) the hooks are
// answered by the warm server, the error advice reaches the model, and with the server killed
// between sessions the next session still gets it (process path), with no hook error shown.
import { expect, it } from 'vitest';
import { latestContexts } from '../helpers/anthropic-stub.js';
import { pingHookServer } from '../../src/hook/host/server-client.js';
import {
  bash,
  CHECK_COMMAND,
  CHECK_ERROR,
  CHECK_FILES,
  describeE2E,
  failThenFixTurns,
  FIX_COMMAND,
} from './fixtures.js';
import { hookAttachments, projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();

/** Hook errors Claude Code recorded for the user (a failing or broken hook would show as these). */
const hookErrors = (transcript: Record<string, unknown>[]) => hookAttachments(transcript, true);

describeE2E('e2e: warm hook mode', () => {
  it('#15.2 the warm server answers a real session; killed, the next session falls back silently', async () => {
    const p = await newProject({ files: CHECK_FILES });
    const settings = JSON.stringify(p.settings());
    expect(settings).toMatch(/hook-warm\.(?:sh|bash)/);

    const s1 = await p.runClaude({
      prompt: 'Run the project check and fix it.',
      script: { main: failThenFixTurns() },
    });
    expect(s1.code, s1.summary()).toBe(0);
    expect(hookErrors(s1.transcript()), s1.summary()).toEqual([]);
    // The first hook found no server, answered by the process path and started it; the rest went to it.
    const info = await pingHookServer({ env: p.env(), timeoutMs: 2000 });
    expect(info, 'the warm server is running').not.toBeNull();
    expect(info!.requests, 'hooks answered by the server (besides this ping)').toBeGreaterThanOrEqual(2);
    expect(p.errorKb().some((k) => String(k.resolution).includes(FIX_COMMAND))).toBe(true);

    // Killed between sessions: its socket file stays behind, nobody listens.
    process.kill(info!.pid, 'SIGKILL');
    p.remove('build');
    const s2 = await p.runClaude({
      prompt: 'Run the project check.',
      script: { main: [bash(CHECK_COMMAND, 'run the check'), 'Noted.'] },
    });
    const why = s2.summary();
    expect(s2.code, why).toBe(0);
    expect(hookErrors(s2.transcript()), why).toEqual([]);
    const advice = latestContexts(s2.main[1], 'PostToolUseFailure', 'Bash')
      .map((c) => c.text)
      .join('\n');
    expect(advice, why).toContain(FIX_COMMAND);
    expect(advice, why).not.toContain(CHECK_ERROR); // no past error text: Claude has the current one
    // Every tool call of both sessions recorded, by whichever path ran.
    const count = (t: string) => p.events().filter((e) => e.type === t).length;
    expect([count('tool_use'), count('tool_error')], why).toEqual([2, 2]);
  });

  it('#15.1 process mode: no PostToolUse hook for Bash, yet every call recorded in order, the last one too, and the fix learned', async () => {
    const p = await newProject({ files: CHECK_FILES });
    p.selfGenOk(['hooks', '--mode', 'process']);
    const hooks = (
      p.settings() as { hooks: Record<string, { hooks: { command: string; async?: boolean }[] }[]> }
    ).hooks;
    expect(hooks.UserPromptSubmit![0]!.hooks[0]!.async).toBe(true);
    // Stop reads the turn's calls, synchronous: Claude Code ends background hooks when it exits.
    expect(hooks.Stop![0]!.hooks[0]!.async).toBeUndefined();
    // Successes come from the transcript (#15): PostToolUse only for Agent/Task (its digest injects).
    expect((hooks.PostToolUse as { matcher?: string }[]).map((g) => g.matcher)).toEqual(['Agent|Task']);
    expect(hooks.PreToolUse![0]!.hooks[0]!.command).toMatch(/dist\/hook\.cjs" PreToolUse$/);

    const s1 = await p.runClaude({
      prompt: 'Run the project check and fix it.',
      script: { main: failThenFixTurns() },
    });
    const why = s1.summary();
    expect(s1.code, why).toBe(0);
    expect(hookErrors(s1.transcript()), why).toEqual([]);
    // No PostToolUse hook ran in this session (none registered for Bash).
    expect(
      s1
        .transcript()
        .filter((l) => (l.attachment as { hookEvent?: string } | undefined)?.hookEvent === 'PostToolUse'),
      why,
    ).toEqual([]);
    // Background hooks may still be writing when the CLI exits: wait for the last of them.
    let events = p.events();
    for (let i = 0; i < 1200 && events.filter((e) => e.type === 'tool_use').length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      events = p.events();
    }
    const calls = events
      .filter((e) => e.type === 'tool_use' || e.type === 'tool_error')
      .sort((a, b) => String(a.ts).localeCompare(String(b.ts)))
      .map((e) => `${e.type}:${String((e.data as { input?: { command?: string } }).input?.command)}`);
    expect(calls, why).toEqual([
      `tool_error:${CHECK_COMMAND}`,
      `tool_use:${FIX_COMMAND}`,
      `tool_use:${CHECK_COMMAND}`,
    ]);
    expect(
      p.errorKb().some((k) => String(k.resolution).includes(FIX_COMMAND)),
      why,
    ).toBe(true);
  });
});
