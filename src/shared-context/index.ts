// The shared-context part's public surface: what other parts and the hosts may use.
/** The effective configuration for a project. */
export { resolveConfig } from './config.js';
/** FR-5.1: deletes session folders whose newest file is older than the TTL. */
export { cleanupExpired } from './file-store.js';
/** The session folders of a project, newest first. */
export { listSessions } from './file-store.js';
/** A safe single path part: [A-Za-z0-9._-] only, no leading dot, at most 100 characters. */
export { sanitizePart } from './file-store.js';
/** The shared-context folder of a project. */
export { storeRoot } from './file-store.js';
/** A session of the shared-context store: its files and last write. */
export type { SessionInfo } from './file-store.js';
/** The agent file path relative to the project (what the instruction names). */
export { agentFileRel } from './file-store.js';
/** FR-4.1/FR-4.2: the instructions to paste into CLAUDE.md or an agent definition (`self-gen shared-context instructions`). */
export { pasteableInstructions } from './strings.js';
/** The shared-context texts in the configured language. */
export { strings } from './strings.js';
/** Reads a session summary back into entries. */
export { parseSummary } from './entry.js';
/** Agent contribution files of a session folder (every `.md` but the summary). */
export { agentFiles } from './file-store.js';
/** A store file's text: only a regular file (a FIFO, device or folder gives null, without blocking), never through a symlink at the file itself, at most TEXT_MAX_BYTES. */
export { readText } from './file-store.js';
/** The name of a session's summary file. */
export { SUMMARY_FILE } from './file-store.js';
/** How long ago a time in ms was, for display. */
export { age } from './checks.js';
/** Which categories an agent type receives (code filters, then config, then built-in filters). */
export { categoriesFor } from './config.js';
/** The store's folder inside a project (.claude/shared-context). */
export { STORE_DIR } from './file-store.js';
/** Builds the capped context block from already filtered entries (oldest first). */
export { buildContext } from './inject.js';
/** Keeps only the sections in `categories`; entries left empty are dropped. */
export { filterEntries } from './inject.js';
/** Null when the project has no shared-context folder for the session (or it is not safe to read). */
export { sessionContext } from './view.js';
/** A session's shared context, as shown. */
export type { SessionContext } from './view.js';
