// #14.6: the real Claude Code CLI starts the claude-devkit orchestrator skill's agents
// (`implementer`, `qa-engineer`, declared as project agents in .claude/agents/) in a project whose
// orchestrator files are in the skill's own formats (test/fixtures/orchestrator-real, written by
// hand from the formats page). The Anthropic stub records every request: the first request of each
// subagent must carry its contracts — the implementer its design contract, test contract, test
// file, pitfalls and current subtask; qa-engineer in phase `verification` the test contract and
// the design contract's invariants only. The skill's folder is left as it was.
import { expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { contextsOf, toolUse } from '../helpers/anthropic-stub.js';
import { ROOT } from '../helpers/env.js';
import { projectHash } from '../../src/orchestrator/paths.js';
import { describeE2E } from './fixtures.js';
import { projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();

const REAL = join(ROOT, 'test', 'fixtures', 'orchestrator-real');
const MARK = {
  invariant: 'DC-INVARIANT-MARK',
  iface: 'DC-IFACE-MARK',
  testCase: 'TC-CASE-MARK',
  testCode: 'E2E-TEST-CODE-MARK',
  pitfall: 'KN-PITFALL-MARK',
  pattern: 'KN-PATTERN-MARK',
  brief: 'BRIEF-MARK',
  subtask: 'STATE-SUBTASK-MARK',
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)],
  );
}

/** The skill's files for a project at `root`, phase of T1-S1 set to `phase`. */
function skillFiles(root: string, phase: string): Record<string, string> {
  const hash = projectHash(root);
  const fix = (t: string) => t.replaceAll('/home/dev/proj', root).replaceAll('0a1b2c3d', hash);
  const out: Record<string, string> = {};
  const sessionDir = `.claude/orchestrator/sessions/${hash}`;
  for (const abs of walk(join(REAL, 'contracts')))
    out[`${sessionDir}/${relative(REAL, abs)}`] = fix(readFileSync(abs, 'utf8'));
  out[`${sessionDir}/session.json`] = fix(readFileSync(join(REAL, 'session.json'), 'utf8'));
  const state = JSON.parse(fix(readFileSync(join(REAL, 'state.json'), 'utf8')));
  state.tasks.T1.subtasks['T1-S1'].phase = phase;
  out[`${sessionDir}/state.json`] = JSON.stringify(state, null, 2);
  out[`.claude/orchestrator/knowledge/${hash}/knowledge.yaml`] = fix(
    readFileSync(join(REAL, 'knowledge.yaml'), 'utf8'),
  );
  return out;
}

function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(walk(dir).map((f) => [relative(dir, f), readFileSync(f, 'utf8')]));
}

describeE2E('e2e: orchestrator context on the skill’s own files', () => {
  it('the real CLI starts implementer and qa-engineer subagents; their first requests carry the right contracts', async () => {
    const p = await newProject({
      files: {
        'test/rate-limit.test.js': `// ${MARK.testCode}\nimport { recordFailure } from '../src/auth/rate-limit.js';\n`,
      },
      agents: {
        implementer: 'Implements one subtask against its design and test contracts',
        'qa-engineer': 'Writes tests first (test_first) or verifies them (verification) for one subtask',
      },
    });
    const proj = p;
    for (const [rel, text] of Object.entries(skillFiles(proj.dir, 'implementation')))
      proj.writeFile(rel, text);
    const orchDir = join(proj.dir, '.claude', 'orchestrator');
    const before = snapshot(orchDir);

    // 1. the subtask is in phase implementation: the skill starts the implementer
    const impl = await proj.runClaude({
      prompt: 'Continue the orchestration.',
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
    const why1 = impl.summary();
    expect(impl.code, why1).toBe(0);
    const first = impl.subagent('E2E-IMPLEMENTER')[0];
    expect(first, `the implementer subagent ran\n${why1}`).toBeDefined();
    const ctx = contextsOf(first!, 'SubagentStart')
      .map((c) => c.text)
      .join('\n');
    expect(ctx, why1).toContain('[self-gen orchestrator] role: implementer · R1/T1/T1-S1');
    for (const m of [MARK.invariant, MARK.iface, MARK.testCase, MARK.testCode, MARK.pitfall, MARK.subtask])
      expect(ctx, `implementer gets ${m}\n${why1}`).toContain(m);
    for (const m of [MARK.pattern, MARK.brief]) expect(ctx, `implementer must not get ${m}`).not.toContain(m);
    expect(snapshot(orchDir), 'the hooks add no file or field to the skill’s folder').toEqual(before);

    // 2. the skill moves the subtask to verification and starts qa-engineer
    const state = skillFiles(proj.dir, 'verification');
    const stateRel = Object.keys(state).find((k) => k.endsWith('/state.json'))!;
    proj.writeFile(stateRel, state[stateRel]!);
    const before2 = snapshot(orchDir);
    const qa = await proj.runClaude({
      prompt: 'Continue the orchestration.',
      script: {
        main: [
          [
            toolUse('Agent', {
              description: 'verify T1-S1',
              prompt: 'E2E-QA: verify the current subtask',
              subagent_type: 'qa-engineer',
            }),
          ],
          'Done.',
        ],
        subagents: { 'E2E-QA': ['Verified.'] },
      },
    });
    const why2 = qa.summary();
    expect(qa.code, why2).toBe(0);
    const q = qa.subagent('E2E-QA')[0];
    expect(q, `the qa-engineer subagent ran\n${why2}`).toBeDefined();
    const qctx = contextsOf(q!, 'SubagentStart')
      .map((c) => c.text)
      .join('\n');
    expect(qctx, why2).toContain('[self-gen orchestrator] role: qa-verification · R1/T1/T1-S1');
    for (const m of [MARK.testCase, MARK.invariant, MARK.subtask])
      expect(qctx, `qa-verification gets ${m}\n${why2}`).toContain(m);
    for (const m of [MARK.iface, MARK.testCode, MARK.pitfall, MARK.pattern, MARK.brief])
      expect(qctx, `qa-verification must not get ${m}`).not.toContain(m);
    expect(snapshot(orchDir)).toEqual(before2);
  });
});
