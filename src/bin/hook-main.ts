// The body of dist/hook-main.cjs, loaded (with a code cache) by dist/hook.cjs.
import { hookMain } from '../hook/host/process.js';

void hookMain(process.argv[2]);
