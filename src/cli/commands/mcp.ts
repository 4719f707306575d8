// `self-gen mcp`: the stdio MCP server Claude Code starts (see docs/mcp.md).
import type { CommandSpec } from '../command-table.js';
import type { McpOptions } from './mcp.run.js';

export const mcpCommand: CommandSpec<[], McpOptions> = {
  name: 'mcp',
  description:
    'run the MCP server on stdin/stdout (Claude Code starts it: `self-gen install` registers it; see docs/mcp.md)',
  help: '\nTools: search_errors, recent_errors, file_history, session_findings, orchestrator_context,\nsuggestions, forget_fix (the only one that changes anything).\n\nExamples:\n  claude mcp add --scope user self-generation -- self-gen mcp\n  self-gen install          # registers it in ~/.claude.json (user scope) with the hooks',
  run: async () => (await import('./mcp.run.js')).runMcp(),
};
