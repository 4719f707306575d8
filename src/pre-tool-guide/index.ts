// The pre-tool guide's public surface: the past errors that named a file (MCP `file_history`).
/** The newest distinct (by normalized error) tool errors that named `filePath`. */
export { fileErrors } from './file-errors.js';
/** A past error that named a file. */
export type { FileError } from './file-errors.js';
