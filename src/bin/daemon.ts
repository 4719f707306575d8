// dist/daemon.js: the embedding daemon process (started detached by ensureDaemon).
import { serverMain } from '../common/single-instance.js';
import { runDaemon } from '../embed/index.js';

serverMain('self-gen-embed', runDaemon);
