// dist/hook-server.js: the warm hook server process (started detached by ensureHookServer).
import { runHookServer } from './server.js';

process.title = 'self-gen-hooks';
runHookServer()
  .then((r) => {
    if (!r.started) {
      process.stdout.write(`${new Date().toISOString()} [${process.pid}] not started: ${r.reason}\n`);
      process.exit(0);
    }
  })
  .catch((e: unknown) => {
    process.stdout.write(`${new Date().toISOString()} [${process.pid}] failed: ${String(e)}\n`);
    process.exit(1);
  });
