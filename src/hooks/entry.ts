// dist/hook.js, the one process entry for every hook: `node dist/hook.js <Event>`.
// It has no static imports: everything is loaded behind this guard, so even a broken installation
// (a missing or damaged file) ends with exit 0 and no output instead of an error in the session.
const bail = (): never => process.exit(0);
process.on('uncaughtException', bail);
process.on('unhandledRejection', bail);
import('./main.js').then((m) => m.hookMain(process.argv[2]), bail);
