// The orchestrator's write operations, used by `self-gen orch ...` (never by a hook): init,
// requests, merge, recording contracts / results / retries, knowledge, validation, migration; one
// module each in ops/. Everything written into the skill's folders is in its exact format
// (schemas.ts `Real`); our own bookkeeping (references, retries, failing runs, session history,
// merge reports, backups) goes to our folder under the data home. Every read-modify-write holds a
// lock (in our folder).
export { withLock, type OpsEnv } from './ops/shared.js';
export { initSession, type InitOptions, type InitResult } from './ops/init-session.js';
export { addRequest } from './ops/add-request.js';
export { endSession } from './ops/end-session.js';
export { mergeReportFile, mergeRequest, type MergeResult } from './ops/merge-request.js';
export { recordContract, type RecordResult } from './ops/record-contract.js';
export { recordRetry, type RetryResult } from './ops/record-retry.js';
export { setSubtaskStatus } from './ops/set-subtask-status.js';
export { addKnowledge, type KnowledgeInput } from './ops/add-knowledge.js';
export { leftovers, validateAll, type ValidateReport } from './ops/validate-all.js';
export { migrate, type MigrateResult } from './ops/migrate.js';
export { contractPath } from './paths.js';
export { backupFile } from './file-store.js';
export { Real, parseWith } from './schemas.js';
