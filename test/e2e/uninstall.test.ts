// Scenario 6 (issue #3): after `self-gen uninstall`, sessions run normally and no hook of ours runs
// or says anything — even where it would have (the same error again, a code subagent).
import { expect, it } from 'vitest';
import { hookContexts, requestText, toolUse } from '../helpers/anthropic-stub.js';
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

describeE2E('e2e: uninstall', () => {
  it('leaves sessions running with no hook output at all', async () => {
    const p = await newProject({ files: CHECK_FILES, agents: { executor: 'Executes code changes' } });
    const s1 = await p.runClaude({
      prompt: 'Run the project check and fix it.',
      script: { main: failThenFixTurns() },
    });
    expect(s1.code, s1.summary()).toBe(0);
    const recorded = p.events().length;
    expect(recorded, `session 1 was recorded while installed\n${s1.summary()}`).toBeGreaterThan(0);

    const out = p.uninstall();
    expect(out).toMatch(/removed/);
    expect(JSON.stringify(p.settings())).not.toMatch(/hook\.c?js/);

    p.remove('build');
    const s2 = await p.runClaude({
      prompt: 'Run the project check, fix it, and have an executor look.',
      script: {
        main: [
          bash(CHECK_COMMAND, 'run the check'), // the known error again
          bash(FIX_COMMAND, 'set up the build marker'),
          [
            toolUse('Agent', {
              description: 'look',
              prompt: 'E2E-AFTER-UNINSTALL: look around',
              subagent_type: 'executor',
            }),
          ],
          'Done.',
        ],
        subagents: { 'E2E-AFTER-UNINSTALL': ['Nothing to report.'] },
      },
    });
    const why = s2.summary();
    expect(s2.code, why).toBe(0);
    expect(s2.result?.is_error, why).toBe(false);
    expect(s2.result?.result, why).toBe('Done.');
    expect(s2.subagent('E2E-AFTER-UNINSTALL'), why).toHaveLength(1);

    // Nothing from any hook reached the model…
    for (const r of s2.requests.filter((r) => r.turn >= 0)) {
      expect(hookContexts(r), `request #${r.seq}\n${why}`).toEqual([]);
      expect(requestText(r), why).not.toContain('hook additional context');
    }
    // …the error reached it only as the tool result, never with the fix from session 1…
    expect(requestText(s2.main[1]!), why).toContain(CHECK_ERROR);
    expect(requestText(s2.main[1]!), why).not.toContain(FIX_COMMAND);
    // …no hook ran at all (Claude Code records every hook that ran or failed in the transcript)…
    expect(s2.transcript().length, 'transcript found').toBeGreaterThan(0);
    expect(hookAttachments(s2.transcript()), why).toEqual([]);
    // …and nothing was recorded.
    expect(p.events().length, why).toBe(recorded);
    expect(p.events().some((e) => e.session_id === s2.sessionId)).toBe(false);
  });
});
