// The embedding part's public surface: the daemon client a hook asks (never waiting long), the
// batch embedder of background jobs, and the model and runtime state.
/** An Embedder backed by the daemon: all-null when it does not answer. */
export { daemonEmbedder } from './client.js';
/** The daemon's status, or null when none answers within timeoutMs. */
export { pingDaemon } from './client.js';
/** The embedding daemon as it answers a ping. */
export type { DaemonInfo } from './client.js';
/** A vector usable as an error-KB embedding: the right size and finite. */
export { validVector } from './embedder.js';
/** One vector per text, or null for a text that could not be embedded. */
export type { Embedder } from './embedder.js';
/** An embedder for the batch job: the daemon when one runs, else the local model. */
export { batchEmbedder } from './generate.js';
/** The dimensions of an embedding (384). */
export { EMBED_DIMS } from './model.js';
/** Whether every file the model needs is on disk (cheap: a few stat calls). */
export { modelStatus } from './model.js';
/** How every screen names the state without a model (nothing is promised for later). */
export { VECTOR_OFF } from './model.js';
/** `self-gen doctor`'s line about the runtime. */
export { runtimeCheck } from './runtime.js';
/** Runs the embedding daemon until it is stopped or idle. */
export { runDaemon } from './daemon.js';
/** Starts the daemon detached when none answers. */
export { ensureDaemon } from './client.js';
/** Asks a running daemon to exit. */
export { stopDaemon } from './client.js';
/** Whether the optional embedding runtime is installed. */
export { runtimePresent } from './runtime.js';
/** Progress of a model download, for a progress bar. */
export type { PullProgress } from './pull.js';
/** Installs the runtime into the data home (`npm install` of the pinned version into a fresh staging folder, renamed into place when it worked). */
export { installRuntime } from './runtime.js';
/** Where the optional embedding runtime is installed in the data home. */
export { runtimeDir } from './runtime.js';
/** The npm package of the embedding runtime. */
export { RUNTIME_PACKAGE } from './runtime.js';
/** Equal to the devDependency in package.json (test/integration/embed-runtime.test.ts checks it). */
export { RUNTIME_VERSION } from './runtime.js';
