// `self-gen mcp`: the stdio MCP server Claude Code starts (see docs/mcp.md).
import type { CommandSpec } from '../command-table.js';

export type McpOptions = Record<string, never>;

export async function runMcp(): Promise<void> {
  const { runStdioServer } = await import('../../mcp/server.js');
  await runStdioServer();
  process.exit(0);
}

export const mcpCommand: CommandSpec<[], McpOptions> = {
  name: 'mcp',
  description:
    'run the MCP server on stdin/stdout (Claude Code starts it: `self-gen install` registers it; see docs/mcp.md)',
  help: '\nTools: search_errors, recent_errors, file_history, session_findings, orchestrator_context,\nsuggestions, forget_fix (the only one that changes anything).\n\nExamples:\n  claude mcp add --scope user self-generation -- self-gen mcp\n  self-gen install          # registers it in ~/.claude.json (user scope) with the hooks',
  run: runMcp,
};
