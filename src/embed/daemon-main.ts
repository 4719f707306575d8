// dist/daemon.js: the embedding daemon process (started detached by ensureDaemon).
import { runDaemon } from './daemon.js';

process.title = 'self-gen-embed';
runDaemon()
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
