// The mcp part's public surface: what other parts and the hosts may use.
/** Runs the server on stdin/stdout until the client goes away. */
export { runStdioServer } from './server.js';
