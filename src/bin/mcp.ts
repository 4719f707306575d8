// dist/mcp.js: the stdio MCP server (the plugin's .mcp.json and `self-gen install` start it).
import { runStdioServer } from '../mcp/index.js';

void runStdioServer().then(() => process.exit(0));
