// Scenarios 3 and 4 (issue #3): what a subagent is told when it starts.
//  3. A code subagent (type containing executor/architect/designer/build-fixer) gets the project's
//     recent error patterns and their fixes in its first request (SubagentStart).
//  4. A second subagent of the same session gets what the first one changed (shared context).
import { expect, it } from 'vitest';
import { contextsOf, requestText, toolUse } from '../helpers/anthropic-stub.js';
import { CHECK_ERROR, CHECK_FILES, describeE2E, failThenFixTurns, FIX_COMMAND } from './fixtures.js';
import { projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();

const agent = (marker: string, task: string, type: string) => [
  toolUse('Agent', { description: task.slice(0, 40), prompt: `${marker}: ${task}`, subagent_type: type }),
];

describeE2E('e2e: code subagent context', () => {
  it("gives a code subagent's first request the project's recent error patterns", async () => {
    const p = await newProject({ files: CHECK_FILES, agents: { executor: 'Executes code changes' } });
    const s1 = await p.runClaude({
      prompt: 'Run the project check and fix it.',
      script: { main: failThenFixTurns() },
    });
    expect(s1.code, s1.summary()).toBe(0);

    const s2 = await p.runClaude({
      prompt: 'Implement the feature with an executor.',
      script: {
        main: [agent('E2E-EXECUTOR', 'implement the feature', 'executor'), 'Done.'],
        subagents: { 'E2E-EXECUTOR': ['Implemented; nothing else to report.'] },
      },
    });
    const why = s2.summary();
    expect(s2.code, why).toBe(0);
    const first = s2.subagent('E2E-EXECUTOR')[0];
    expect(first, `the executor subagent ran\n${why}`).toBeDefined();
    const ctx = contextsOf(first!, 'SubagentStart')
      .map((c) => c.text)
      .join('\n');
    expect(ctx, `SubagentStart context of the executor\n${why}`).toContain(CHECK_ERROR);
    expect(ctx, why).toContain(FIX_COMMAND);
  });

  it('gives nothing of that to a non-code subagent type', async () => {
    // The negative of the scenario above (REQ-RA-401-2): an Explore agent is not a code agent.
    const p = await newProject({ files: CHECK_FILES });
    const s1 = await p.runClaude({
      prompt: 'Run the project check and fix it.',
      script: { main: failThenFixTurns() },
    });
    expect(s1.code, s1.summary()).toBe(0);
    const s2 = await p.runClaude({
      prompt: 'Explore.',
      script: {
        main: [agent('E2E-EXPLORE', 'find the entry point', 'Explore'), 'Done.'],
        subagents: { 'E2E-EXPLORE': ['Found it.'] },
      },
    });
    const first = s2.subagent('E2E-EXPLORE')[0];
    expect(first, s2.summary()).toBeDefined();
    expect(requestText(first!), s2.summary()).not.toContain(CHECK_ERROR);
  });
});

describeE2E('e2e: shared context between subagents', () => {
  it("gives the second subagent's first request what the first subagent changed", async () => {
    const p = await newProject({ agents: { executor: 'Executes code changes' } });
    const changed = p.path('src/greeting-e2e.ts');
    const run = await p.runClaude({
      prompt: 'Add a greeting module, then have it tested.',
      script: {
        main: [
          agent('E2E-SUB-ONE', 'add the greeting module in src/greeting-e2e.ts', 'executor'),
          agent('E2E-SUB-TWO', 'write tests for the greeting module', 'executor'),
          'Both done.',
        ],
        subagents: {
          'E2E-SUB-ONE': [
            [
              toolUse('Write', {
                file_path: changed,
                content: 'export const greet = (name: string) => `Hello, ${name}!`;\n',
              }),
            ],
            `## Findings\n- Modified: ${changed}\n- Issue: greet() does not handle an empty name`,
          ],
          'E2E-SUB-TWO': ['Tests written.'],
        },
      },
    });
    const why = run.summary();
    expect(run.code, why).toBe(0);
    expect(p.exists('src/greeting-e2e.ts'), why).toBe(true);
    const one = run.subagent('E2E-SUB-ONE')[0];
    const two = run.subagent('E2E-SUB-TWO')[0];
    expect(one && two, `both subagents ran\n${why}`).toBeTruthy();
    // Nothing to share when the first one starts…
    expect(
      contextsOf(one!, 'SubagentStart')
        .map((c) => c.text)
        .join('\n'),
      why,
    ).not.toContain('greeting-e2e.ts');
    // …and the second one is told about the file the first one wrote.
    const ctx = contextsOf(two!, 'SubagentStart')
      .map((c) => c.text)
      .join('\n');
    expect(ctx, `SubagentStart context of the second subagent\n${why}`).toContain('greeting-e2e.ts');
  });
});
