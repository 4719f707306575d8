// #15.2: which warm client `self-gen hooks --mode warm` writes (the bash one only with a bash >= 4,
// named by its absolute path; else sh + curl), and that the installer knows both forms as ours
// and nothing that only looks like them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { warmBash, warmClient, warmCommand } from '../../src/cli/hook-mode.js';
import { isOurCommand } from '../../src/common/our-hooks.js';
import { hookServerPaths } from '../../src/common/sockets.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { BASH, HAS_BASH4 } from '../helpers/warm.js';

const HOOK = join(ROOT, 'dist', 'hook.cjs');
let t: TempEnv;
beforeEach(() => (t = tempEnv('sg-warm-cmd-')));
afterEach(() => t.cleanup());

/** A fake `bash` in its own folder that claims to be version `major`. */
function fakeBash(major: number): string {
  const dir = join(t.dir, `bin${major}`);
  mkdirSync(dir, { recursive: true });
  const f = join(dir, 'bash');
  writeFileSync(f, `#!/bin/sh\necho ${major}\n`);
  chmodSync(f, 0o755);
  return f;
}

describe('#15.2 the warm command', () => {
  it.skipIf(!HAS_BASH4)('with a bash >= 4: that bash runs dist/hook-warm.bash with the port file', () => {
    const env = { ...t.env, SELF_GEN_HOOK_BASH: BASH };
    const c = warmCommand('PreToolUse', HOOK, env);
    expect(c).toBe(
      `"${BASH}" -p "${join(ROOT, 'dist', 'hook-warm.bash')}" PreToolUse "${hookServerPaths(env).port}"`,
    );
    expect(warmClient(env)).toEqual({ kind: 'bash', bash: BASH });
    expect(isOurCommand(c, new Set())).toBe(true);
  });

  it('SELF_GEN_HOOK_BASH=none, or a bash older than 4: the sh + curl client', () => {
    for (const env of [
      { ...t.env, SELF_GEN_HOOK_BASH: 'none' },
      { ...t.env, SELF_GEN_HOOK_BASH: fakeBash(3) },
    ]) {
      const c = warmCommand('PreToolUse', HOOK, env);
      expect(c).toBe(
        `sh "${join(ROOT, 'dist', 'hook-warm.sh')}" PreToolUse "${hookServerPaths(env).socket}"`,
      );
      expect(warmClient(env)).toEqual({ kind: 'curl' });
      expect(isOurCommand(c, new Set())).toBe(true);
    }
  });

  it('a bash on the PATH that is version 4 or later is named by its absolute path', () => {
    const b = fakeBash(5);
    const env = { ...t.env, SELF_GEN_HOOK_BASH: undefined, PATH: `relative/bin:${join(t.dir, 'bin5')}` };
    expect(warmBash(env)).toBe(b);
  });

  it('look-alikes are not ours: another package, a chained command, a relative bash', () => {
    const script = join(ROOT, 'dist', 'hook-warm.bash');
    for (const c of [
      `"/bin/bash" "/opt/other-tool/dist/hook-warm.bash" PreToolUse "/x/run/hook-server.port"`,
      `"/bin/bash" "${script}" PreToolUse "/x/p"; rm -rf ~`,
      `"bash" "${script}" PreToolUse "/x/p"`,
      `"/bin/zsh" "${script}" PreToolUse "/x/p"`,
      `/bin/bash "${script}" PreToolUse`,
    ])
      expect(isOurCommand(c, new Set()), c).toBe(false);
    expect(isOurCommand(`"/usr/local/bin/bash" "${script}" Stop "/x/run/hook-server.port"`, new Set())).toBe(
      true,
    );
  });
});
