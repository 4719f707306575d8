// Issue #12 item 9 with the real Claude Code CLI (2.1.197): the hooks `install --project` writes
// into .claude/settings.local.json, and the portable `self-gen hook <Event>` commands
// `install --project --shared` writes into .claude/settings.json, both run in a real session.
import { expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliCommandLine } from '../helpers/cli.js';
import { describeE2E } from './fixtures.js';
import { projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();

describeE2E('e2e: install --project (#12.9)', () => {
  it('#12.9 hooks in .claude/settings.local.json run in a real session; nothing in the shared settings.json', async () => {
    const p = await newProject({ install: false });
    expect(p.selfGenOk(['install', '--project'])).toContain('settings.local.json');
    expect(existsSync(p.path('.claude/settings.json'))).toBe(false);
    const run = await p.runClaude({ prompt: 'E2E-LOCAL-SETTINGS say hi', script: { main: ['Hi.'] } });
    expect(run.code, run.summary()).toBe(0);
    const prompts = p.events('prompt');
    expect(prompts.length, run.summary()).toBeGreaterThan(0);
    expect(JSON.stringify(prompts[0]!.data)).toContain('E2E-LOCAL-SETTINGS');
  });

  it('#12.9 the portable `self-gen hook <Event>` of install --project --shared runs when self-gen is on PATH', async () => {
    const p = await newProject({ install: false });
    const bin = join(p.root, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'self-gen'), `#!/bin/sh\nexec ${cliCommandLine()} "$@"\n`);
    chmodSync(join(bin, 'self-gen'), 0o755);
    const PATH = `${bin}:${process.env.PATH ?? ''}`;
    p.selfGenOk(['install', '--project', '--shared']);
    const shared = readFileSync(p.path('.claude/settings.json'), 'utf8');
    expect(shared).toContain('"self-gen hook UserPromptSubmit"');
    expect(shared).not.toContain(p.root);
    const run = await p.runClaude({
      prompt: 'E2E-SHARED-SETTINGS say hi',
      script: { main: ['Hi.'] },
      env: { PATH },
    });
    expect(run.code, run.summary()).toBe(0);
    const prompts = p.events('prompt');
    expect(prompts.length, run.summary()).toBeGreaterThan(0);
    expect(JSON.stringify(prompts[0]!.data)).toContain('E2E-SHARED-SETTINGS');
  });
});
