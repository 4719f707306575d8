// Scenarios 1 and 2 (issue #3): the error knowledge base fed back at the moment it helps.
//  1. A Bash error fixed in session 1 is offered, with its fix, when it happens again in session 2
//     (PostToolUseFailure error advice, then the PreToolUse Bash guide before the next command).
//  2. Before an Edit of a file that failed before, the model gets that file's error history and
//     how it was resolved (PreToolUse Edit guide).
import { expect, it } from 'vitest';
import { latestContexts, toolUse } from '../helpers/anthropic-stub.js';
import {
  bash,
  CHECK_COMMAND,
  CHECK_ERROR,
  CHECK_FILES,
  describeE2E,
  failThenFixTurns,
  FIX_COMMAND,
} from './fixtures.js';
import { projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();

describeE2E('e2e: Bash error knowledge across sessions', () => {
  it("offers session 1's fix when the same Bash error happens in session 2", async () => {
    const p = await newProject({ files: CHECK_FILES });

    const s1 = await p.runClaude({
      prompt: 'Run the project check and fix it.',
      script: { main: failThenFixTurns() },
    });
    expect(s1.code, s1.summary()).toBe(0);
    // Precondition (recording + resolution detection): session 1 taught the KB the fix.
    const kb = p.errorKb();
    expect(
      kb.some((k) => String(k.resolution).includes(FIX_COMMAND)),
      `error_kb: ${JSON.stringify(kb)}\n${s1.summary()}`,
    ).toBe(true);

    p.remove('build'); // the error can happen again
    const s2 = await p.runClaude({
      prompt: 'Run the project check.',
      script: {
        main: [
          bash(CHECK_COMMAND, 'run the check'), // fails again → PostToolUseFailure
          bash(FIX_COMMAND, 'set up the build marker'), // PreToolUse Bash guide before it
          'Fixed.',
        ],
      },
    });
    const why = s2.summary();
    expect(s2.code, why).toBe(0);
    expect(s2.sessionId).not.toBe(s1.sessionId);

    // After the failing call: the error advice names the error and session 1's fix.
    const advice = latestContexts(s2.main[1], 'PostToolUseFailure', 'Bash')
      .map((c) => c.text)
      .join('\n');
    expect(advice, `PostToolUseFailure:Bash context after the recurring error\n${why}`).toContain(
      FIX_COMMAND,
    );
    // no error text from the past: Claude has the current one (docs/real-time.md, what is quoted)

    // Before the next Bash call: this session's Bash error and the path that resolved it.
    const guide = latestContexts(s2.main[2], 'PreToolUse', 'Bash')
      .map((c) => c.text)
      .join('\n');
    expect(guide, `PreToolUse:Bash context before the next command\n${why}`).toContain(CHECK_ERROR);
    expect(guide, why).toContain(FIX_COMMAND);
  });
});

const CONFIG_ERROR = 'E2E_CONFIG_INVALID';
const BROKEN_CONFIG = '{\n  "name": "demo",\n  "port": 8080,\n}\n';
const EDIT_FILES: Record<string, string> = {
  'src/config.json': BROKEN_CONFIG,
  'scripts/validate.mjs': [
    "import { readFileSync } from 'node:fs';",
    'const file = process.argv[2];',
    'try {',
    "  JSON.parse(readFileSync(file, 'utf8'));",
    "  console.log('valid: ' + file);",
    '} catch {',
    `  console.error('Error: invalid JSON in ' + file + ' (${CONFIG_ERROR})');`,
    '  process.exit(1);',
    '}',
    '',
  ].join('\n'),
};

describeE2E('e2e: file error history before an Edit', () => {
  it("shows the file's past error and its resolution before the Edit", async () => {
    const p = await newProject({ files: EDIT_FILES });
    const config = p.path('src/config.json');
    const validate = 'node scripts/validate.mjs src/config.json';
    const fix = toolUse('Edit', {
      file_path: config,
      old_string: '  "port": 8080,\n}',
      new_string: '  "port": 8080\n}',
    });

    const s1 = await p.runClaude({
      prompt: 'Validate the config and fix it.',
      script: {
        main: [
          bash(validate, 'validate the config'), // fails, naming src/config.json
          [toolUse('Read', { file_path: config })],
          [fix], // an Edit of the file named in the error resolves it
          bash(validate, 'validate again'),
          'The config is valid now.',
        ],
      },
    });
    expect(s1.code, s1.summary()).toBe(0);
    expect(p.readFile('src/config.json'), s1.summary()).not.toContain('8080,');
    const kb = p.errorKb();
    expect(
      kb.some((k) => String(k.error_normalized).includes(CONFIG_ERROR)),
      `error_kb: ${JSON.stringify(kb)}\n${s1.summary()}`,
    ).toBe(true);

    p.writeFile('src/config.json', BROKEN_CONFIG); // broken again (e.g. another branch)
    const s2 = await p.runClaude({
      prompt: 'Fix the trailing comma in src/config.json.',
      script: { main: [[toolUse('Read', { file_path: config })], [fix], 'Done.'] },
    });
    const why = s2.summary();
    expect(s2.code, why).toBe(0);
    // The context came from the PreToolUse hook of the Edit call itself, i.e. before the Edit ran.
    const guide = latestContexts(s2.main[2], 'PreToolUse', 'Edit')
      .map((c) => c.text)
      .join('\n');
    // the guide names the tool that failed on this file and its fix, not the past error's text
    expect(guide, `PreToolUse:Edit context for src/config.json\n${why}`).toContain('config.json');
    expect(guide, why).not.toContain(CONFIG_ERROR);
  });
});
