// dist/hook-server.js: the warm hook server process (started detached by ensureHookServer).
import { serverMain } from '../common/single-instance.js';
import { runHookServer } from '../hook/host/server.js';

serverMain('self-gen-hooks', runHookServer);
