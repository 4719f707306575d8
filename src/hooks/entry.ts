// The one process entry for every hook: `node dist/hook.js <Event>` (or `self-gen hook <Event>`).
// Reads stdin (bounded), dispatches, prints nothing or one JSON object, and always exits 0.
import { readStdin } from '../store/stdin.js';
import { createDeps } from './deps.js';
import { HANDLERS } from './registry.js';
import { runHook } from './runner.js';

export async function hookMain(eventArg: string | undefined): Promise<never> {
  const bail = () => process.exit(0);
  process.on('uncaughtException', bail);
  process.on('unhandledRejection', bail);
  // A watchdog: a hook never holds up Claude Code, whatever happens inside.
  setTimeout(bail, Number(process.env.SELF_GEN_HOOK_DEADLINE_MS) || 8000).unref();
  let out = '';
  try {
    const { text } = await readStdin();
    out = await runHook(text, eventArg, (input) => createDeps(input), HANDLERS);
  } catch {
    out = '';
  }
  if (out) {
    try {
      process.stdout.write(out + '\n');
    } catch {}
  }
  process.exit(0);
}

const invokedDirectly = /(^|[\\/])hook\.js$/.test(process.argv[1] ?? '');
if (invokedDirectly) void hookMain(process.argv[2]);
