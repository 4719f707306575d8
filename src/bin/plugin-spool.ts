// dist/plugin-spool.cjs: loaded by the plugin's hook gate (src/bin/plugin-hook.cts) only while the native
// dependencies are not ready. Reads the hook's input (bounded) and keeps it in the spool
// (src/plugin/spool.ts) for plugin-bootstrap to replay once they are.
import { readStdin } from '../hook/runtime/stdin.js';
import { writeSpool } from '../plugin/index.js';

export async function spoolHook(data: string, event: string): Promise<void> {
  const r = await readStdin({ maxBytes: 1024 * 1024 + 1, timeoutMs: 3000 });
  if (r.truncated || r.timedOut || !r.text.trim()) return;
  try {
    writeSpool(data, event, r.text);
  } catch {
    // a full disk or an unsafe folder: the event is skipped, as before
  }
}
