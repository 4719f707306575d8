// The CLI bundle loads the Node built-ins that cost most to load (child_process, http, crypto,
// perf_hooks…) when a command first uses one, not when a module that names it is initialised
// (scripts/build.mjs, LAZY_BUILTINS): commander names child_process for subcommands run as programs,
// which this CLI has none of, and loading it cost ~10 ms of every command. What each command loads
// is read from Node's own list of loaded modules, printed at exit by a preloaded script.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const PRELOAD = `process.on('exit', () => {
  const names = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13));
  require('node:fs').writeSync(2, '\\nloaded: ' + names.join(' ') + '\\n');
});`;

describe('the CLI loads costly built-ins on first use', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  const loaded = (args: string[]): string[] => {
    const r = cli(t, args, { env, cwd: t.project });
    expect(r.code).toBe(0);
    return /\nloaded: (.*)\n/.exec(r.stderr)![1]!.split(' ');
  };
  beforeEach(() => {
    t = tempEnv('sg-cli-lazy-');
    const preload = join(t.dir, 'preload.cjs');
    writeFileSync(preload, PRELOAD);
    env = { SELF_GEN_NO_BACKGROUND: '1', NODE_OPTIONS: `--require ${preload}` };
  });
  afterEach(() => t.cleanup());

  it('`--help` loads none of them, `status` no http; a command that uses one still works', () => {
    const costly = (names: string[]) =>
      names.filter((n) => ['child_process', 'crypto', 'http', 'perf_hooks'].includes(n));
    const help = loaded(['--help']);
    expect(help).toContain('fs');
    expect(costly(help)).toEqual([]);
    // status asks bash its version in a home without hooks (child_process) and hashes (crypto)
    expect(costly(loaded(['status'])).filter((n) => n !== 'child_process' && n !== 'crypto')).toEqual([]);
    // kb add uses crypto (the entry's hashes) and runs the fix policy: loaded when used, and it works
    const r = cli(t, ['kb', 'add', "Error: Cannot find module 'left-pad'", '-r', 'npm install left-pad'], {
      env,
      cwd: t.project,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^saved #\d+: /);
    // the search times its tiers with process.uptime(), not performance (node:perf_hooks)
    expect(loaded(['kb', 'search', "Error: Cannot find module 'left-pad'"])).not.toContain('perf_hooks');
  });
});
