// dist/worker.js <job> [args…]: background work started detached by hooks (never awaited).
import { loadConfig } from '../common/config.js';
import { makeLogger } from '../hook/runtime/deps.js';
import { loadBackground } from '../parts/index.js';

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
