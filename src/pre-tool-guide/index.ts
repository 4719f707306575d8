// The pre-tool guide's public surface: the past errors that named a file (MCP `file_history`).
export { fileErrors, type FileError } from './file-errors.js';
