// The embedding part's public surface: the daemon client a hook asks (never waiting long), the
// batch embedder of background jobs, and the model and runtime state.
export { daemonEmbedder, pingDaemon, type DaemonInfo } from './client.js';
export { validVector, type Embedder } from './embedder.js';
export { batchEmbedder } from './generate.js';
export { EMBED_DIMS, modelStatus, VECTOR_OFF } from './model.js';
export { runtimeCheck } from './runtime.js';
