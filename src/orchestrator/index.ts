// The orchestrator part's public surface: what other parts and the hosts may use.
/** The fields of knowledge.yaml a record may add to. */
export { KNOWLEDGE_FIELDS } from './names.js';
/** The statuses a task may have. */
export { TASK_STATUS } from './names.js';
/** A field of knowledge.yaml. */
export type { KnowledgeField } from './names.js';
/** A task's status. */
export type { TaskStatus } from './names.js';
/** The kinds of contract the skill writes. */
export { CONTRACT_KINDS } from './paths.js';
/** Whether a string names a contract kind. */
export { isContractKind } from './paths.js';
/** A kind of contract. */
export type { ContractKind } from './paths.js';
/** A problem with the orchestrator files, by file and field, with the fix. */
export { OrchError } from './errors.js';
/** What an orchestrator operation needs: paths, config, clock. */
export type { OpsEnv } from './ops.js';
/** The orchestrator section of the config. */
export type { OrchestratorConfigT } from './schemas.js';
/** The context of a role for a task or subtask, from the contracts, knowledge and memory search. */
export { buildRoleContext } from './context.js';
/** A role of the orchestrator skill. */
export type { Role } from './schemas.js';
/** Starts an orchestrator session (session.json, state.json). */
export { initSession } from './ops.js';
/** A path relative to the project root, for messages and template variables. */
export { rel } from './paths.js';
/** Merges a finished request's contracts into knowledge. */
export { mergeRequest } from './ops.js';
/** Moves every file of our earlier own format out of the skill's folders into our archive (`<data home>/orchestrator/<hash>/archive/<time>/`, nothing is deleted) and writes what can be carried over in the skill's format: session.json (project, manifest), state.json (the current request's text; tasks start empty: run the merge again) and knowledge.yaml (entries become `pattern_<n>` topics, D<n> decisions, P<n> pitfalls). */
export { migrate } from './ops.js';
/** Stores a contract an agent produced (YAML text): checked against the skill's exact format and its place, secrets redacted. */
export { recordContract } from './ops.js';
/** Ends the orchestrator session. */
export { endSession } from './ops.js';
/** Adds to knowledge.yaml in the skill's format; returns the entry's key or id. */
export { addKnowledge } from './ops.js';
/** A new request in the active session: the next free R<n>; state.json starts over for it. */
export { addRequest } from './ops.js';
/** One more retry of a subtask, counted in our ledger (the skill's files have no field for it). */
export { recordRetry } from './ops.js';
/** Sets a subtask's status by hand (after asking the user); `reset` clears our counts for it. */
export { setSubtaskStatus } from './ops.js';
/** A subtask's counts in a ledger session. */
export { countsOf } from './ledger.js';
/** The ledger, or an empty one when missing or unreadable (bookkeeping never blocks context). */
export { readLedger } from './ledger.js';
/** `R1/T1/T1-S1`: a subtask's key in the ledger. */
export { subtaskKey } from './ledger.js';
/** A session of the ledger. */
export type { LedgerSession } from './ledger.js';
/** Reads session.json (tolerantly, or strictly). */
export { readSession } from './file-store.js';
/** Reads state.json (tolerantly, or strictly). */
export { readState } from './file-store.js';
/** Asks a claude-mem worker on its local port (short timeout). */
export { askClaudeMem } from './memory-claude-mem.js';
/** The orchestrator's file paths for a project. */
export { orchPaths } from './paths.js';
/** The file patterns of each role. */
export { rolePatterns } from './roles.js';
/** The roles of the orchestrator skill. */
export { ROLES } from './schemas.js';
/** state.json as read. */
export type { StateFileT } from './schemas.js';
/** One problem of a file as a line. */
export { formatIssue } from './errors.js';
/** Checks session.json, state.json, knowledge.yaml and every contract against the skill's exact formats (unknown fields are errors, as for the skill), plus the template overrides. */
export { validateAll } from './ops.js';
/** The board of one project (session null when the orchestrator never ran there). */
export { readBoard } from './board.js';
