// The hook-mode line of `status` needs to know whether a bash >= 4 exists; that answer is
// remembered per bash binary in the data home, so `status` does not start a bash on every run,
// and asked again when the binary changes. Needs dist/.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

describe('the bash version is asked once per bash binary', () => {
  let t: TempEnv;
  beforeEach(() => {
    t = tempEnv();
    mkdirSync(t.home, { recursive: true, mode: 0o700 });
  });
  afterEach(() => t.cleanup());

  it('two status runs start the bash once; a changed binary is asked again', () => {
    const log = join(t.dir, 'bash-calls.log');
    const bash = join(t.dir, 'bash');
    const script = (v: number) => `#!/bin/sh\necho called >> "${log}"\necho ${v}\n`;
    writeFileSync(bash, script(5));
    chmodSync(bash, 0o755);
    const env = { ...t.env, SELF_GEN_HOOK_BASH: bash };
    const calls = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    for (let i = 0; i < 2; i++) expect(cli(env, ['status']).stdout).toContain(`client: ${bash}`);
    expect(calls()).toBe(1);
    writeFileSync(bash, script(3) + '# now a bash 3\n');
    expect(cli(env, ['status']).stdout).not.toContain(`client: ${bash}`);
    expect(calls()).toBe(2);
  });
});
