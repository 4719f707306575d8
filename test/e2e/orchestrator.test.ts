// Scenario 5 (issue #3): an orchestrated implementer subagent receives its design and test contracts.
// The orchestration is set up the way an orchestrating session does it, through the CLI:
// `self-gen orch init --request`, the Code Explore and Planner outputs recorded as contracts,
// `self-gen orch merge R1` (design-briefs + state.json), then the architect's design-contract and
// QA's test-contract (+ the test file it points at). A subagent whose type maps to the role `implementer` must
// then start with those contracts in its first request.
import { afterEach, expect, it } from 'vitest';
import { contextsOf, toolUse } from '../helpers/anthropic-stub.js';
import { createE2EProject, type E2EProject } from '../helpers/claude-harness.js';
import { describeE2E } from './fixtures.js';

let p: E2EProject | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

// Stable markers, one per source of the implementer's context.
const DESIGN_MARKER = 'E2E_DESIGN_INVARIANT_slug_is_lowercase';
const TEST_CASE_MARKER = 'E2E_TEST_CASE_spaces_become_dashes';
const TEST_CODE_MARKER = 'E2E_TEST_CODE_assertion';

const yaml = (lines: string[]) => lines.join('\n') + '\n';

function orch(proj: E2EProject, args: string[], input?: string): string {
  const r = proj.selfGen(['orch', ...args], { input });
  if (r.code !== 0) {
    throw new Error(
      `\`self-gen orch ${args.join(' ')}\` exited ${r.code} — orchestrator CLI (issue #7) missing or changed?\n${r.stdout}\n${r.stderr}`,
    );
  }
  return r.stdout;
}

/** The documented workflow (README, "Orchestrator context"), each agent's YAML result recorded through the CLI (stdin). */
function setUpOrchestration(proj: E2EProject): void {
  orch(proj, ['init', '--request', 'Add a slugify helper']);
  // Code Explore and Planner outputs.
  orch(
    proj,
    ['record', 'contract', 'explored'],
    yaml([
      'request_id: R1',
      'summary: a small TypeScript library',
      'explored_files:',
      '  - path: src/index.ts',
      '    summary: re-exports the helpers',
      '    symbols: [greet]',
    ]),
  );
  orch(
    proj,
    ['record', 'contract', 'task-breakdown'],
    yaml([
      'request_id: R1',
      'request: Add a slugify helper',
      'assumptions:',
      '  - id: A1',
      '    statement: src/index.ts exists and re-exports helpers',
      '    files: [src/index.ts]',
      'tasks:',
      '  - id: T1',
      '    title: slugify helper',
      '    domain: strings',
      '    files: [src/slugify.ts, src/index.ts]',
      '    subtasks:',
      '      - id: T1-S1',
      '        title: implement slugify',
      '        files: [src/slugify.ts]',
    ]),
  );
  orch(proj, ['merge', 'R1']); // design-brief for T1, state.json → current T1/T1-S1
  // The architect's design-contract and QA's test-contract (+ the test it wrote first).
  orch(
    proj,
    ['record', 'contract', 'design-contract'],
    yaml([
      'request_id: R1',
      'task_id: T1',
      'summary: slugify(text) turns a title into a URL slug',
      'interfaces:',
      '  - name: slugify',
      '    signature: "slugify(text: string): string"',
      '    file: src/slugify.ts',
      'invariants:',
      `  - ${DESIGN_MARKER}`,
    ]),
  );
  proj.writeFile(
    'test/slugify.test.ts',
    `// ${TEST_CODE_MARKER}\nassert.equal(slugify('Hello World'), 'hello-world');\n`,
  );
  orch(
    proj,
    ['record', 'contract', 'test-contract'],
    yaml([
      'request_id: R1',
      'task_id: T1',
      'subtask_id: T1-S1',
      'test_file_path: test/slugify.test.ts',
      'test_command: node --test',
      'cases:',
      `  - name: ${TEST_CASE_MARKER}`,
      '    expected: slugify("Hello World") === "hello-world"',
    ]),
  );
  orch(proj, ['validate']);
}

describeE2E('e2e: orchestrator context', () => {
  it('gives an orchestrated implementer subagent its design and test contracts', async () => {
    p = await createE2EProject({
      files: { 'src/index.ts': 'export const greet = (n: string) => `hi ${n}`;\n' },
      agents: { implementer: 'Implements one subtask against its design and test contracts' },
    });
    setUpOrchestration(p);

    const run = await p.runClaude({
      prompt: 'Implement the current subtask.',
      script: {
        main: [
          [
            toolUse('Agent', {
              description: 'implement T1-S1',
              prompt: 'E2E-IMPLEMENTER: implement the current subtask',
              subagent_type: 'implementer',
            }),
          ],
          'Done.',
        ],
        subagents: { 'E2E-IMPLEMENTER': ['Implemented.'] },
      },
    });
    const why = run.summary();
    expect(run.code, why).toBe(0);
    const first = run.subagent('E2E-IMPLEMENTER')[0];
    expect(first, `the implementer subagent ran\n${why}`).toBeDefined();
    const ctx = contextsOf(first!, 'SubagentStart')
      .map((c) => c.text)
      .join('\n');
    expect(ctx, `SubagentStart context of the implementer\n${why}`).toContain(DESIGN_MARKER);
    expect(ctx, why).toContain(TEST_CASE_MARKER);
    expect(ctx, why).toContain(TEST_CODE_MARKER);
  });
});
