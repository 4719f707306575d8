// Setup file of the `unit` project: unit tests run in-process. Starting a process here throws, with
// the fix; a test that needs the built hook, the CLI or another program belongs in test/integration
// (or test/e2e for the real Claude Code CLI). Node's ESM named exports of node:child_process are
// synced with the patched module object, so `import { spawn } from 'node:child_process'` is caught too.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const NAMES = ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync', 'fork'] as const;
for (const name of NAMES) {
  Object.defineProperty(childProcess, name, {
    configurable: true,
    writable: true,
    value: (file: unknown) => {
      throw new Error(
        `a unit test started a process (${name} ${String(file).slice(0, 60)})\n  fix: move the test file to test/integration/ (unit tests run in-process)`,
      );
    },
  });
}
syncBuiltinESMExports();
