// dist/worker.js <job> [args…]: background work started detached by hooks (never awaited).
import { setFlagsFromString } from 'node:v8';
import { loadConfig } from '../common/config.js';
import { makeLogger } from '../hook/runtime/deps.js';
import { loadBackground } from '../parts/index.js';

// V8's baseline WebAssembly compiler only: its optimising tier recompiles the fix policy's shell
// grammar (1.3 MB of WebAssembly, src/fix-policy/parser.ts) on background threads, about 1 s of CPU
// that the process then waits for at exit (as `kb add` did); baseline code also parses a few
// thousand fixes faster in total (bench/results/2026-11-29-cli-speed.md). Set before any module
// is compiled.
setFlagsFromString('--liftoff-only');

async function main(): Promise<void> {
  const [job, ...args] = process.argv.slice(2);
  const env = process.env;
  const config = loadConfig(env);
  const log = makeLogger(env);
  const ctx = { env, config, args, log };
  const { sessionEnd, jobs } = await loadBackground();
  if (job === 'session-end') {
    for (const step of sessionEnd) {
      try {
        await step.run(ctx);
      } catch (e) {
        log(`session-end/${step.name} failed: ${String(e)}`);
      }
    }
    return;
  }
  const fn = job ? jobs[job] : undefined;
  if (!fn) {
    log(`unknown background job ${job}`);
    return;
  }
  await fn(ctx);
}

main()
  .catch(() => {})
  .finally(() => process.exit(0));
