// The body of a hook process: read stdin (bounded), dispatch, print nothing or one JSON object,
// exit 0 whatever happens. Loaded by bin/hook.cts, which guards the loading itself.
import { readStdin } from '../runtime/stdin.js';
import { createDeps } from '../runtime/deps.js';
import { handlersFor } from '../../parts/index.js';
import { runHook } from '../runtime/runner.js';
import { processStartMs } from '../../common/clock.js';

export async function hookMain(eventArg: string | undefined): Promise<never> {
  const bail = () => process.exit(0);
  process.on('uncaughtException', bail);
  process.on('unhandledRejection', bail);
  // A watchdog: a hook never holds up Claude Code, whatever happens inside.
  setTimeout(bail, Number(process.env.SELF_GEN_HOOK_DEADLINE_MS) || 8000).unref();
  let out = '';
  try {
    const { text } = await readStdin();
    // When Claude Code fired the event: this process's start (async hooks may run late), or, for an
    // event the plugin kept until its native dependencies were ready (src/plugin/spool.ts), the
    // start of the hook that kept it.
    const replayed = Number(process.env.SELF_GEN_EVENT_TIME);
    const eventTime = new Date(replayed > 0 ? replayed : Math.floor(processStartMs()));
    out = await runHook(
      text,
      eventArg,
      (input) => createDeps(input, process.env, undefined, { eventTime }),
      handlersFor,
      { path: 'process' },
    );
  } catch {
    out = '';
  }
  if (out) {
    try {
      process.stdout.write(out + '\n');
    } catch {}
  }
  // Warm mode's fallback (the server did not answer): start it for the next hook, detached.
  if (process.env.SELF_GEN_HOOK_WARM === '1') {
    try {
      (await import('./server-client.js')).ensureHookServer(process.env);
    } catch {}
  }
  process.exit(0);
}
